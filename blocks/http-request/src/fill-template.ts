import {
  BlockInputError,
  parseReference,
  placeholderPattern,
  resolvePath,
  valueAsText,
  type TemplateReference,
} from '@blocksmith/block-sdk';

/** `{{name}}` or `{{item.name}}`, with spaces allowed inside the braces, as everywhere else in the product. */
const PLACEHOLDER = placeholderPattern('y');

/**
 * Looks a placeholder's variable up (`item` for `{{item.name}}`; the whole reference is given too):
 * `found` is false when no upstream block provides it. The path is then followed from its value.
 */
export type Lookup = (
  name: string,
  reference: TemplateReference,
) => { found: true; value: unknown } | { found: false };

/** The value a placeholder names, or why it has none, as the setting's label says it. */
function valueOf(reference: TemplateReference, label: string, lookup: Lookup): unknown {
  const found = lookup(reference.variable, reference);
  if (!found.found) {
    throw new BlockInputError(
      `"${label}" uses {{${reference.text}}}, which no upstream block provides. Connect the block that provides it, or remove it.`,
    );
  }
  const resolved = resolvePath(found.value, reference);
  if (!resolved.found)
    throw new BlockInputError(`"${label}" uses {{${reference.text}}}, but ${resolved.reason}`);
  return resolved.value;
}

/** Walks a template, handing each placeholder (with the text filled in before it) to `fill`. */
function eachPlaceholder(
  template: string,
  fill: (reference: TemplateReference, before: string) => string,
): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    PLACEHOLDER.lastIndex = i;
    const match = template.startsWith('{{', i) ? PLACEHOLDER.exec(template) : null;
    const reference = match ? parseReference(match[1]!) : undefined;
    if (!match || !reference) {
      out += template[i];
      i++;
      continue;
    }
    out += fill(reference, out);
    i += match[0].length;
  }
  return out;
}

/**
 * Hands each placeholder's value (with the text before it) to `fill`. A name nothing provides, or a
 * field its value does not have, fails with the setting's label, rather than being sent as written.
 */
function fillPlaceholders(
  template: string,
  label: string,
  lookup: Lookup,
  fill: (value: unknown, before: string) => string,
): string {
  return eachPlaceholder(template, (reference, before) => fill(valueOf(reference, label, lookup), before));
}

/** True when `before` already reaches past scheme, host and port into the path, query or fragment. */
function pastAuthority(before: string): boolean {
  const scheme = before.indexOf('://');
  const rest = scheme === -1 ? before : before.slice(scheme + 3);
  return /[/?#]/.test(rest);
}

/** A URL value: percent-encoded in the path, query and fragment, as it is before them. */
function urlPiece(value: unknown, before: string): string {
  return pastAuthority(before) ? encodeURIComponent(valueAsText(value)) : valueAsText(value);
}

/**
 * Fills a URL template. In the path, query and fragment a value is percent-encoded
 * (`?q={{query}}` with `cats & dogs` gives `?q=cats%20%26%20dogs`); before them (a whole base URL
 * such as `{{base_url}}/items`, or a host) it goes in as it is.
 */
export function fillUrl(template: string, label: string, lookup: Lookup): string {
  return fillPlaceholders(template, label, lookup, urlPiece);
}

/** Fills a URL template as fillUrl does, every placeholder (whatever its path) with `value`. */
export function fillUrlWith(template: string, value: unknown): string {
  return eachPlaceholder(template, (_reference, before) => urlPiece(value, before));
}

/**
 * The first placeholder of a URL template (as written inside the braces) whose value would go in
 * as it is (before the path, query or fragment, where it can be or change the host), or undefined
 * when every value is percent-encoded. Values encoded before it hold no `:`, `/`, `?` or `#`, so
 * they cannot change where the path starts: the template alone decides.
 */
export function unencodedUrlPlaceholder(template: string): string | undefined {
  let unencoded: string | undefined;
  eachPlaceholder(template, (reference, before) => {
    if (unencoded === undefined && !pastAuthority(before)) unencoded = reference.text;
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
