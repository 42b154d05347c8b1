import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { imageDimensions } from '../providers/ai/image-dimensions';

/**
 * What the fake AI vendors (fake-openai-server.ts, fake-anthropic-server.ts, fake-gemini-server.ts,
 * fake-ollama-server.ts) share: how an answer is made from a request (text from the prompt, a value
 * built from a JSON schema, images acknowledged, token counts from text lengths, streamed pieces)
 * and the plumbing of a loopback HTTP server. Each fake keeps only its vendor's wire format.
 */

/** The key every fake vendor accepts. */
export const FAKE_VENDOR_KEY = 'test-key';

export type Json = Record<string, unknown>;

/** A request as a fake received it. */
export interface RecordedRequest {
  method: string;
  /** With the query string where the fake keeps it: `/v1/models?limit=2`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when there was none; the fake says what it keeps of one that is not JSON). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read the wire format as sent
}

/** The text every fake answers a prompt with. */
export function answerTo(prompt: string): string {
  return `Answer to: ${prompt}`;
}

/**
 * `I see a 1x1 image/png image.` for a base64 image: its declared type (else the one its bytes
 * show) and the pixel size read from its header.
 */
export function imageNote(base64: string, declaredMime?: string): string {
  const facts = imageDimensions(Uint8Array.from(Buffer.from(base64, 'base64')));
  if (!facts.format && !declaredMime) return 'I see an image I cannot read.';
  const mime = declaredMime || `image/${facts.format}`;
  const size =
    facts.width !== undefined && facts.height !== undefined ? `${facts.width}x${facts.height} ` : '';
  return `I see a ${size}${mime} image.`;
}

/**
 * A value that `schema` accepts: its `const` or first `enum` value, the first non-null branch of
 * `anyOf`/`oneOf`, local `$ref`s, `text` for strings (cut at `maxLength`), the minimum (else 0) for
 * numbers, `false`, `minItems` items (at least one), and the required properties of an object (all
 * of them when it names none). Nesting stops at a safe depth.
 */
export function valueFor(schema: Json, text: string, root: Json = schema, depth = 0): unknown {
  if (depth > 8) return null;
  const next = (inner: unknown) => valueFor(isObject(inner) ? inner : {}, text, root, depth + 1);
  if (typeof schema.$ref === 'string') {
    const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(schema.$ref)?.[1];
    const defs = (root.$defs ?? root.definitions ?? {}) as Json;
    return name && isObject(defs[name]) ? next(defs[name]) : null;
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) {
    return next(branches.find((branch) => branch?.type !== 'null') ?? branches[0]);
  }
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  switch (types.find((type) => type !== 'null') ?? types[0]) {
    case 'object': {
      const properties = (isObject(schema.properties) ? schema.properties : {}) as Json;
      const keys = Array.isArray(schema.required) ? (schema.required as string[]) : Object.keys(properties);
      return Object.fromEntries(keys.map((key) => [key, next(properties[key])]));
    }
    case 'array': {
      const count = Math.max(1, Number(schema.minItems ?? 1) || 1);
      return Array.from({ length: count }, () => next(schema.items));
    }
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return typeof schema.maxLength === 'number' ? text.slice(0, schema.maxLength) : text;
  }
}

/**
 * The tool a fake model calls when the user has spoken: the first whose name the prompt mentions
 * (case-insensitive), else the first. Undefined when the request offers none.
 */
export function toolToCall<T extends { name: string }>(tools: readonly T[], prompt: string): T | undefined {
  return nextToolToCall(tools, prompt, []);
}

/**
 * The tool a fake model calls next in a conversation with tools, given the names of those it has
 * called since the user spoke: each tool the prompt names (case-insensitive), one a turn, in the
 * order the request lists them; when the prompt names none, the first tool, once. Undefined when
 * it has called all it means to (then it answers from their results).
 */
export function nextToolToCall<T extends { name: string }>(
  tools: readonly T[],
  prompt: string,
  called: readonly string[],
): T | undefined {
  const said = prompt.toLowerCase();
  const named = tools.filter((tool) => tool.name && said.includes(tool.name.toLowerCase()));
  return (named.length > 0 ? named : tools.slice(0, 1)).find((tool) => !called.includes(tool.name));
}

/**
 * The model that acts out careless tool use (on every fake that takes tools): its first call since
 * the user spoke has arguments that do not fit the tool's schema (`carelessArguments`); it then
 * calls that tool again, with good ones, as if told what was wrong, and goes on as the others do.
 */
export const CARELESS_MODEL = 'careless-model';

/**
 * Arguments `schema` refuses: each required property (every property when it names none) of the
 * wrong type, a number where it asks for anything else and a string where it asks for a number.
 */
export function carelessArguments(schema: Json): Json {
  const properties = (isObject(schema.properties) ? schema.properties : {}) as Json;
  const keys = Array.isArray(schema.required) ? (schema.required as string[]) : Object.keys(properties);
  return Object.fromEntries(
    keys.map((key) => {
      const type = (properties[key] as Json | undefined)?.type;
      return [key, type === 'number' || type === 'integer' ? 'many' : 42];
    }),
  );
}

/** What a tool answered, as a fake reads it back from a request. */
export interface ToolAnswer {
  name: string;
  content: string;
  isError?: boolean;
}

/**
 * The text a fake model answers once it has its tools' results: `Based on <tool>: <content>` for
 * each (`<tool> failed: <content>` for a result marked as an error), in order.
 */
export function answerFromToolResults(results: readonly ToolAnswer[]): string {
  return results
    .map((r) => (r.isError ? `${r.name} failed: ${r.content}` : `Based on ${r.name}: ${r.content}`))
    .join(' ');
}

/** Three pieces (fewer for very short text), cut at word boundaries where there are any. */
export function splitInPieces(text: string): string[] {
  const words = text.split(/(?<=\s)/);
  const parts = words.length >= 3 ? words : [...text];
  const count = Math.min(3, parts.length);
  return Array.from({ length: count }, (_, i) =>
    parts
      .slice(Math.floor((i * parts.length) / count), Math.floor(((i + 1) * parts.length) / count))
      .join(''),
  );
}

/** The fakes' token count for a text: one per four characters, at least one. */
export function tokenCount(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** A small grey PNG whose sides follow the aspect ratio (`16:9` gives 16x9, none gives 1x1). */
export function pngFor(aspectRatio: string | undefined): Buffer {
  const [width, height] = /^(\d+):(\d+)$/.test(aspectRatio ?? '')
    ? aspectRatio!.split(':').map(Number)
    : [1, 1];
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width!, 0);
  header.writeUInt32BE(height!, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width! * 3, 0x80)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height! }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON answer (`content-type: application/json` unless `headers` says otherwise). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Starts a server-sent event stream. */
export function startEventStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

/** One server-sent event: `event: <name>` when named, its `data` line, and a blank line. */
export function writeEvent(
  res: ServerResponse,
  data: unknown,
  options: { event?: string; lineEnd?: string } = {},
): void {
  const end = options.lineEnd ?? '\n';
  const name = options.event ? `event: ${options.event}${end}` : '';
  res.write(`${name}data: ${typeof data === 'string' ? data : JSON.stringify(data)}${end}${end}`);
}

/** A request body: its text, and the JSON it holds (`undefined` when empty, `invalid` when not JSON). */
export async function readJsonBody(
  req: IncomingMessage,
): Promise<{ raw: string; body: unknown; invalid: boolean }> {
  let raw = '';
  for await (const chunk of req) raw += (chunk as Buffer).toString();
  if (!raw) return { raw, body: undefined, invalid: false };
  try {
    return { raw, body: JSON.parse(raw) as unknown, invalid: false };
  } catch {
    return { raw, body: undefined, invalid: true };
  }
}

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

/** An HTTP server on a free loopback port; `close` also ends streams left open (stalled answers). */
export async function listenOnLoopback(
  handle: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    Promise.resolve(handle(req, res)).catch((error: unknown) => {
      if (res.headersSent) res.end();
      else sendJson(res, 500, { error: `The fake server failed: ${String(error)}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
