import {
  AddressGuard,
  AddressRefusedError,
  guardedFetch,
  operatorAllowList,
  systemResolver,
} from '@blocksmith/block-sdk';
import { findUnstorableText, isPlainObject, unstorableTextMessage } from '@blocksmith/schema';
import { InputError, PayloadTooLargeError } from '../../errors';
import type { InputFileRequest, StoredInputFile } from '../runs/run-service';
import { MAX_UPLOAD_BYTES } from '../runs/run-service';
import type { AppTool, AppToolInput } from './app-tool-spec';

/** How long fetching a file argument's address may take. */
const FILE_FETCH_MS = 30_000;

/** Keeps a file for an input block of the app, after the run's checks (`RunService.storeInputFile`). */
export type StoreInputFile = (request: Omit<InputFileRequest, 'userId'>) => Promise<StoredInputFile>;

const guard = () => new AddressGuard(operatorAllowList(), systemResolver, 'A file argument');

/** The bytes at a file argument's address: public addresses only, the upload limit, a time limit. */
async function fetchFile(input: AppToolInput, address: string, signal?: AbortSignal): Promise<File> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new InputError(`"${input.name}" must be an https:// address or { data, name } in base64.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InputError(`"${input.name}" must be an http or https address.`);
  }
  const limit = AbortSignal.timeout(FILE_FETCH_MS);
  let response: Response;
  try {
    response = await guardedFetch(guard())(url, {
      signal: signal ? AbortSignal.any([signal, limit]) : limit,
    });
  } catch (error) {
    if (error instanceof AddressRefusedError) throw new InputError(error.message);
    throw new InputError(`The file at ${url.host} for "${input.name}" could not be fetched.`);
  }
  if (!response.ok) {
    throw new InputError(
      `The file at ${url.host} for "${input.name}" could not be fetched (HTTP ${response.status}).`,
    );
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(`"${input.name}" is larger than 50 MB.`);
  const data = new Uint8Array(await response.arrayBuffer());
  if (data.byteLength > MAX_UPLOAD_BYTES)
    throw new PayloadTooLargeError(`"${input.name}" is larger than 50 MB.`);
  const name = decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'file';
  const mime = (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
  return new File([data], name, { type: mime });
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A `{ data, name, mimeType }` argument's file. */
function decodedFile(input: AppToolInput, value: Record<string, unknown>): File {
  const { data, name, mimeType } = value;
  if (typeof data !== 'string' || typeof name !== 'string' || name.trim() === '') {
    throw new InputError(`"${input.name}" needs data (the file in base64) and name (its file name).`);
  }
  const compact = data.replace(/\s+/g, '');
  if (compact.length % 4 === 1 || !BASE64.test(compact)) {
    throw new InputError(`"${input.name}".data is not base64.`);
  }
  if ((compact.length * 3) / 4 > MAX_UPLOAD_BYTES + 3) {
    throw new PayloadTooLargeError(`"${input.name}" is larger than 50 MB.`);
  }
  const mime =
    typeof mimeType === 'string' && mimeType.trim() !== '' ? mimeType.trim() : 'application/octet-stream';
  return new File([Buffer.from(compact, 'base64')], name.trim().slice(0, 255), { type: mime });
}

/**
 * A tool call's arguments as the run's inputs: text and choices as given (the run's own input
 * checks judge them), each file (an address, or `{ data, name, mimeType }` in base64) kept as the
 * caller's upload for its block, after the block's rules, and sent as its id. Arguments the tool
 * does not have are refused by name.
 */
export async function runInputsOf(
  tool: AppTool,
  args: Readonly<Record<string, unknown>>,
  storeFile: StoreInputFile,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const unstorable = findUnstorableText(args);
  if (unstorable !== null) throw new InputError(unstorableTextMessage(unstorable));
  const known = new Map(tool.inputs.map((input) => [input.name, input]));
  const unknown = Object.keys(args).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const names = tool.inputs.map((input) => input.name).join(', ') || 'none';
    throw new InputError(`${tool.name} has no argument ${unknown.join(', ')}; its arguments are: ${names}.`);
  }
  const inputs: Record<string, unknown> = {};
  for (const input of tool.inputs) {
    const value = args[input.name];
    if (value === undefined || value === null) continue;
    if (input.kind !== 'file') {
      if (typeof value !== 'string') throw new InputError(`"${input.name}" must be text.`);
      if (input.kind === 'choice' && !(input.options ?? []).includes(value.trim())) {
        throw new InputError(`"${input.name}" must be one of: ${(input.options ?? []).join(', ')}.`);
      }
      inputs[input.name] = value;
      continue;
    }
    let file: File;
    if (typeof value === 'string') file = await fetchFile(input, value, signal);
    else if (isPlainObject(value)) file = decodedFile(input, value);
    else throw new InputError(`"${input.name}" must be an https:// address or { data, name } in base64.`);
    const kept = await storeFile({
      appId: tool.appId,
      blockId: input.blockId,
      name: file.name,
      mime: file.type,
      data: new Uint8Array(await file.arrayBuffer()),
    });
    inputs[input.name] = kept.id;
  }
  return inputs;
}
