import type { AppConfig } from '@blocksmith/schema';
import type { TestCheck } from '../api/app-tests';
import { TESTS } from '../texts/testing-texts';

/** Something a check can look at: the final answer, or one block's answer. */
export interface CheckTarget {
  value: string;
  label: string;
}

/**
 * What a check can look at in an app: its final answer, then each block that answers (input
 * blocks do not), named as the palette names it and numbered when a kind comes more than once.
 */
export function checkTargets(
  config: AppConfig,
  block: (type: string) => { name: string; category: string } | undefined,
): CheckTarget[] {
  const answering = config.plugins.filter((plugin) => block(plugin.type)?.category !== 'input');
  const seen = new Map<string, number>();
  const targets: CheckTarget[] = [{ value: 'answer', label: TESTS.finalAnswer }];
  for (const plugin of answering) {
    const name = block(plugin.type)?.name ?? plugin.type;
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    const many = answering.filter((other) => (block(other.type)?.name ?? other.type) === name).length > 1;
    targets.push({ value: plugin.id, label: many ? `${name} ${count}` : name });
  }
  return targets;
}

/** A check's target in words: `Text Generation`, `Extract from File · file_text`, as written else. */
export function targetLabel(targets: readonly CheckTarget[], target: string): string {
  const dot = target.indexOf('.');
  const [id, output] = dot < 0 ? [target, null] : [target.slice(0, dot), target.slice(dot + 1)];
  const found = targets.find((one) => one.value === id);
  if (!found) return target;
  return output === null ? found.label : `${found.label} · ${output}`;
}

/** The check a form's fields make: the one text field read as the type needs it. */
export function checkFromForm(
  type: TestCheck['type'],
  target: string,
  text: string,
  model = '',
): TestCheck | { problem: string } {
  const check: TestCheck = { type, target: target.trim() || 'answer' };
  const value = text.trim();
  switch (type) {
    case 'equals':
    case 'contains':
      return { ...check, value: text };
    case 'matches':
      return { ...check, pattern: value };
    case 'label':
      return { ...check, label: value };
    case 'judge':
      return { ...check, rubric: value, ...(model && { model }) };
    case 'range': {
      const [low, high] = value.split(/\s*(?:,|\.\.|to)\s*/);
      const number = (part: string | undefined) =>
        part === undefined || part === '' ? undefined : Number(part);
      const min = number(low);
      const max = number(high);
      if ((min !== undefined && Number.isNaN(min)) || (max !== undefined && Number.isNaN(max)))
        return { problem: TESTS.rangeProblem };
      return { ...check, ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    }
    case 'jsonSchema':
      try {
        const schema = JSON.parse(value) as unknown;
        if (schema && typeof schema === 'object' && !Array.isArray(schema))
          return { ...check, schema: schema as Record<string, unknown> };
      } catch {
        // said below
      }
      return { problem: TESTS.schemaProblem };
  }
}

/** A check in a few words: `contains "haiku"`, `label = Spam`, `judged: "polite"`. */
export function describeCheck(
  check: TestCheck,
  nameOf: (target: string) => string = (target) => target,
): string {
  const on = check.target && check.target !== 'answer' ? ` (${nameOf(check.target)})` : '';
  switch (check.type) {
    case 'equals':
      return `equals "${check.value ?? ''}"${on}`;
    case 'contains':
      return `contains "${check.value ?? ''}"${on}`;
    case 'matches':
      return `matches /${check.pattern ?? ''}/${on}`;
    case 'jsonSchema':
      return `valid JSON schema${on}`;
    case 'range':
      return `between ${check.min ?? '-∞'} and ${check.max ?? '∞'}${on}`;
    case 'label':
      return `label = ${check.label ?? ''}${on}`;
    case 'judge':
      return `judged${check.model ? ` by ${check.model}` : ''}: ${check.rubric ?? ''}${on}`;
  }
}
