import { crc32, deflateSync } from 'node:zlib';
import { imageDimensions } from '../providers/ai/image-dimensions';

/**
 * How the fake Gemini API (fake-gemini-server.ts) makes its answers from a request, one small
 * function per kind of answer.
 */

export interface Part {
  text?: string;
  thought?: boolean;
  inlineData?: { mimeType?: string; data?: string };
}
export interface Content {
  role?: string;
  parts?: Part[];
}
export interface GenerateRequest {
  contents?: Content[];
  systemInstruction?: Content;
  generationConfig?: {
    responseMimeType?: string;
    responseJsonSchema?: Schema;
    responseSchema?: Schema;
    responseModalities?: string[];
    imageConfig?: { aspectRatio?: string };
  };
}
export type Schema = { [key: string]: unknown };

/** The text of the last user turn. */
export function lastUserText(contents: Content[]): string {
  const turn = [...contents].reverse().find((content) => (content.role ?? 'user') === 'user');
  return (turn?.parts ?? []).map((part) => part.text ?? '').join('');
}

/** `I see a 1x1 image/png image.` for each image the last user turn carries. */
export function imageNotes(contents: Content[]): string[] {
  const turn = [...contents].reverse().find((content) => (content.role ?? 'user') === 'user');
  return (turn?.parts ?? []).flatMap((part) => {
    if (!part.inlineData?.data) return [];
    const facts = imageDimensions(Buffer.from(part.inlineData.data, 'base64'));
    const size = facts.width && facts.height ? `${facts.width}x${facts.height} ` : '';
    return [`I see a ${size}${part.inlineData.mimeType ?? 'unknown'} image.`];
  });
}

/** What the model answers: an image, JSON following the request's schema, or text. */
export function answerParts(request: GenerateRequest): Part[] {
  const prompt = lastUserText(request.contents!);
  const config = request.generationConfig ?? {};
  if (config.responseModalities?.includes('IMAGE')) {
    return [
      {
        inlineData: {
          mimeType: 'image/png',
          data: pngFor(config.imageConfig?.aspectRatio).toString('base64'),
        },
      },
    ];
  }
  if (config.responseMimeType === 'application/json') {
    const schema = config.responseJsonSchema ?? config.responseSchema;
    const value = schema
      ? valueFor(schema, `Answer to: ${prompt}`, schema)
      : { text: `Answer to: ${prompt}` };
    return [{ text: JSON.stringify(value) }];
  }
  return [{ text: [`Answer to: ${prompt}`, ...imageNotes(request.contents!)].join(' ') }];
}

/** A value the schema accepts: first enum value, the given text for strings, 0, required properties. */
export function valueFor(schema: Schema, text: string, root: Schema, depth = 0): unknown {
  if (typeof schema.$ref === 'string' && depth < 8) {
    const name = schema.$ref.replace(/^#\/(\$defs|definitions)\//, '');
    const defs = (root.$defs ?? root.definitions ?? {}) as Record<string, Schema>;
    return defs[name] ? valueFor(defs[name], text, root, depth + 1) : null;
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches?.length)
    return valueFor(branches.find((b) => b.type !== 'null') ?? branches[0]!, text, root, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'string') return typeof schema.maxLength === 'number' ? text.slice(0, schema.maxLength) : text;
  if (type === 'number' || type === 'integer') return typeof schema.minimum === 'number' ? schema.minimum : 0;
  if (type === 'boolean') return false;
  if (type === 'null') return null;
  if (type === 'array') {
    const items = (schema.items ?? {}) as Schema;
    const count = typeof schema.minItems === 'number' ? schema.minItems : 1;
    return Array.from({ length: count }, () => valueFor(items, text, root, depth + 1));
  }
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  return Object.fromEntries(
    required.map((name) => [name, valueFor(properties[name] ?? {}, text, root, depth + 1)]),
  );
}

/** Token counts derived from text lengths (about four characters a token). */
export function usageFor(request: GenerateRequest, parts: Part[]) {
  const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));
  const asked = [...(request.systemInstruction ? [request.systemInstruction] : []), ...request.contents!]
    .flatMap((content) => content.parts ?? [])
    .map((part) => part.text ?? '')
    .join(' ');
  const promptTokenCount = tokens(asked);
  const candidatesTokenCount = tokens(parts.map((part) => part.text ?? 'image').join(''));
  return { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount };
}

/** A text answer in word-sized pieces (at least two when it has two words). */
export function pieced(parts: Part[]): Part[] {
  const text = parts[0]?.text;
  if (parts.length !== 1 || text === undefined) return parts;
  return (text.match(/\S+\s*/g) ?? [text]).map((piece) => ({ text: piece }));
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
