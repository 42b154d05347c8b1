import { isIPv4, isIPv6 } from 'node:net';

/** An IP address as its bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = Uint8Array;

function ipv4Bytes(text: string): IpBytes {
  return Uint8Array.from(text.split('.').map(Number));
}

function ipv6Bytes(text: string): IpBytes {
  let head = text;
  let tail: number[] = [];
  // A dotted IPv4 address may end the text (`::ffff:127.0.0.1`): it fills the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (dotted) {
    tail = [...ipv4Bytes(dotted[1]!)];
    head = head.slice(0, -dotted[1]!.length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left = '', right] = head.split('::') as [string, string | undefined];
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const before = groups(left);
  const after = groups(right ?? '');
  const missing = 8 - tail.length / 2 - before.length - after.length;
  const words = [...before, ...Array<number>(right === undefined ? 0 : missing).fill(0), ...after];
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[i * 2] = word >> 8;
    bytes[i * 2 + 1] = word & 0xff;
  });
  bytes.set(tail, 12);
  return bytes;
}

/**
 * The bytes of an IPv4 or IPv6 address written as text (brackets and a zone such as `%eth0` are
 * ignored), or null when the text is not an IP address.
 */
export function parseIp(text: string): IpBytes | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return ipv4Bytes(bare);
  if (isIPv6(bare)) return ipv6Bytes(bare);
  return null;
}

/** The address written the usual way: dotted IPv4, or IPv6 with its longest run of zeros as `::`. */
export function formatIp(bytes: IpBytes): string {
  if (bytes.length === 4) return bytes.join('.');
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push((bytes[i]! << 8) | bytes[i + 1]!);
  let start = -1;
  let length = 0;
  for (let i = 0; i < 8;) {
    let end = i;
    while (end < 8 && words[end] === 0) end++;
    if (end - i > length && end - i > 1) [start, length] = [i, end - i];
    i = end === i ? i + 1 : end;
  }
  const hex = (part: number[]) => part.map((w) => w.toString(16)).join(':');
  if (start === -1) return hex(words);
  return `${hex(words.slice(0, start))}::${hex(words.slice(start + length))}`;
}

/** A range of addresses: a prefix of `bits` bits. */
export interface IpRange {
  bytes: IpBytes;
  bits: number;
}

/** Parses `10.0.0.0/8` or `fd00::/8` (an address alone is a range of one). Null when invalid. */
export function parseRange(text: string): IpRange | null {
  const [address = '', bitsText] = text.split('/') as [string, string | undefined];
  const bytes = parseIp(address);
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (bitsText === undefined) return { bytes, bits: max };
  if (!/^\d+$/.test(bitsText) || Number(bitsText) > max) return null;
  return { bytes, bits: Number(bitsText) };
}

/** True when `address` lies in `range` (both of the same family). */
export function inRange(address: IpBytes, range: IpRange): boolean {
  if (address.length !== range.bytes.length) return false;
  let bits = range.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((address[i]! & mask) !== (range.bytes[i]! & mask)) return false;
  }
  return true;
}
