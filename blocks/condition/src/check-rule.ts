import { BlockInputError } from '@blocksmith/block-sdk';
import { RE2JS } from 're2js';

export const RULES = [
  { value: 'equals', label: 'Equals' },
  { value: 'contains', label: 'Contains' },
  { value: 'matches', label: 'Matches a regular expression' },
  { value: 'number', label: 'Number comparison' },
  { value: 'empty', label: 'Is empty' },
  { value: 'category', label: 'Classification category is' },
] as const;

export const OPERATORS = [
  { value: 'gt', label: 'Greater than' },
  { value: 'gte', label: 'At least' },
  { value: 'lt', label: 'Less than' },
  { value: 'lte', label: 'At most' },
  { value: 'eq', label: 'Equal to' },
  { value: 'ne', label: 'Not equal to' },
] as const;

export type Rule = (typeof RULES)[number]['value'];
export type Operator = (typeof OPERATORS)[number]['value'];

export interface RuleSettings {
  rule: Rule;
  value: string;
  operator: Operator;
  ignore_case: boolean;
}

/** Text longer than this is checked on its first part only, so one check stays quick. */
export const MAX_CHECKED_CHARS = 100_000;

/** The category a classification gave: its `category` field, or the text itself. */
export function categoryOf(value: unknown): string {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { category?: unknown }).category === 'string'
  )
    return (value as { category: string }).category;
  return textOf(value);
}

export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Why RE2 refused a pattern, without the pattern it quotes back. */
function reason(error: unknown): string {
  return String((error as Error).message)
    .replace(/^error parsing regexp: /, '')
    .replace(/: `[\s\S]*`$/, '');
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return textOf(value).trim() === '';
}

/** A number written in text: `1,234.5`, ` 42 `, `-3`; null when the text is not one. */
export function numberIn(text: string): number | null {
  const cleaned = text.trim().replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (cleaned === '') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

function compareNumbers(left: number, operator: Operator, right: number): boolean {
  switch (operator) {
    case 'gt':
      return left > right;
    case 'gte':
      return left >= right;
    case 'lt':
      return left < right;
    case 'lte':
      return left <= right;
    case 'eq':
      return left === right;
    case 'ne':
      return left !== right;
  }
}

/**
 * Whether the value passes the rule. Regular expressions run in linear time (RE2 syntax, no
 * look-around or back-references), so no pattern can hold the server up.
 */
export function checkRule(value: unknown, settings: RuleSettings): boolean {
  const fold = (text: string) => (settings.ignore_case ? text.toLowerCase() : text);
  const text = textOf(value).slice(0, MAX_CHECKED_CHARS);
  const wanted = settings.value;
  switch (settings.rule) {
    case 'empty':
      return isEmpty(value);
    case 'equals':
      return fold(text.trim()) === fold(wanted.trim());
    case 'contains':
      return fold(text).includes(fold(wanted));
    case 'matches': {
      let pattern: RE2JS;
      try {
        pattern = RE2JS.compile(wanted, settings.ignore_case ? RE2JS.CASE_INSENSITIVE : 0);
      } catch (error) {
        throw new BlockInputError(
          `"Compare with" is not a regular expression this block can use (${reason(error)}).`,
        );
      }
      return pattern.matcher(text).find();
    }
    case 'number': {
      const right = numberIn(wanted);
      if (right === null)
        throw new BlockInputError(`Write a number in "Compare with" (it says "${wanted}").`);
      const left = numberIn(text);
      return left !== null && compareNumbers(left, settings.operator, right);
    }
    case 'category': {
      const categories = wanted
        .split(',')
        .map((c) => fold(c.trim()))
        .filter((c) => c !== '');
      if (categories.length === 0)
        throw new BlockInputError(
          'Write the category to look for in "Compare with" (several: separate them with commas).',
        );
      return categories.includes(fold(categoryOf(value).trim()));
    }
  }
}
