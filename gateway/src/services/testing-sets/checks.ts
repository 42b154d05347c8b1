import { checkJsonAnswer } from '@blocksmith/block-sdk';
import { cutText, flatResult, isPlainObject, isRunResult } from '@blocksmith/schema';
import { matchesPattern } from './safe-pattern';
import type { TestCheck } from './app-test-case';

/** What one check found: passed or not, what it looked at, and why. */
export interface CheckOutcome {
  type: TestCheck['type'];
  target: string;
  passed: boolean;
  /** What it looked at, as text (cut to 2,000 characters). */
  actual: string | null;
  /** Why it passed or failed, in a sentence (a judge's own reason). */
  reason: string;
}

/** A model judging an answer against a rubric. */
export type Judge = (request: {
  answer: string;
  rubric: string;
  model?: string;
}) => Promise<{ passed: boolean; reason: string }>;

/** A run's answers: the final one and each one by its flat key, block id, and `blockId.output`. */
export interface RunAnswers {
  final: unknown;
  byTarget: Map<string, unknown>;
}

/** The answers of a stored run result (per block, or flat as stored before). */
export function answersOf(result: Record<string, unknown> | null): RunAnswers {
  const byTarget = new Map<string, unknown>();
  let final: unknown = undefined;
  if (!result) return { final, byTarget };
  const flat = flatResult(result);
  for (const [key, value] of Object.entries(flat)) if (key !== 'artifacts') byTarget.set(key, value);
  if (isRunResult(result)) {
    for (const layout of result.layout) {
      const block = result.blocks[layout.id];
      if (!block) continue;
      const names = Object.keys(block.outputs);
      if (names.length === 0) continue;
      const first = layout.outputs.find((name) => name in block.outputs) ?? names[0]!;
      byTarget.set(layout.id, block.outputs[first]);
      for (const name of names) byTarget.set(`${layout.id}.${name}`, block.outputs[name]);
      final = block.outputs[first];
    }
  } else {
    const values = [...byTarget.values()];
    final = values[values.length - 1];
  }
  return { final, byTarget };
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}

/** A classification's label: the value itself, or its `label`/`category`/`classification` field. */
function labelOf(value: unknown): string {
  if (isPlainObject(value)) {
    for (const key of ['label', 'category', 'classification', 'class']) {
      if (typeof value[key] === 'string') return value[key];
    }
  }
  return asText(value).trim();
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const found = /-?\d+(?:\.\d+)?/.exec(value.replace(/,(?=\d{3})/g, ''));
    return found ? Number(found[0]) : null;
  }
  return null;
}

const cut = (value: string) => (value.length > 2000 ? `${cutText(value, 2000)}…` : value);

/** Evaluates one check against a run's answers. */
export async function evaluateCheck(
  check: TestCheck,
  answers: RunAnswers,
  judge: Judge,
): Promise<CheckOutcome> {
  const value = check.target === 'answer' ? answers.final : answers.byTarget.get(check.target);
  const outcome = (passed: boolean, reason: string, actual = asText(value)): CheckOutcome => ({
    type: check.type,
    target: check.target,
    passed,
    actual: cut(actual),
    reason,
  });
  if (value === undefined) {
    return {
      type: check.type,
      target: check.target,
      passed: false,
      actual: null,
      reason: `The run has no answer ${check.target}.`,
    };
  }
  const fold = (text: string) => (check.ignoreCase ? text.toLowerCase() : text);
  const actual = asText(value);
  switch (check.type) {
    case 'equals':
      return fold(actual.trim()) === fold(check.value!.trim())
        ? outcome(true, 'The answer equals the expected text.')
        : outcome(false, `Expected "${cut(check.value!)}".`);
    case 'contains':
      return fold(actual).includes(fold(check.value!))
        ? outcome(true, `The answer contains "${cut(check.value!)}".`)
        : outcome(false, `The answer does not contain "${cut(check.value!)}".`);
    case 'matches':
      return matchesPattern(check.pattern!, actual, check.ignoreCase)
        ? outcome(true, `The answer matches /${check.pattern}/.`)
        : outcome(false, `The answer does not match /${check.pattern}/.`);
    case 'jsonSchema': {
      const raw = typeof value === 'string' ? value : JSON.stringify(value);
      const checked = checkJsonAnswer(raw, check.schema!);
      return checked.ok
        ? outcome(true, 'The answer is valid against the schema.')
        : outcome(false, `The answer is not valid against the schema: ${checked.error}.`);
    }
    case 'range': {
      const number = numberOf(value);
      if (number === null) return outcome(false, 'The answer holds no number.');
      const low = check.min === undefined || number >= check.min;
      const high = check.max === undefined || number <= check.max;
      const bounds = `${check.min ?? '-∞'} to ${check.max ?? '∞'}`;
      return low && high
        ? outcome(true, `${number} is within ${bounds}.`, String(number))
        : outcome(false, `${number} is outside ${bounds}.`, String(number));
    }
    case 'label': {
      const label = labelOf(value);
      return fold(label) === fold(check.label!.trim())
        ? outcome(true, `The label is ${label}.`, label)
        : outcome(false, `The label is ${label || 'empty'}, not ${check.label}.`, label);
    }
    case 'judge': {
      try {
        const verdict = await judge({
          answer: actual,
          rubric: check.rubric!,
          ...(check.model && { model: check.model }),
        });
        return outcome(verdict.passed, verdict.reason);
      } catch (error) {
        return outcome(false, `The judge could not answer: ${(error as Error).message}`);
      }
    }
  }
}
