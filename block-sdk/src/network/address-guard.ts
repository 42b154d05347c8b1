import { BlockInputError } from '../errors';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { AllowList } from './allow-list';
import { formatIp, parseIp } from './ip-address';
import { nonPublicKind } from './non-public-address';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system's resolver (as `getaddrinfo`: /etc/hosts, then DNS). */
export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** A request a block refuses to send: the address is not on the public internet. */
export class AddressRefusedError extends BlockInputError {}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The `lookup` option of node:http and node:https, and of net.connect. */
export type ConnectLookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/**
 * Decides which addresses a request may reach: public internet addresses, and the ones the
 * operator's allow-list names. Its `lookup` is what the connection resolves host names with, so the
 * addresses checked are the very addresses connected to: a name that answers differently a moment
 * later (DNS rebinding) is never resolved a second time.
 */
export class AddressGuard {
  /**
   * `reacher` names what is refused in the message (`The HTTP Request block`, `The Agent block's
   * MCP client`).
   */
  constructor(
    private readonly allowList: AllowList,
    private readonly resolver: Resolver,
    private readonly reacher: string,
  ) {}

  /** Throws AddressRefusedError unless `address`, found for `hostname`, may be reached on `port`. */
  check(hostname: string, address: string, port: number): void {
    const bytes = parseIp(address);
    if (!bytes) throw new AddressRefusedError(`${hostname} did not resolve to an IP address.`);
    const kind = nonPublicKind(bytes);
    if (kind === null || this.allowList.allows(hostname, bytes, port)) return;
    const shown = formatIp(bytes);
    const which = parseIp(hostname) ? shown : `${hostname} resolves to ${shown}, which`;
    throw new AddressRefusedError(
      `${which} is a ${kind} address. ${this.reacher} only reaches public internet addresses (a server's operator can allow others with HTTP_BLOCK_ALLOW_HOSTS).`,
    );
  }

  /**
   * The lookup for one connection to `port`: resolves once, refuses the connection when any
   * address is not allowed, and hands exactly the checked addresses to the socket.
   */
  lookupFor(port: number): ConnectLookup {
    return (hostname, options, callback) => {
      this.resolver(hostname)
        .then((found) => {
          const family = options.family === 4 || options.family === 6 ? options.family : undefined;
          const addresses = found.filter((a) => family === undefined || a.family === family);
          if (addresses.length === 0) {
            const error: NodeJS.ErrnoException = new Error(`${hostname} has no address.`);
            error.code = 'ENOTFOUND';
            throw error;
          }
          for (const { address } of addresses) this.check(hostname, address, port);
          if (options.all) callback(null, addresses);
          else callback(null, addresses[0]!.address, addresses[0]!.family);
        })
        .catch((error: NodeJS.ErrnoException) => callback(error, ''));
    };
  }
}
