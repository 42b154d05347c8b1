import { BlockError } from '../errors';
import { inRange, isLooseIpv4, parseIp, parseRange, type IpBytes, type IpRange } from './ip-address';

interface Entry {
  /** A host name (lower case, without a trailing dot) or an address range. */
  host: string | IpRange;
  /** Only this port, when the entry names one. */
  port?: number;
}

/**
 * Hosts an operator lets blocks reach although they are not public: host names, IP addresses
 * and ranges, each optionally with a port. Public hosts need no entry.
 */
export class AllowList {
  private constructor(private readonly entries: readonly Entry[]) {}

  static readonly empty = new AllowList([]);

  /**
   * Parses `HTTP_BLOCK_ALLOW_HOSTS`: entries separated by commas or spaces, each a host name
   * (`intranet.example`), an IP address (`127.0.0.1`, `::1`), a range (`10.1.0.0/16`), or a name
   * or address with a port (`localhost:8080`, `127.0.0.1:8080`, `[::1]:8080`). Names match exactly,
   * ignoring case. An entry that is none of these fails the block that reads it, naming it.
   */
  static parse(text: string): AllowList {
    const entries = text
      .split(/[\s,]+/)
      .filter((item) => item !== '')
      .map((item) => {
        const entry = parseEntry(item);
        if (!entry) {
          throw new BlockError(
            `HTTP_BLOCK_ALLOW_HOSTS has an entry that is not a host, address or range: "${item}". Ask the server's operator to correct it.`,
          );
        }
        return entry;
      });
    return new AllowList(entries);
  }

  /** True when the operator allows reaching `address`, found for host name `hostname`, on `port`. */
  allows(hostname: string, address: IpBytes, port: number): boolean {
    const name = normaliseHost(hostname);
    return this.entries.some(
      (entry) =>
        (entry.port === undefined || entry.port === port) &&
        (typeof entry.host === 'string' ? entry.host === name : inRange(address, entry.host)),
    );
  }
}

function normaliseHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

const NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/i;

function withPort(host: string, port: string | undefined): Entry | null {
  const range = parseRange(host);
  const name = range ? undefined : normaliseHost(host);
  // `0177.0.0.1` or `2130706433` would reach 127.0.0.1 through a resolver: not a name to match.
  if (!range && (isLooseIpv4(host) || !NAME.test(host))) return null;
  if (port === undefined) return { host: range ?? name! };
  const number = Number(port);
  if (!Number.isInteger(number) || number < 1 || number > 65535) return null;
  // A range with a port is not offered: a port belongs to one host.
  if (range && range.bits !== range.bytes.length * 8) return null;
  return { host: range ?? name!, port: number };
}

function parseEntry(item: string): Entry | null {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(item);
  if (bracketed) return parseIp(bracketed[1]!) ? withPort(bracketed[1]!, bracketed[2]) : null;
  if (item.includes('/') || parseIp(item)) return parseRange(item) ? withPort(item, undefined) : null;
  const hostPort = /^([^:]+):(\d+)$/.exec(item);
  if (hostPort) return withPort(hostPort[1]!, hostPort[2]);
  return withPort(item, undefined);
}
