import {
  AddressGuard,
  AddressRefusedError,
  BlockInputError,
  guardedFetch,
  operatorAllowList,
  systemResolver,
  type Resolver,
} from '@blocksmith/block-sdk';

/** A web page (or file) as fetched for a knowledge base. */
export interface FetchedPage {
  data: Uint8Array;
  mime: string;
  /** The address it was read from, after redirects. */
  url: string;
}

/** Bytes of a page read at most: Extract from File's limit (20 MB). */
export const MAX_PAGE_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 30_000;

/** A document's address as given: an http or https URL, refused with what to fix otherwise. */
export function checkedUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new BlockInputError(
      `"${value.slice(0, 200)}" is not a web address; give one such as https://example.com/handbook.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BlockInputError(`Only http and https addresses can be read, not ${url.protocol}.`);
  }
  return url;
}

/**
 * Fetches a document's address through the HTTP Request block's address guard (public addresses
 * only, unless the operator allows others with HTTP_BLOCK_ALLOW_HOSTS), following at most 5
 * redirects, each checked again; at most 20 MB and 30 seconds.
 */
export async function fetchPage(
  address: string,
  signal: AbortSignal,
  resolver: Resolver = systemResolver,
): Promise<FetchedPage> {
  const fetcher = guardedFetch(new AddressGuard(operatorAllowList(), resolver, 'A knowledge base'));
  let url = checkedUrl(address);
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]);
  for (let hop = 0; ; hop += 1) {
    let response: Response;
    try {
      response = await fetcher(url, {
        signal: timeout,
        headers: { accept: 'text/html, text/*, application/pdf, */*' },
      });
    } catch (error) {
      if (error instanceof AddressRefusedError) throw new BlockInputError(error.message, { cause: error });
      throw new BlockInputError(
        `${url.host} could not be reached (${error instanceof Error ? error.message : String(error)}). Check the address, or upload the document instead.`,
        { cause: error },
      );
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS)
        throw new BlockInputError(`${address} redirects more than ${MAX_REDIRECTS} times.`);
      url = checkedUrl(new URL(location, url).toString());
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new BlockInputError(`${url.toString()} answered ${response.status}; check the address.`);
    }
    return {
      data: await limitedBody(response, url),
      mime: response.headers.get('content-type') ?? '',
      url: url.toString(),
    };
  }
}

async function limitedBody(response: Response, url: URL): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_PAGE_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      throw new BlockInputError(
        `${url.toString()} is larger than 20 MB; download it and upload a smaller part.`,
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A name for a page's document: the last part of its path, else its host. */
export function pageName(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '');
  return (last || url.host).slice(0, 200);
}
