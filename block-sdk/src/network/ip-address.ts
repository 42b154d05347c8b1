import ipaddr from 'ipaddr.js';

/** An IP address as its bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = Uint8Array;

/**
 * The address `bare` names in the usual notation only: dotted decimal IPv4 without leading zeros,
 * and IPv6 (whose embedded IPv4, as in `::ffff:127.0.0.1`, is held to the same rule). The old
 * inet_aton forms (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`) are not read as addresses: a
 * URL's host is already normalised to dotted decimal by the URL parser, and a resolver turns such a
 * name into the address that is then checked.
 */
function parseStrict(bare: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (!ipaddr.IPv6.isValid(bare)) return null;
  const last = bare.slice(bare.lastIndexOf(':') + 1);
  if (last.includes('.') && !ipaddr.IPv4.isValidFourPartDecimal(last)) return null;
  // ipaddr.js reads the deprecated IPv4-compatible form `::a.b.c.d` as `::ffff:a.b.c.d`; the
  // bytes it means (and that a socket connects to) are `::` then the four bytes, as `0::a.b.c.d`.
  return ipaddr.IPv6.parse(/^::[\d.]+$/.test(bare) ? `0${bare}` : bare);
}

/**
 * The bytes of an IPv4 or IPv6 address written as text (brackets and a zone such as `%eth0` are
 * ignored), or null when the text is not an IP address in the usual notation.
 */
export function parseIp(text: string): IpBytes | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const address = parseStrict(bare);
  return address ? Uint8Array.from(address.toByteArray()) : null;
}

/** True when `text` is an IPv4 address in a form other than dotted decimal (`2130706433`, `0177.0.0.1`). */
export function isLooseIpv4(text: string): boolean {
  return ipaddr.IPv4.isValid(text) && !ipaddr.IPv4.isValidFourPartDecimal(text);
}

function toAddress(bytes: IpBytes): ipaddr.IPv4 | ipaddr.IPv6 {
  if (bytes.length !== 4 && bytes.length !== 16) throw new RangeError('An IP address has 4 or 16 bytes.');
  return ipaddr.fromByteArray([...bytes]);
}

/** The address written the usual way: dotted IPv4, or IPv6 with its longest run of zeros as `::`. */
export function formatIp(bytes: IpBytes): string {
  return toAddress(bytes).toString();
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
  return toAddress(address).match(toAddress(range.bytes), range.bits);
}
