/**
 * Placeholders that reach into values: a variable name, then a path of fields and list items:
 * `{{item}}`, `{{item.name}}`, `{{rows[2].email}}`, `{{http_response.body.items[0].id}}`, and
 * `{{row["first name"]}}` (or single quotes) for a key with spaces, dots or other characters.
 * Spaces are allowed just inside the braces. Every package reads placeholders with this grammar.
 */

/** One step of a path: a field name, or a list position. */
export type PathStep = string | number;

export interface TemplateReference {
  /** As written inside the braces, without the spaces around it: `item.name`. */
  text: string;
  /** The variable the path starts from: `item`. */
  variable: string;
  /** The steps after it: `['name']`, `[2, 'email']`. */
  path: readonly PathStep[];
}

const NAME = '[A-Za-z0-9_-]+';
const QUOTED = `"(?:[^"\\\\]|\\\\[^])*"|'(?:[^'\\\\]|\\\\[^])*'`;
const STEP = `\\.${NAME}|\\[(?:\\d+|${QUOTED})\\]`;
const PLACEHOLDER_SOURCE = `\\{\\{\\s*(${NAME}(?:${STEP})*)\\s*\\}\\}`;
const STEP_PATTERN = new RegExp(`\\.(${NAME})|\\[(?:(\\d+)|(${QUOTED}))\\]`, 'y');
const VARIABLE_PATTERN = new RegExp(NAME, 'y');
const PLAIN_NAME = new RegExp(`^${NAME}$`);

/** A new expression matching one placeholder; group 1 is the reference as written. */
export function placeholderPattern(flags: 'g' | 'y'): RegExp {
  return new RegExp(PLACEHOLDER_SOURCE, flags);
}

function unquote(quoted: string): string {
  return quoted.slice(1, -1).replace(/\\([^])/g, '$1');
}

/** Reads a reference (group 1 of a placeholder match); undefined when it is not one. */
export function parseReference(text: string): TemplateReference | undefined {
  VARIABLE_PATTERN.lastIndex = 0;
  const variable = VARIABLE_PATTERN.exec(text)?.[0];
  if (variable === undefined) return undefined;
  const path: PathStep[] = [];
  let at = variable.length;
  while (at < text.length) {
    STEP_PATTERN.lastIndex = at;
    const step = STEP_PATTERN.exec(text);
    if (!step) return undefined;
    const [whole, field, index, quoted] = step;
    if (field !== undefined) path.push(field);
    else if (index !== undefined) path.push(Number(index));
    else path.push(unquote(quoted!));
    at += whole.length;
  }
  return { text, variable, path };
}

/** How a step is written after what comes before it: `.name`, `[2]`, `["first name"]`. */
export function pathStepText(step: PathStep): string {
  if (typeof step === 'number') return `[${step}]`;
  return PLAIN_NAME.test(step) ? `.${step}` : `[${JSON.stringify(step)}]`;
}

export type PathResult = { found: true; value: unknown } | { found: false; reason: string };

/** Objects and lists as they are; text holding a JSON object or list as what it holds. */
function structured(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const start = value.trimStart()[0];
  if (start !== '{' && start !== '[') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? parsed : value;
  } catch {
    return value;
  }
}

const LISTED_FIELDS = 30;

function fieldList(value: object): string {
  const names = Object.keys(value).map((name) => (PLAIN_NAME.test(name) ? name : JSON.stringify(name)));
  if (names.length === 0) return 'it has no fields';
  const shown = names.slice(0, LISTED_FIELDS).join(', ');
  const more = names.length - LISTED_FIELDS;
  return `its fields are ${shown}${more > 0 ? `, and ${more} more` : ''}`;
}

function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number' || typeof value === 'bigint') return 'a number';
  if (typeof value === 'boolean') return 'true or false';
  return 'not a set of fields';
}

function items(count: number): string {
  return count === 1 ? '1 item, [0]' : `${count} items, [0] to [${count - 1}]`;
}

/** A key `value` holds as its own data: never one it inherits (`toString`, `constructor`) nor `__proto__`. */
function ownField(value: object, key: string): boolean {
  return key !== '__proto__' && Object.prototype.propertyIsEnumerable.call(value, key);
}

/** One step into `value` (shown as `at`), or why it cannot be taken. */
function stepInto(value: unknown, step: PathStep, at: string): PathResult {
  if (Array.isArray(value)) {
    const index = typeof step === 'number' ? step : /^\d+$/.test(step) ? Number(step) : undefined;
    if (index === undefined) {
      return {
        found: false,
        reason: `${at} is a list, so it has no field "${step}"; pick an item first, such as ${at}[0]${pathStepText(step)}.`,
      };
    }
    if (index >= value.length) {
      return {
        found: false,
        reason:
          value.length === 0
            ? `${at} has no item [${index}]; it is an empty list.`
            : `${at} has no item [${index}]; it has ${items(value.length)}.`,
      };
    }
    return { found: true, value: value[index] };
  }
  if (typeof value === 'object' && value !== null) {
    const key = String(step);
    if (ownField(value, key)) return { found: true, value: (value as Record<string, unknown>)[key] };
    return { found: false, reason: `${at} has no field ${JSON.stringify(key)}; ${fieldList(value)}.` };
  }
  const wanted = typeof step === 'number' ? `item [${step}]` : `field ${JSON.stringify(step)}`;
  return { found: false, reason: `${at} is ${kindOf(value)}, so it has no ${wanted}.` };
}

/**
 * Follows a reference's path from its variable's value. Objects and lists are walked, and so is
 * text holding a JSON object or list (many blocks pass JSON as text); only a value's own fields
 * count. A step that cannot be taken gives the reason, naming the missing field and the fields
 * there are: `item has no field "nme"; its fields are name, email, age.`
 */
export function resolvePath(
  value: unknown,
  reference: Pick<TemplateReference, 'variable' | 'path'>,
): PathResult {
  let current = value;
  let at = reference.variable;
  for (const step of reference.path) {
    const next = stepInto(structured(current), step, at);
    if (!next.found) return next;
    current = next.value;
    at += pathStepText(step);
  }
  return { found: true, value: current };
}

/** The problem as a whole sentence: `{{item.nme}}: item has no field "nme"; its fields are name.` */
export function referenceProblem(reference: Pick<TemplateReference, 'text'>, reason: string): string {
  return `{{${reference.text}}}: ${reason}`;
}

/**
 * The placeholders a value offers below `variable`, for a picker: its fields (`item.name`), the
 * fields of its first item when it is a list (`rows[0].email`), and one level further
 * (`http_response.body.items`); JSON text is read as what it holds. At most `max`, in the value's order.
 */
export function fieldPaths(variable: string, value: unknown, max = 20): string[] {
  const paths: string[] = [];
  const visit = (current: unknown, at: string, depth: number): void => {
    const structuredValue = structured(current);
    if (depth === 0 || typeof structuredValue !== 'object' || structuredValue === null) return;
    if (Array.isArray(structuredValue)) {
      if (structuredValue.length > 0) visit(structuredValue[0], `${at}[0]`, depth);
      return;
    }
    for (const key of Object.keys(structuredValue)) {
      if (paths.length >= max || key === '__proto__') return;
      const path = at + pathStepText(key);
      paths.push(path);
      visit((structuredValue as Record<string, unknown>)[key], path, depth - 1);
    }
  };
  visit(value, variable, 2);
  return paths.slice(0, max);
}
