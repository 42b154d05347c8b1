/** Deepest nesting looked into; anything deeper is refused elsewhere (request size and depth limits). */
const MAX_DEPTH = 64;

/**
 * A NUL character (U+0000), or half of a surrogate pair with no other half: PostgreSQL stores
 * neither in text or JSON, and the second is not Unicode text at all.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Every character that cannot be stored, for replacing them. */
const UNSTORABLE = new RegExp(`\u0000|${LONE_SURROGATE.source}`, 'g');

/** What stands for a character that cannot be stored: U+FFFD, the Unicode replacement character. */
export const REPLACEMENT_CHARACTER = '\ufffd';

/** Whether a string holds a character that cannot be stored: NUL, or half of a surrogate pair. */
export function hasUnstorableCharacter(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** `text` with each NUL and each half of a surrogate pair replaced by U+FFFD (the same string when there is none). */
export function storableText(text: string): string {
  return hasUnstorableCharacter(text) ? text.replace(UNSTORABLE, REPLACEMENT_CHARACTER) : text;
}

/**
 * `value` with every string in it made storable (`storableText`), object keys too, keeping its
 * shape: what a run stores of what blocks produced (outputs, steps, errors), where refusing is not
 * an option. Answers `value` itself when nothing had to change (no copy), and a copy otherwise;
 * the original is never changed. Deeper than MAX_DEPTH is left as it is (JSON refuses it anyway).
 */
export function storableValue<T>(value: T): T {
  return clean(value, 0) as T;
}

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const kept = clean(item, depth + 1);
      if (kept !== item) (copy ??= value.slice())[i] = kept;
    }
    return copy ?? value;
  }
  if (!isPlainRecord(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const cleanKey = storableText(key);
    const kept = clean(item, depth + 1);
    if (cleanKey === key && kept === item && copy === undefined) continue;
    copy ??= copyUpTo(value, key);
    copy[cleanKey] = kept;
  }
  return copy ?? value;
}

function isPlainRecord(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The entries of `record` before `key`, in their order. */
function copyUpTo(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(record)) {
    if (name === key) break;
    copy[name] = item;
  }
  return copy;
}

/**
 * The first `max` UTF-16 units of `text` at most, never ending on the first half of a surrogate
 * pair (then one unit fewer): a cut that keeps every character whole (an emoji stays or goes).
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = Math.max(0, max);
  const last = text.charCodeAt(end - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}

/**
 * Where the first string that cannot be stored sits in a value a client sent, as a dotted path
 * (`inputs.input_text`, `nodes.0.name`, or `''` for the value itself); null when there is none.
 * Such values are refused at the edge with the field named, before anything is written. Keys are
 * checked as well as values.
 */
export function findUnstorableText(value: unknown, path = ''): string | null {
  return find(value, path, 0);
}

function find(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return hasUnstorableCharacter(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = find(value[i], join(path, String(i)), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasUnstorableCharacter(key)) return join(path, JSON.stringify(key).slice(1, -1).slice(0, 100));
    const found = find(item, join(path, key), depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** The sentence a refusal says: what is wrong and what to do. */
export function unstorableTextMessage(field: string): string {
  const name =
    field === '' ? 'The request' : `\`${field.length > 200 ? `${cutText(field, 200)}...` : field}\``;
  return `${name} contains a character that cannot be stored (a NUL character, \\u0000, or half of a surrogate pair); remove it and send again.`;
}
