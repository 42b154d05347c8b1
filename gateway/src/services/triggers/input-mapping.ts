import { isPlainObject } from '@blocksmith/schema';
import { InputError } from '../../errors';

/** An app input's name (input_text) to where its value is in a call's JSON body (customer.email). */
export type InputMapping = Record<string, string>;

const MAX_ENTRIES = 50;
const MAX_NAME = 100;
const MAX_PATH = 200;
const PATH = /^[^.\s]+(\.[^.\s]+)*$/;

/** A mapping as a person sent it, checked: names to dotted paths, each short and well formed. */
export function checkedMapping(raw: unknown): InputMapping {
  if (raw === undefined || raw === null) return {};
  if (!isPlainObject(raw)) {
    throw new InputError('Send the mapping as an object: { "input_text": "customer.email" }.', {
      field: 'mapping',
    });
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_ENTRIES) {
    throw new InputError(`A mapping has ${MAX_ENTRIES} inputs at most.`, { field: 'mapping' });
  }
  const mapping: InputMapping = {};
  for (const [name, path] of entries) {
    if (name.trim() === '' || name.length > MAX_NAME) {
      throw new InputError(`Each mapped input is named (${MAX_NAME} characters at most).`, {
        field: 'mapping',
      });
    }
    if (typeof path !== 'string' || path.length > MAX_PATH || !PATH.test(path)) {
      throw new InputError(
        `The mapping of ${name} must be a field of the body: a name, or names joined by dots (customer.email, items.0.title), ${MAX_PATH} characters at most.`,
        { field: 'mapping' },
      );
    }
    mapping[name] = path;
  }
  return mapping;
}

/** The value at a dotted path (array items by index), or undefined. */
export function valueAt(body: unknown, path: string): unknown {
  let value = body;
  for (const key of path.split('.')) {
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else if (isPlainObject(value) && Object.hasOwn(value, key))
      value = (value as Record<string, unknown>)[key];
    else return undefined;
  }
  return value;
}

/** A run input from a body value: text, numbers and yes/no as they are, anything else as its JSON. */
function inputValue(value: unknown): unknown {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
  try {
    return JSON.stringify(value);
  } catch {
    throw new InputError('A mapped field is nested too deeply to be an input; map a field inside it.');
  }
}

/**
 * A call's inputs: each mapped input from its field of the body (left out when the body lacks it);
 * without a mapping, the body's own fields are the inputs (`{ "input_text": "..." }`).
 */
export function mappedInputs(body: unknown, mapping: InputMapping): Record<string, unknown> {
  const names = Object.keys(mapping);
  if (names.length === 0) {
    if (!isPlainObject(body)) {
      throw new InputError(
        'Send a JSON object whose fields are the app’s inputs ({ "input_text": "..." }), or map the body’s fields to the inputs on the webhook.',
      );
    }
    return Object.fromEntries(
      Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, inputValue(v)]),
    );
  }
  const inputs: Record<string, unknown> = {};
  for (const name of names) {
    const value = valueAt(body, mapping[name]!);
    if (value !== undefined) inputs[name] = inputValue(value);
  }
  return inputs;
}
