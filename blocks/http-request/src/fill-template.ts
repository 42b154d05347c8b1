import { BlockInputError, valueAsText } from '@blocksmith/block-sdk';

/** `{{name}}`, with spaces allowed inside the braces, as everywhere else in the product. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/y;

/** Looks a placeholder's name up: `found` is false when no upstream block provides it. */
export type Lookup = (name: string) => { found: true; value: unknown } | { found: false };

/**
 * Walks a template, handing each placeholder (with the text before it) to `fill`. A name nothing
 * provides fails with the setting's label, rather than being sent as written.
 */
function fillPlaceholders(
  template: string,
  label: string,
  lookup: Lookup,
  fill: (value: unknown, before: string) => string,
): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    PLACEHOLDER.lastIndex = i;
    const match = template.startsWith('{{', i) ? PLACEHOLDER.exec(template) : null;
    if (!match) {
      out += template[i];
      i++;
      continue;
    }
    const name = match[1]!;
    const found = lookup(name);
    if (!found.found) {
      throw new BlockInputError(
        `"${label}" uses {{${name}}}, which no upstream block provides. Connect the block that provides it, or remove it.`,
      );
    }
    out += fill(found.value, out);
    i += match[0].length;
  }
  return out;
}

/** True when `before` already reaches past scheme, host and port into the path, query or fragment. */
function pastAuthority(before: string): boolean {
  const scheme = before.indexOf('://');
  const rest = scheme === -1 ? before : before.slice(scheme + 3);
  return /[/?#]/.test(rest);
}

/**
 * Fills a URL template. In the path, query and fragment a value is percent-encoded
 * (`?q={{query}}` with `cats & dogs` gives `?q=cats%20%26%20dogs`); before them (a whole base URL
 * such as `{{base_url}}/items`, or a host) it goes in as it is.
 */
export function fillUrl(template: string, label: string, lookup: Lookup): string {
  return fillPlaceholders(template, label, lookup, (value, before) =>
    pastAuthority(before) ? encodeURIComponent(valueAsText(value)) : valueAsText(value),
  );
}

/**
 * The name of the first placeholder of a URL template whose value would go in as it is (before
 * the path, query or fragment, where it can be or change the host), or undefined when every value
 * is percent-encoded. Values encoded before it hold no `:`, `/`, `?` or `#`, so they cannot change
 * where the path starts: the template alone decides.
 */
export function unencodedUrlPlaceholder(template: string): string | undefined {
  let current: string | undefined;
  let unencoded: string | undefined;
  const lookup: Lookup = (name) => {
    current = name;
    return { found: true, value: '' };
  };
  fillPlaceholders(template, 'URL', lookup, (_value, before) => {
    if (unencoded === undefined && !pastAuthority(before)) unencoded = current;
    return '';
  });
  return unencoded;
}

/** Fills a header value; a value that would break the header onto another line is refused. */
export function fillHeaderValue(template: string, label: string, lookup: Lookup): string {
  const value = fillPlaceholders(template, label, lookup, (v) => valueAsText(v)).trim();
  if (/[\r\n\0]/.test(value)) {
    throw new BlockInputError(`"${label}" holds a line break or NUL character after filling in variables.`);
  }
  return value;
}

/**
 * Fills a JSON template so the result stays valid JSON: inside a string a value goes in as string
 * content, escaped (`"Hi {{name}}"`); elsewhere as a JSON value (`{"count": {{count}}}` with 3, or
 * `{"data": {{extracted_data}}}` with an object). Returns the JSON text; invalid JSON is refused.
 */
export function fillJson(template: string, label: string, lookup: Lookup): string {
  let inString = false;
  let escaped = false;
  let scanned = 0;
  const track = (text: string) => {
    for (const c of text) {
      if (escaped) escaped = false;
      else if (c === '\\' && inString) escaped = true;
      else if (c === '"') inString = !inString;
    }
  };
  const filled = fillPlaceholders(template, label, lookup, (value, before) => {
    track(before.slice(scanned));
    const piece = inString
      ? JSON.stringify(valueAsText(value)).slice(1, -1)
      : (JSON.stringify(value ?? null) ?? 'null');
    scanned = before.length + piece.length;
    return piece;
  });
  try {
    JSON.parse(filled);
  } catch (error) {
    throw new BlockInputError(
      `"${label}" is not valid JSON after filling in variables (${(error as Error).message}).`,
    );
  }
  return filled;
}
