import { checkJsonAnswer, type AiProvider } from '@blocksmith/block-sdk';
import { cutText } from '@blocksmith/schema';
import type { Judge } from './checks';

const VERDICT_SCHEMA = {
  type: 'object',
  properties: {
    verdict: { type: 'string', enum: ['pass', 'fail'] },
    reason: { type: 'string' },
  },
  required: ['verdict', 'reason'],
  additionalProperties: false,
};

const JUDGE_SYSTEM =
  'You judge the answer of an app against a rubric. Answer pass when the answer meets the rubric, ' +
  'fail otherwise, with a one-sentence reason.';

/**
 * The offline judge (no AI service): deterministic, so test sets run the same offline every time.
 * Each phrase the rubric quotes ("...") must appear in the answer, regardless of case; a rubric
 * quoting nothing passes any answer that is not empty.
 */
export function offlineVerdict(answer: string, rubric: string): { passed: boolean; reason: string } {
  const quoted = [...rubric.matchAll(/"([^"]+)"|“([^”]+)”/g)]
    .map((m) => (m[1] ?? m[2])!.trim())
    .filter(Boolean);
  const lower = answer.toLowerCase();
  if (quoted.length === 0) {
    return answer.trim() === ''
      ? { passed: false, reason: 'Offline judge: the answer is empty.' }
      : {
          passed: true,
          reason: 'Offline judge: the answer is not empty (the rubric quotes no phrase to look for).',
        };
  }
  const missing = quoted.filter((phrase) => !lower.includes(phrase.toLowerCase()));
  return missing.length === 0
    ? {
        passed: true,
        reason: `Offline judge: the answer mentions ${quoted.map((p) => `"${p}"`).join(', ')}.`,
      }
    : {
        passed: false,
        reason: `Offline judge: the answer does not mention ${missing.map((p) => `"${p}"`).join(', ')}.`,
      };
}

/**
 * A judge asking a model of the catalogue through the server's AI router (the model named, else
 * the default); the offline provider answers with `offlineVerdict`.
 */
export function modelJudge(provider: AiProvider, timeoutMs = 60_000): Judge {
  return async ({ answer, rubric, model }) => {
    if (provider.offline && (model === undefined || model === 'offline' || model.startsWith('offline'))) {
      return offlineVerdict(answer, rubric);
    }
    const prompt = `Rubric:\n${rubric}\n\nAnswer to judge:\n${cutText(answer, 20_000)}`;
    const raw = await provider.completeJson(
      {
        prompt,
        system: JUDGE_SYSTEM,
        schema: VERDICT_SCHEMA,
        schemaName: 'verdict',
        ...(model && { model }),
      },
      { signal: AbortSignal.timeout(timeoutMs) },
    );
    const checked = checkJsonAnswer(raw, VERDICT_SCHEMA);
    if (!checked.ok) throw new Error(`the judge's answer was not a verdict (${checked.error})`);
    const verdict = checked.value as { verdict: 'pass' | 'fail'; reason: string };
    return { passed: verdict.verdict === 'pass', reason: verdict.reason };
  };
}
