import { BlockError, BlockInputError, parseIp, type AddressGuard } from '@blocksmith/block-sdk';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export interface OutgoingRequest {
  method: string;
  url: URL;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string>>;
  /** Headers whose value carries one of the owner's secrets: never sent on to another origin. */
  secretHeaders?: ReadonlySet<string>;
  body?: string;
}

export interface SendLimits {
  timeoutMs: number;
  maxResponseBytes: number;
  maxRedirects: number;
}

/** What the server finally answered, after following redirects. */
export interface RawAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Headers kept when a redirect leads to another origin, unless they carry a secret; credentials
 * and the rest are not sent on.
 */
const CROSS_ORIGIN_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'user-agent',
]);

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function defaultPort(url: URL): number {
  return url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function checkScheme(url: URL, redirected: boolean): void {
  if (url.protocol === 'http:' || url.protocol === 'https:') return;
  const scheme = url.protocol.replace(/:$/, '');
  throw new BlockInputError(
    redirected
      ? `The server redirected to a ${scheme}: URL; only http and https are followed.`
      : `Only http and https URLs can be requested, not ${scheme}:.`,
  );
}

function headerRecord(message: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function tooLarge(limits: SendLimits): BlockError {
  const mb = limits.maxResponseBytes / (1024 * 1024);
  return new BlockError(`The answer is larger than ${mb} MB, the most the HTTP Request block reads.`);
}

/** The body, decompressed, refused as soon as it passes the size limit. */
async function readBody(response: IncomingMessage, limits: SendLimits): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxResponseBytes) {
    response.destroy();
    throw tooLarge(limits);
  }
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  const stream: Readable = decoder ? pipeline(response, decoder, () => undefined) : response;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limits.maxResponseBytes) {
      response.destroy();
      throw tooLarge(limits);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Words a person can act on for a failed connection. */
function networkProblem(error: NodeJS.ErrnoException, host: string): BlockError {
  const code = error.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA') {
    return new BlockError(`The host ${host} was not found.`);
  }
  if (code === 'ECONNREFUSED') return new BlockError(`${host} refused the connection.`);
  if (code === 'ECONNRESET' || error.message === 'aborted') {
    return new BlockError(`The connection to ${host} closed before the answer was complete.`);
  }
  if (/^(CERT_|ERR_TLS_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_SSL_)/.test(code)) {
    return new BlockError(`The secure connection to ${host} failed: ${error.message}.`);
  }
  if (code.startsWith('HPE_')) return new BlockError(`${host} did not answer with valid HTTP.`);
  return new BlockError(`The request to ${host} failed: ${error.message}`);
}

/** One request and its answer's head; the body is read by the caller. */
function exchange(
  outgoing: OutgoingRequest,
  guard: AddressGuard,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const { url } = outgoing;
  const port = defaultPort(url);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // An address in the URL is connected to without a lookup: it is checked here instead.
  if (parseIp(hostname)) guard.check(hostname, hostname, port);
  const options: RequestOptions = {
    method: outgoing.method,
    headers:
      outgoing.body === undefined
        ? outgoing.headers
        : { ...outgoing.headers, 'content-length': String(Buffer.byteLength(outgoing.body)) },
    lookup: guard.lookupFor(port),
    agent: false,
    signal,
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, options, resolve);
    request.on('error', reject);
    request.end(outgoing.body);
  });
}

/** The request the server redirected to, or null when the answer is final. */
function redirected(outgoing: OutgoingRequest, response: IncomingMessage): OutgoingRequest | null {
  const location = response.headers.location;
  if (!REDIRECTS.has(response.statusCode ?? 0) || location === undefined) return null;
  let url: URL;
  try {
    url = new URL(location, outgoing.url);
  } catch {
    throw new BlockError(`The server redirected to an invalid address: ${location.slice(0, 200)}`);
  }
  const status = response.statusCode!;
  const toGet =
    (status === 303 && outgoing.method !== 'HEAD') ||
    ((status === 301 || status === 302) && outgoing.method === 'POST');
  let headers = { ...outgoing.headers };
  if (toGet) delete headers['content-type'];
  if (url.origin !== outgoing.url.origin) {
    headers = Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) => CROSS_ORIGIN_HEADERS.has(name) && !outgoing.secretHeaders?.has(name),
      ),
    );
  }
  const kept = outgoing.secretHeaders && { secretHeaders: outgoing.secretHeaders };
  return toGet
    ? { method: 'GET', url, headers, ...kept }
    : {
        method: outgoing.method,
        url,
        headers,
        ...kept,
        ...(outgoing.body === undefined ? {} : { body: outgoing.body }),
      };
}

/**
 * Sends a request to a public address (or one the allow-list names) and reads the answer:
 * redirects followed one by one, each new address checked before connecting, at most
 * `maxRedirects`; one time limit for the whole exchange; the body refused past the size limit.
 */
export async function sendRequest(
  first: OutgoingRequest,
  guard: AddressGuard,
  limits: SendLimits,
  runSignal: AbortSignal,
): Promise<RawAnswer> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([runSignal, timeout]);
  let outgoing = first;
  try {
    for (let hop = 0; ; hop++) {
      checkScheme(outgoing.url, hop > 0);
      const response = await exchange(outgoing, guard, signal);
      const next = redirected(outgoing, response);
      if (next === null) {
        if (outgoing.method === 'HEAD') response.resume();
        const body = outgoing.method === 'HEAD' ? Buffer.alloc(0) : await readBody(response, limits);
        return {
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          headers: headerRecord(response),
          body,
        };
      }
      response.destroy();
      if (hop >= limits.maxRedirects) {
        throw new BlockError(`The server redirected more than ${limits.maxRedirects} times.`);
      }
      outgoing = next;
    }
  } catch (error) {
    if (error instanceof BlockError) throw error;
    const { host } = outgoing.url;
    if (runSignal.aborted) throw new BlockError('The request was stopped because the run was stopped.');
    if (timeout.aborted) {
      const seconds = limits.timeoutMs / 1000;
      throw new BlockError(`${host} did not answer within ${seconds} second${seconds === 1 ? '' : 's'}.`);
    }
    throw networkProblem(error as NodeJS.ErrnoException, host);
  }
}
