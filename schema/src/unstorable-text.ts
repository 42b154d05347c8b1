/** Deepest nesting looked into; anything deeper is refused elsewhere (request size and depth limits). */
const MAX_DEPTH = 64;

/**
 * A NUL character (U+0000), or half of a surrogate pair with no other half: PostgreSQL stores
 * neither in text or JSON, and the second is not Unicode text at all.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string holds a character that cannot be stored: NUL, or half of a surrogate pair. */
export function hasUnstorableCharacter(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
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
    field === '' ? 'The request' : `\`${field.length > 200 ? `${field.slice(0, 200)}...` : field}\``;
  return `${name} contains a character that cannot be stored (a NUL character, \\u0000, or half of a surrogate pair); remove it and send again.`;
}
