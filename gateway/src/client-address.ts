import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** The address a request came from, as far as this server can trust it. */
export type ClientAddressOf = (request: IncomingMessage) => string | undefined;

/**
 * Reads the client's address. `X-Forwarded-For` is believed only as far as it was written by the
 * proxies in `trusted` (TRUST_PROXY: addresses, CIDR ranges, or `loopback`, `linklocal`,
 * `uniquelocal`); with none trusted it is ignored and the connection's own address counts, so a
 * client cannot claim another address to escape a per-address limit.
 */
export function clientAddressReader(trusted: readonly string[]): ClientAddressOf {
  if (trusted.length === 0) return (request) => request.socket.remoteAddress;
  const trust = proxyaddr.compile([...trusted]);
  return (request) => proxyaddr(request, trust);
}

/** The TRUST_PROXY list, checked: throws with the entry it cannot read. */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    try {
      proxyaddr.compile(entry);
    } catch {
      throw new Error(
        `TRUST_PROXY entry "${entry}" is not an address, a CIDR range, loopback, linklocal or uniquelocal.`,
      );
    }
  }
  return entries;
}
