/**
 * The "matches" check's patterns: JavaScript regular expressions restricted to a subset that
 * cannot backtrack catastrophically, checked when a set is saved, so evaluating one is bounded
 * without a time limit (time-boxing a RegExp in the same thread is not possible, and a worker per
 * check would cost more than the run). Refused: backreferences, lookahead and lookbehind, a
 * quantified group that itself holds a quantifier (`(a+)+`, `(\w*\s?)*`), more than 6 quantifiers
 * in all, and counted repeats above 1,000. The text matched is cut to its first 10,000 characters.
 */

export const MAX_MATCHED_CHARS = 10_000;
const MAX_QUANTIFIERS = 6;

/** Why a pattern is refused (a phrase following "pattern"), or null when it may be used. */
export function checkPattern(pattern: string): string | null {
  if (pattern === '') return 'must not be empty.';
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    return `is not a valid regular expression: ${(error as Error).message}`;
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'must not use backreferences.';
  if (/\(\?<?[=!]/.test(pattern)) return 'must not use lookahead or lookbehind.';
  // Walk the pattern: for each open group, whether a quantifier occurs inside it.
  const groups: boolean[] = [];
  let quantifiers = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') {
      inClass = true;
      continue;
    }
    if (char === '(') {
      groups.push(false);
      continue;
    }
    const quantified = char === '*' || char === '+' || char === '?' || char === '{';
    if (char === ')') {
      const held = groups.pop() ?? false;
      const next = pattern[i + 1];
      const repeated = next === '*' || next === '+' || next === '{';
      if (held && repeated) return 'must not repeat a group that holds a repeat (such as (a+)+).';
      if (held && groups.length > 0) groups[groups.length - 1] = true;
      continue;
    }
    if (!quantified) continue;
    // `?` after a group opening or another quantifier is syntax (lazy, non-capturing), not a repeat.
    const previous = pattern[i - 1];
    if (
      char === '?' &&
      (previous === '(' || previous === '*' || previous === '+' || previous === '?' || previous === '}')
    )
      continue;
    if (char === '{') {
      const counted = /^\{(\d+)(?:,(\d*))?\}/.exec(pattern.slice(i));
      if (!counted) continue;
      const bounds = [counted[1], counted[2]].filter((b): b is string => b !== undefined && b !== '');
      if (bounds.some((bound) => Number(bound) > 1000))
        return 'must not repeat anything more than 1,000 times.';
      i += counted[0].length - 1;
    }
    quantifiers++;
    if (quantifiers > MAX_QUANTIFIERS) return `may hold at most ${MAX_QUANTIFIERS} repeats (*, +, ?, {n,m}).`;
    if (groups.length > 0) groups[groups.length - 1] = true;
  }
  return null;
}

/** Whether `text` (its first 10,000 characters) matches a pattern `checkPattern` accepted. */
export function matchesPattern(pattern: string, text: string, ignoreCase = false): boolean {
  return new RegExp(pattern, ignoreCase ? 'iu' : 'u').test(text.slice(0, MAX_MATCHED_CHARS));
}
