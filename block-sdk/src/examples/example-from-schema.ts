import type { JsonSchema } from '../ai-provider';
import { fnvHash } from './fnv-hash';
import { exampleInteger, exampleNumber } from './example-number';
import { capitalise, joinList, OFFLINE_MARKER } from './sample-text';

type Schema = Record<string, unknown>;

export interface ExampleContext {
  /** Seeds every choice: the same seed and schema give the same value. */
  seed: string;
  /** What the answer is about, used in free-text strings (a few key phrases of the prompt). */
  topics: readonly string[];
}

interface Walk {
  root: Schema;
  context: ExampleContext;
  /** Property name the value is for (the nearest one above it), used to word strings. */
  key: string;
  /** Position in the nearest array (inherited by an item's properties), so items differ. */
  index: number | undefined;
  path: string;
  depth: number;
}

/** Past this depth, only required properties and minimum array lengths are generated (recursive schemas end). */
const SHALLOW_DEPTH = 6;
const MAX_DEPTH = 24;

/**
 * A deterministic value that validates against `schema` (JSON Schema 2020-12, the subset
 * structured answers use): objects, arrays, enums and consts, string lengths and formats, number
 * bounds, type unions, anyOf/oneOf/allOf and local `$ref`s. Free-text strings carry the offline
 * marker when it fits.
 */
export function exampleFromSchema(schema: JsonSchema, context: ExampleContext): unknown {
  return generate(schema as Schema, {
    root: schema as Schema,
    context,
    key: '',
    index: undefined,
    path: '',
    depth: 0,
  });
}

function generate(schemaInput: unknown, walk: Walk): unknown {
  if (schemaInput === true || schemaInput === undefined) return textFor({}, walk);
  if (schemaInput === false || typeof schemaInput !== 'object' || schemaInput === null) return null;
  const schema = flatten(schemaInput as Schema, walk.root, 0);
  const seed = fnvHash(`${walk.context.seed}\u0000${walk.path}`);

  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum[((walk.index ?? 0) + seed) % schema.enum.length];
  }
  switch (typeOf(schema)) {
    case 'null':
      return null;
    case 'boolean':
      return seed % 2 === 0;
    case 'integer':
      return exampleInteger(schema, seed, walk.index ?? 0);
    case 'number':
      return exampleNumber(schema, seed, walk.index ?? 0);
    case 'array':
      return arrayFor(schema, walk);
    case 'object':
      return objectFor(schema, walk);
    default:
      return stringFor(schema, walk, seed);
  }
}

/** Resolves `$ref` and folds allOf / anyOf / oneOf (first usable branch) into one plain schema. */
function flatten(schema: Schema, root: Schema, hops: number): Schema {
  if (hops > MAX_DEPTH) return schema;
  let result: Schema = schema;
  if (typeof result.$ref === 'string') {
    const { $ref, ...siblings } = result;
    result = merge(flatten(resolveRef(root, $ref), root, hops + 1), siblings);
  }
  if (Array.isArray(result.allOf)) {
    const { allOf, ...rest } = result;
    result = (allOf as Schema[]).reduce<Schema>(
      (acc, part) => merge(acc, flatten(part, root, hops + 1)),
      rest,
    );
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = result[keyword];
    if (Array.isArray(branches) && branches.length > 0) {
      const { [keyword]: _, ...rest } = result;
      const resolved = (branches as Schema[]).map((b) => flatten(b, root, hops + 1));
      const branch = resolved.find((b) => typeOf(b) !== 'null') ?? resolved[0]!;
      result = merge(rest, branch);
    }
  }
  return result;
}

function resolveRef(root: Schema, ref: string): Schema {
  if (!ref.startsWith('#')) return {};
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null ? (node as Schema)[part] : undefined;
  }
  return typeof node === 'object' && node !== null ? (node as Schema) : {};
}

/** Combines two schemas that must both hold: properties merged, required lists joined. */
function merge(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a, ...b };
  if (a.properties || b.properties) {
    merged.properties = { ...(a.properties as Schema), ...(b.properties as Schema) };
  }
  if (Array.isArray(a.required) || Array.isArray(b.required)) {
    merged.required = [
      ...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])]),
    ];
  }
  if (a.type !== undefined && b.type !== undefined) {
    const left = [a.type].flat();
    const both = [b.type]
      .flat()
      .filter((t) => left.includes(t) || (t === 'integer' && left.includes('number')));
    merged.type = both.length > 0 ? both : b.type;
  }
  for (const bound of ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const) {
    if (typeof a[bound] === 'number' && typeof b[bound] === 'number') {
      merged[bound] = Math.max(a[bound] as number, b[bound] as number);
    }
  }
  for (const bound of ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const) {
    if (typeof a[bound] === 'number' && typeof b[bound] === 'number') {
      merged[bound] = Math.min(a[bound] as number, b[bound] as number);
    }
  }
  return merged;
}

/** The type to generate: the first non-null listed type, or the one the keywords imply. */
function typeOf(schema: Schema): string {
  const types = [schema.type].flat().filter((t): t is string => typeof t === 'string');
  if (types.length > 0) return types.find((t) => t !== 'null') ?? 'null';
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return 'object';
  if (schema.items || schema.prefixItems || schema.minItems !== undefined) return 'array';
  for (const bound of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']) {
    if (bound in schema) return 'number';
  }
  return 'string';
}

