import { InputError } from '../../errors';

/** Chunking settings as sent: characters per chunk, characters repeated from the one before. */
export interface ChunkingInput {
  chunkSize?: unknown;
  chunkOverlap?: unknown;
}

/** A search as sent. */
export interface SearchInput {
  query: unknown;
  topK?: unknown;
  minScore?: unknown;
}

export const CHUNK_SIZE_RANGE = { min: 100, max: 8000 } as const;
export const TOP_K_MAX = 50;
const MAX_NAME = 200;
/** Text given as is: 1,000,000 characters, what Extract from File gives on. */
export const MAX_TEXT_CHARS = 1_000_000;
const MAX_QUERY = 2000;

export function checkedName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw new InputError('Give it a name.');
  const name = value.trim();
  if (name.length > MAX_NAME) throw new InputError(`The name is too long: ${MAX_NAME} characters at most.`);
  return name;
}

export function checkedText(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new InputError('Give the text of the document.');
  if (value.length > MAX_TEXT_CHARS) {
    throw new InputError(
      `The text is too long: ${MAX_TEXT_CHARS.toLocaleString('en-US')} characters at most; upload it as a file or split it.`,
    );
  }
  return value;
}

function whole(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InputError(`${what} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

/** Chunk size and overlap, each kept from `current` where not sent; the overlap below the size. */
export function checkedChunking(
  input: ChunkingInput,
  current: { chunkSize: number; chunkOverlap: number },
): { chunkSize: number; chunkOverlap: number } {
  const chunkSize =
    input.chunkSize === undefined || input.chunkSize === null
      ? current.chunkSize
      : whole(input.chunkSize, 'The chunk size', CHUNK_SIZE_RANGE.min, CHUNK_SIZE_RANGE.max);
  const chunkOverlap =
    input.chunkOverlap === undefined || input.chunkOverlap === null
      ? Math.min(current.chunkOverlap, Math.floor(chunkSize / 2))
      : whole(input.chunkOverlap, 'The chunk overlap', 0, CHUNK_SIZE_RANGE.max);
  if (chunkOverlap >= chunkSize) {
    throw new InputError(
      `The chunk overlap (${chunkOverlap}) must be smaller than the chunk size (${chunkSize}).`,
    );
  }
  return { chunkSize, chunkOverlap };
}

export function checkedSearch(input: SearchInput): { query: string; topK: number; minScore: number } {
  if (typeof input.query !== 'string' || input.query.trim() === '')
    throw new InputError('Give a question to search for.');
  if (input.query.length > MAX_QUERY)
    throw new InputError(`The question is too long: ${MAX_QUERY} characters at most.`);
  const topK =
    input.topK === undefined || input.topK === null ? 5 : whole(input.topK, '`topK`', 1, TOP_K_MAX);
  let minScore = 0;
  if (input.minScore !== undefined && input.minScore !== null) {
    if (typeof input.minScore !== 'number' || !(input.minScore >= 0 && input.minScore <= 1)) {
      throw new InputError('The minimum score must be a number from 0 to 1.');
    }
    minScore = input.minScore;
  }
  return { query: input.query.trim(), topK, minScore };
}
