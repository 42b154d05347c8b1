import { parseReference, placeholderPattern, resolvePath, type TemplateReference } from './template-path';

/**
 * Prompt templates: text with `{{name}}` placeholders, which may reach into a value
 * (`{{item.name}}`, `{{rows[2].email}}`: the grammar is in template-path.ts), filled from upstream
 * variables at run time.
 */
const PLACEHOLDER = placeholderPattern('g');

export const PROMPT_VARIABLES_MESSAGE = 'Please use all available variables in your prompt:';

/** Distinct variables the placeholders use, in order of first use (`{{item.name}}` uses `item`). */
export function templateVariables(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) {
    const reference = parseReference(match[1]!);
    if (reference) names.add(reference.variable);
  }
  return [...names];
}

function render(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value, null, 2);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/**
 * True when `name` is a key of `values` or of a scope it extends through its prototype chain (the
 * run engine shares upstream variables that way); Object.prototype's members never count.
 */
export function hasTemplateValue(values: object, name: string): boolean {
  if (!(name in values)) return false;
  // Fast path: `in` is exact unless the name is one of Object.prototype's own members.
  if (!(name in Object.prototype)) return true;
  for (
    let scope: object | null = values;
    scope !== null && scope !== Object.prototype;
    scope = Object.getPrototypeOf(scope)
  ) {
    if (Object.hasOwn(scope, name)) return true;
  }
  return false;
}

export type TemplateValue =
  | { found: true; value: unknown }
  /** `reason` says which field is missing when the variable is there but its path is not. */
  | { found: false; reason?: string };

/** The value a reference names in `values` (see hasTemplateValue), its path followed (see resolvePath). */
export function templateValue(
  values: Readonly<Record<string, unknown>>,
  reference: Pick<TemplateReference, 'variable' | 'path'>,
): TemplateValue {
  if (!hasTemplateValue(values, reference.variable)) return { found: false };
  const value = values[reference.variable];
  return reference.path.length === 0 ? { found: true, value } : resolvePath(value, reference);
}

/**
 * Replaces each placeholder whose variable is a key of `values` (see hasTemplateValue) and whose
 * path leads to a value (see resolvePath). Strings go in as they are, numbers and booleans through
 * String, objects and arrays as 2-space JSON, null and undefined as ''. Other placeholders (an
 * unknown name, a missing field) stay as written. One pass over the template with a precompiled
 * expression; runs for every block of every run.
 */
export function substituteTemplate(template: string, values: Readonly<Record<string, unknown>>): string {
  if (!template.includes('{{')) return template;
  return template.replace(PLACEHOLDER, (placeholder, text: string) => {
    const reference = parseReference(text);
    const found = reference && templateValue(values, reference);
    return found?.found ? render(found.value) : placeholder;
  });
}

/**
 * `template` with the placeholders of each renamed variable naming its new name, their paths kept
 * (`{{item.name}}` becomes `{{row.name}}` for item -> row). One pass: a new name is never renamed again.
 */
export function renameTemplateVariables(template: string, renames: ReadonlyMap<string, string>): string {
  if (renames.size === 0 || !template.includes('{{')) return template;
  return template.replace(PLACEHOLDER, (placeholder, text: string) => {
    const reference = parseReference(text);
    const to = reference && renames.get(reference.variable);
    return to === undefined ? placeholder : `{{${to}${text.slice(reference!.variable.length)}}}`;
  });
}

/** The settings panel's 'Heads up' list: available variables the template does not use. */
export function unusedVariables(template: string, available: readonly string[]): string[] {
  const used = new Set(templateVariables(template));
  return [...new Set(available)].filter((name) => !used.has(name));
}

const WORD_CHAR = /[A-Za-z0-9_]/;

function mentions(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = text.charAt(at - 1);
    const after = text.charAt(at + name.length);
    if (!WORD_CHAR.test(before) && !WORD_CHAR.test(after)) return true;
  }
  return false;
}

/**
 * The Prompt Assistant rule: every available variable must appear in the description. A variable
 * counts as used when its name appears as a whole word, ignoring case, so `{{topic}}`,
 * `{{ topic }}`, "the topic" and "TOPIC" all count, while "topics" or "subtopic" do not (the
 * description is free text for the prompt generator, which maps plain mentions to placeholders).
 * Returns the missing names in the given order, without repeats; empty names are ignored.
 */
export function missingPromptVariables(description: string, variables: readonly string[]): string[] {
  const text = description.toLowerCase();
  return [...new Set(variables)].filter((name) => name !== '' && !mentions(text, name.toLowerCase()));
}

/** 'Please use all available variables in your prompt: a, b'; just the lead text when none is missing. */
export function promptVariablesMessage(missing: readonly string[]): string {
  return missing.length === 0
    ? PROMPT_VARIABLES_MESSAGE
    : `${PROMPT_VARIABLES_MESSAGE} ${missing.join(', ')}`;
}
