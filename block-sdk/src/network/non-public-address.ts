import { inRange, parseRange, type IpBytes, type IpRange } from './ip-address';

interface Reserved {
  range: IpRange;
  /** What kind of address it is, as the refusal names it. */
  kind: string;
}

function reserved(cidr: string, kind: string): Reserved {
  const range = parseRange(cidr);
  if (!range) throw new Error(`Invalid range ${cidr}`);
  return { range, kind };
}

/** IPv4 ranges that are not the public internet (IANA special-purpose registry), most specific first. */
const IPV4: readonly Reserved[] = [
  reserved('169.254.169.254/32', 'cloud metadata'),
  reserved('0.0.0.0/8', '"this network"'),
  reserved('10.0.0.0/8', 'private'),
  reserved('100.64.0.0/10', 'shared (carrier-grade NAT)'),
  reserved('127.0.0.0/8', 'loopback'),
  reserved('169.254.0.0/16', 'link-local'),
  reserved('172.16.0.0/12', 'private'),
  reserved('192.0.0.0/24', 'reserved (IETF protocol)'),
  reserved('192.0.2.0/24', 'documentation'),
  reserved('192.88.99.0/24', 'reserved (6to4 relay)'),
  reserved('192.168.0.0/16', 'private'),
  reserved('198.18.0.0/15', 'reserved (benchmarking)'),
  reserved('198.51.100.0/24', 'documentation'),
  reserved('203.0.113.0/24', 'documentation'),
  reserved('224.0.0.0/4', 'multicast'),
  reserved('240.0.0.0/4', 'reserved'),
];

/** IPv6 ranges refused outright; anything outside global unicast (2000::/3) is refused too. */
const IPV6: readonly Reserved[] = [
  reserved('::/128', 'unspecified'),
  reserved('::1/128', 'loopback'),
  reserved('fd00:ec2::254/128', 'cloud metadata'),
  reserved('fc00::/7', 'private (unique local)'),
  reserved('fe80::/10', 'link-local'),
  reserved('fec0::/10', 'private (site-local)'),
  reserved('ff00::/8', 'multicast'),
  reserved('2001::/23', 'reserved (IETF protocol)'),
  reserved('2001:db8::/32', 'documentation'),
  reserved('3fff::/20', 'documentation'),
];

const GLOBAL_UNICAST = reserved('2000::/3', 'global').range;

/** IPv6 forms that carry an IPv4 address, and where its four bytes sit. */
const EMBEDS_IPV4: ReadonlyArray<{ range: IpRange; at: number }> = [
  { range: reserved('::ffff:0:0/96', 'IPv4-mapped').range, at: 12 },
  { range: reserved('64:ff9b::/96', 'NAT64').range, at: 12 },
  { range: reserved('2002::/16', '6to4').range, at: 2 },
];

function ipv4Kind(address: IpBytes): string | null {
  return IPV4.find((r) => inRange(address, r.range))?.kind ?? null;
}

/**
 * Why an address is not on the public internet ("loopback", "private", "link-local", "cloud
 * metadata"...), or null for a public address. IPv6 addresses that embed an IPv4 address
 * (`::ffff:127.0.0.1`, NAT64, 6to4) are judged by that address.
 */
export function nonPublicKind(address: IpBytes): string | null {
  if (address.length === 4) return ipv4Kind(address);
  for (const { range, at } of EMBEDS_IPV4) {
    if (inRange(address, range)) return ipv4Kind(address.slice(at, at + 4));
  }
  const kind = IPV6.find((r) => inRange(address, r.range))?.kind;
  if (kind) return kind;
  return inRange(address, GLOBAL_UNICAST) ? null : 'reserved';
}
