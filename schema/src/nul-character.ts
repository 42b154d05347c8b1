/** Deepest nesting looked into; anything deeper is refused elsewhere (request size and depth limits). */
const MAX_DEPTH = 64;

/**
 * Where the first NUL character (U+0000) sits in a value a client sent, as a dotted path
 * (`inputs.input_text`, `nodes.0.name`, or `''` for the value itself); null when there is none.
 * PostgreSQL cannot store U+0000 in text or JSON, so such values are refused at the edge with the
 * field named, before anything is written. Keys are checked as well as values.
 */
export function findNulCharacter(value: unknown, path = ''): string | null {
  return find(value, path, 0);
}

function find(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = find(value[i], join(path, String(i)), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const where = join(path, key.replaceAll('\u0000', '\\u0000'));
    if (key.includes('\u0000')) return where;
    const found = find(item, where, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/** The sentence a refusal says: what is wrong and what to do. */
export function nulCharacterMessage(field: string): string {
  const name = field === '' ? 'The request' : `\`${field}\``;
  return `${name} contains a NUL character (\\u0000), which cannot be stored; remove it and send again.`;
}