function objectFor(schema: Schema, walk: Walk): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const shallow = walk.depth >= SHALLOW_DEPTH;
  const maxProperties = typeof schema.maxProperties === 'number' ? schema.maxProperties : Infinity;
  const keys = [
    ...[...required],
    ...Object.keys(properties).filter((k) => !required.has(k) && !shallow),
  ].slice(0, Math.max(maxProperties, required.size));
  const value: Record<string, unknown> = {};
  const extra = schema.additionalProperties;
  for (const key of keys) {
    value[key] = generate(
      key in properties ? properties[key] : (extra ?? true),
      child(walk, key, walk.index),
    );
  }
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  for (let n = 1; Object.keys(value).length < minProperties && extra !== false; n++) {
    const key = `extra_${n}`;
    if (!(key in value)) value[key] = generate(extra ?? true, child(walk, key, walk.index));
  }
  return value;
}

function arrayFor(schema: Schema, walk: Walk): unknown[] {
  const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as unknown[]) : [];
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const itemsAllowed = schema.items !== false;
  const max = Math.min(
    typeof schema.maxItems === 'number' ? schema.maxItems : Infinity,
    itemsAllowed ? Infinity : prefix.length,
  );
  const preferred = walk.depth >= SHALLOW_DEPTH ? min : Math.max(prefix.length, 3);
  const count = Math.max(min, Math.min(preferred, max));
  const values: unknown[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const itemSchema = i < prefix.length ? prefix[i] : schema.items;
    let value = generate(itemSchema, child(walk, walk.key, i, String(i)));
    // uniqueItems (or plain variety): try a few other seeds before accepting a repeat.
    for (
      let retry = 1;
      schema.uniqueItems === true && seen.has(JSON.stringify(value)) && retry < 12;
      retry++
    ) {
      value = generate(itemSchema, child(walk, walk.key, i + retry * count, `${i}~${retry}`));
    }
    seen.add(JSON.stringify(value));
    values.push(value);
  }
  return values;
}

function child(walk: Walk, key: string, index: number | undefined, segment = key): Walk {
  return { ...walk, key, index, path: `${walk.path}/${segment}`, depth: walk.depth + 1 };
}

// --- strings ---------------------------------------------------------------------------------

const FREE_TEXT_KEYS =
  /summary|description|feedback|analysis|answer|explanation|reason|comment|notes?|text|body|content|message|overview|details?|recommendation|advice|email_body|pitch/i;

function stringFor(schema: Schema, walk: Walk, seed: number): string {
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  const candidate = format ? formatted(format, walk, seed) : textFor(schema, walk);
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  let value = fitLength(candidate, min, max, format ? undefined : shortLabel(walk));
  if (typeof schema.pattern === 'string') value = matchPattern(schema.pattern, value, min, max);
  return value;
}

function formatted(format: string, walk: Walk, seed: number): string {
  const n = walk.index === undefined ? '' : String(walk.index + 1);
  const hex = seed.toString(16).padStart(8, '0');
  switch (format) {
    case 'email':
    case 'idn-email':
      return `example${n}@example.com`;
    case 'uri':
    case 'iri':
    case 'url':
      return `https://example.com/offline-preview${n ? `/${n}` : ''}`;
    case 'uri-reference':
    case 'iri-reference':
      return `/offline-preview${n ? `/${n}` : ''}`;
    case 'date':
      return `2024-01-${String(1 + (seed % 28)).padStart(2, '0')}`;
    case 'date-time':
      return `2024-01-${String(1 + (seed % 28)).padStart(2, '0')}T12:00:00Z`;
    case 'time':
      return '12:00:00Z';
    case 'duration':
      return 'P1D';
    case 'uuid':
      return `${hex}-0000-4000-8000-${hex}0000`;
    case 'hostname':
    case 'idn-hostname':
      return 'example.com';
    case 'ipv4':
      return `192.0.2.${1 + (seed % 254)}`;
    case 'ipv6':
      return '2001:db8::1';
    default:
      return textFor({}, walk);
  }
}

function humanise(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

function shortLabel(walk: Walk): string {
  const label = humanise(walk.key) || 'value';
  return `${capitalise(label)}${walk.index === undefined ? '' : ` ${walk.index + 1}`}`;
}

/** A sentence that says what the value is and what it is about, marked as offline. */
function textFor(_schema: Schema, walk: Walk): string {
  const topic = joinList(walk.context.topics.slice(0, 2)) || 'your request';
  const label = humanise(walk.key);
  if (label && FREE_TEXT_KEYS.test(walk.key)) {
    return `${OFFLINE_MARKER} The ${label} about ${topic} would appear here once an AI service is connected.`;
  }
  return `${OFFLINE_MARKER} ${shortLabel(walk)} for ${topic}`;
}

/** Length in code points, as JSON Schema counts it. */
function length(text: string): number {
  return [...text].length;
}

function fitLength(candidate: string, min: number, max: number, short: string | undefined): string {
  let value = candidate;
  if (length(value) > max) {
    const chars = [...value];
    const markerFits = max >= OFFLINE_MARKER.length + 6 && value.startsWith(OFFLINE_MARKER);
    if (markerFits || short === undefined) {
      const cut = chars.slice(0, max).join('');
      const space = cut.lastIndexOf(' ');
      value = space > OFFLINE_MARKER.length && length(cut.slice(0, space)) >= min ? cut.slice(0, space) : cut;
    } else {
      value = [...short].slice(0, max).join('');
    }
  }
  const filler = ' (offline preview)';
  while (length(value) < min) value += filler;
  return [...value].slice(0, Math.max(min, Math.min(max, length(value)))).join('');
}

/** Patterns cannot be solved in general; try the value, then a few common shapes. */
function matchPattern(pattern: string, value: string, min: number, max: number): string {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    return value;
  }
  const candidates = [
    value,
    'example',
    'Example',
    'EXAMPLE',
    'example-1',
    'abc',
    'ABC',
    '123',
    '1',
    'a',
    'A',
    '',
  ];
  return (
    candidates.find((c) => regex.test(c) && length(c) >= min && length(c) <= max) ??
    candidates.find((c) => regex.test(c)) ??
    value
  );
}
