import { BlockError, BlockInputError } from './errors';
import type { KeptFile } from './file-store';
import type { RunContext, UpstreamValue } from './run-context';

/** The part of a run context reading an upstream file needs. */
export type UpstreamFileContext = Pick<RunContext<unknown>, 'upstream' | 'files'>;

/**
 * The connected blocks that hand on a kept file's url: by block kind, or by the name of the
 * variable they give (`file_url` also matches `file_url_2`, `file_url_3`, ...).
 */
export interface FileSources {
  kinds: readonly string[];
  outputs: readonly string[];
}

/** What the person is told when no file can be read, in the block's own words. */
export interface UpstreamFileMessages {
  /** Nothing is connected, or (with no source block connected) no connected block gave a value. */
  notConnected: string;
  /** A source block is connected but handed on no file (an upload left empty). */
  noFile: string;
  /** No source block is connected, and the connected value is not one file url (several blocks, or text). */
  notAFile: string;
  /** The store does not hold the file. */
  notFound: string;
}

export interface UpstreamFileOptions {
  from: FileSources;
  messages: UpstreamFileMessages;
}

/** Whether a connected block is one of `from`'s sources. */
export function isFileSource(upstream: UpstreamValue, from: FileSources): boolean {
  return (
    from.kinds.includes(upstream.kind) ||
    from.outputs.some(
      (output) =>
        upstream.name === output ||
        (upstream.name.startsWith(`${output}_`) && /^\d+$/.test(upstream.name.slice(output.length + 1))),
    )
  );
}

/**
 * Finds the connected source block (or, failing that, the one connected block whose value is a
 * file url) and reads the file it kept. Checking what kind of file it is stays with the block.
 */
export async function readUpstreamFile(
  ctx: UpstreamFileContext,
  options: UpstreamFileOptions,
): Promise<KeptFile> {
  return readKeptFile(ctx, upstreamFileUrl(ctx.upstream, options), options.messages.notFound);
}

/**
 * Reads a kept file by its id or url. A failure that is not already a `BlockError` becomes a
 * `BlockInputError` saying `notFound`, with the store's error as its cause.
 */
export async function readKeptFile(
  ctx: Pick<RunContext<unknown>, 'files'>,
  idOrUrl: string,
  notFound: string,
): Promise<KeptFile> {
  try {
    return await ctx.files.read(idOrUrl);
  } catch (error) {
    if (error instanceof BlockError) throw error;
    throw new BlockInputError(notFound, { cause: error });
  }
}

function upstreamFileUrl(
  upstream: readonly UpstreamValue[],
  { from, messages }: UpstreamFileOptions,
): string {
  const sources = upstream.filter((u) => isFileSource(u, from));
  const candidates = sources.length > 0 ? sources : upstream;
  if (candidates.length === 0) throw new BlockInputError(messages.notConnected);
  const withFile = candidates.find((u) => typeof u.value === 'string' && u.value.trim() !== '');
  if (withFile === undefined || typeof withFile.value !== 'string') {
    throw new BlockInputError(sources.length > 0 ? messages.noFile : messages.notConnected);
  }
  const url = withFile.value.trim();
  if (sources.length === 0 && (candidates.length > 1 || /\s/.test(url))) {
    throw new BlockInputError(messages.notAFile);
  }
  return url;
}
