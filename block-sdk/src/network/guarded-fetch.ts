import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { AddressRefusedError, type AddressGuard } from './address-guard';
import { parseIp } from './ip-address';

/** Answers that carry no body, whatever the server sends. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` (the part of it HTTP clients such as the MCP SDK use) that reaches only the addresses
 * `guard` allows: host names are resolved by the connection's own lookup, which refuses any address
 * that is not public (unless the operator allows it) and hands exactly the checked addresses to the
 * socket, so DNS rebinding cannot slip past; an address written in the URL is checked before
 * connecting. Redirects are not followed (the 3xx answer is returned as it is). Only `http:` and
 * `https:` are sent; anything else, and a refused address, rejects with `AddressRefusedError`.
 */
export function guardedFetch(guard: AddressGuard): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new AddressRefusedError(`Only http and https addresses can be reached, not ${url.protocol}.`);
    }
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined)).forEach(
      (value, name) => (headers[name] = value),
    );
    const body = await bodyBytes(init.body ?? (input instanceof Request ? await input.arrayBuffer() : null));
    if (body !== undefined) headers['content-length'] = String(body.byteLength);
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    // An address in the URL is connected to without a lookup: it is checked here instead.
    if (parseIp(hostname)) guard.check(hostname, hostname, port);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = send(
        url,
        {
          method,
          headers,
          lookup: guard.lookupFor(port),
          agent: false,
          ...(init.signal ? { signal: init.signal } : {}),
        },
        resolve,
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    return answer(response);
  };
}

async function bodyBytes(body: RequestInit['body'] | ArrayBuffer): Promise<Uint8Array | undefined> {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

function answer(response: IncomingMessage): Response {
  const status = response.statusCode ?? 0;
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  if (NULL_BODY_STATUSES.has(status)) {
    response.resume();
    return new Response(null, { status, statusText: response.statusMessage ?? '', headers });
  }
  const body = Readable.toWeb(response) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status, statusText: response.statusMessage ?? '', headers });
}
