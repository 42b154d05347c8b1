import { randomUUID } from 'node:crypto';
import { checkJsonAnswer } from '@blocksmith/block-sdk';
import {
  findUnstorableText,
  hasUnstorableCharacter,
  isPlainObject,
  type TestCase,
  type TestCheck,
  CHECK_TYPES,
  type CheckType,
  unstorableTextMessage,
} from '@blocksmith/schema';
import { InputError, PayloadTooLargeError } from '../../errors';
import { checkPattern } from './safe-pattern';

export { CHECK_TYPES, type CheckType, type TestCase, type TestCheck } from '@blocksmith/schema';

export const MAX_CASES = 500;
export const MAX_CHECKS = 20;
const MAX_TEXT = 20_000;
const MAX_NAME = 200;
/** A set as JSON (cases, inputs and checks) above this is refused. */
export const MAX_SET_CHARS = 2_000_000;

function text(value: unknown, where: string, max = MAX_TEXT): string {
  if (typeof value !== 'string') throw new InputError(`${where} must be text.`);
  if (value.length > max)
    throw new InputError(`${where} must be at most ${max.toLocaleString('en')} characters.`);
  if (hasUnstorableCharacter(value)) throw new InputError(unstorableTextMessage(where));
  return value;
}

function optionalNumber(value: unknown, where: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new InputError(`${where} must be a number.`);
  return value;
}

function parseCheck(raw: unknown, where: string): TestCheck {
  if (!isPlainObject(raw)) throw new InputError(`${where} must be an object with a type.`);
  const type = raw.type;
  if (typeof type !== 'string' || !(CHECK_TYPES as readonly string[]).includes(type)) {
    throw new InputError(`${where}.type must be one of ${CHECK_TYPES.join(', ')}.`);
  }
  const target =
    raw.target === undefined || raw.target === null || raw.target === ''
      ? 'answer'
      : text(raw.target, `${where}.target`, 200);
  const check: TestCheck = { type: type as CheckType, target };
  if (raw.ignoreCase === true) check.ignoreCase = true;
  switch (type) {
    case 'equals':
    case 'contains':
      check.value = text(raw.value, `${where}.value`);
      if (type === 'contains' && check.value === '')
        throw new InputError(`${where}.value must not be empty.`);
      break;
    case 'matches': {
      check.pattern = text(raw.pattern, `${where}.pattern`, 500);
      const problem = checkPattern(check.pattern);
      if (problem) throw new InputError(`${where}.pattern ${problem}`);
      break;
    }
    case 'jsonSchema': {
      if (!isPlainObject(raw.schema)) throw new InputError(`${where}.schema must be a JSON schema object.`);
      const unstorable = findUnstorableText(raw.schema);
      if (unstorable !== null) throw new InputError(unstorableTextMessage(`${where}.schema.${unstorable}`));
      if (JSON.stringify(raw.schema).length > MAX_TEXT)
        throw new InputError(`${where}.schema must be at most ${MAX_TEXT.toLocaleString('en')} characters.`);
      try {
        checkJsonAnswer('null', raw.schema);
      } catch (error) {
        throw new InputError(`${where}.schema is not a valid JSON schema: ${(error as Error).message}`);
      }
      check.schema = raw.schema;
      break;
    }
    case 'range': {
      const min = optionalNumber(raw.min, `${where}.min`);
      const max = optionalNumber(raw.max, `${where}.max`);
      if (min === undefined && max === undefined)
        throw new InputError(`${where} needs a min, a max or both.`);
      if (min !== undefined && max !== undefined && min > max)
        throw new InputError(`${where}.min must not be above its max.`);
      if (min !== undefined) check.min = min;
      if (max !== undefined) check.max = max;
      break;
    }
    case 'label':
      check.label = text(raw.label, `${where}.label`, 200);
      if (check.label.trim() === '') throw new InputError(`${where}.label must not be empty.`);
      break;
    case 'judge':
      check.rubric = text(raw.rubric, `${where}.rubric`, 5000);
      if (check.rubric.trim() === '') throw new InputError(`${where}.rubric must say what a good answer is.`);
      if (raw.model !== undefined && raw.model !== null && raw.model !== '')
        check.model = text(raw.model, `${where}.model`, 200);
      break;
  }
  return check;
}

/** One case as sent, checked; a clear error naming the field otherwise. */
export function parseCase(raw: unknown, index: number): TestCase {
  const where = `cases[${index}]`;
  if (!isPlainObject(raw)) throw new InputError(`${where} must be an object with inputs and checks.`);
  const id =
    raw.id === undefined || raw.id === null || raw.id === ''
      ? randomUUID()
      : text(raw.id, `${where}.id`, 100);
  const name =
    raw.name === undefined || raw.name === null
      ? `Case ${index + 1}`
      : text(raw.name, `${where}.name`, MAX_NAME);
  const inputsRaw = raw.inputs ?? {};
  if (!isPlainObject(inputsRaw))
    throw new InputError(`${where}.inputs must be an object keyed by input name.`);
  const inputs: TestCase['inputs'] = {};
  for (const [key, value] of Object.entries(inputsRaw)) {
    text(key, `${where}.inputs key`, 200);
    if (typeof value === 'string') inputs[key] = text(value, `${where}.inputs.${key}`, 100_000);
    else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
      inputs[key] = value;
    else throw new InputError(`${where}.inputs.${key} must be text, a number or a yes/no value.`);
  }
  const checksRaw = raw.checks ?? [];
  if (!Array.isArray(checksRaw)) throw new InputError(`${where}.checks must be a list.`);
  if (checksRaw.length > MAX_CHECKS) throw new InputError(`${where} may have at most ${MAX_CHECKS} checks.`);
  const checks = checksRaw.map((check, i) => parseCheck(check, `${where}.checks[${i}]`));
  const sourceRunId =
    raw.sourceRunId === undefined || raw.sourceRunId === null
      ? null
      : text(raw.sourceRunId, `${where}.sourceRunId`, 100);
  return { id, name, inputs, checks, sourceRunId };
}

/** A whole set as sent (`{ cases: [...] }`'s list), checked; case ids unique. */
export function parseCases(raw: unknown): TestCase[] {
  if (!Array.isArray(raw)) throw new InputError('cases must be a list.');
  if (raw.length > MAX_CASES) throw new InputError(`A test set may have at most ${MAX_CASES} cases.`);
  const cases = raw.map((one, index) => parseCase(one, index));
  const seen = new Set<string>();
  for (const one of cases) {
    if (seen.has(one.id)) throw new InputError(`Two cases have the id ${one.id}; each case needs its own.`);
    seen.add(one.id);
  }
  if (JSON.stringify(cases).length > MAX_SET_CHARS) {
    throw new PayloadTooLargeError('The test set is too large: 2,000,000 characters of JSON at most.');
  }
  return cases;
}

/** Cases from JSON Lines (one case a line; blank lines ignored); the line of a bad one is named. */
export function parseJsonLines(body: string): TestCase[] {
  if (body.length > MAX_SET_CHARS) {
    throw new PayloadTooLargeError('The file is too large: 2,000,000 characters at most.');
  }
  const rows: unknown[] = [];
  const lines = body.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      rows.push(JSON.parse(line));
    } catch {
      throw new InputError(`Line ${index + 1} is not JSON: each line must be one case as a JSON object.`);
    }
  });
  return parseCases(rows);
}

/** Cases as JSON Lines, one a line. */
export function toJsonLines(cases: readonly TestCase[]): string {
  return cases.map((one) => JSON.stringify(one)).join('\n') + (cases.length > 0 ? '\n' : '');
}
