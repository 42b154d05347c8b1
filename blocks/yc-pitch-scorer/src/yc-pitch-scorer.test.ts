import { AiOutputError, catalogueEntry, type JsonRequest } from '@blocksmith/block-sdk';
import { ScriptedProvider, runBlock, type RecordedCall } from '@blocksmith/block-sdk/testing';
import { YC_APPLICATION_SCHEMA, type YcApplication } from './yc-application-schema';
import { YC_QUESTIONS } from './yc-questions';
import { YC_SYSTEM, ycPitchScorer } from './yc-pitch-scorer';

const pitch =
  'We are Ana and Li. We make Fernway, route planning for small freight carriers. 12 paying customers.';

const result: YcApplication = {
  overallScore: 6.5,
  overallFeedback: 'Clear problem and early traction; the founders section is thin.',
  recommendations: ['Show revenue growth', 'Explain why now', 'Name your closest competitor'],
  fullApplication: '## What are you making?\nFernway...',
  sections: YC_QUESTIONS.map((question, i) => ({
    question,
    answer: `Answer ${i + 1}.`,
    score: i + 3,
    feedback: `Feedback ${i + 1}.`,
  })),
};

function jsonRequest(calls: RecordedCall[], index = 0): JsonRequest {
  const request = calls.filter((c) => c.method === 'json')[index]?.request;
  if (!request || !('schema' in request)) throw new Error(`no JSON call ${index}`);
  return request;
}

async function score(json: unknown[], settings: Record<string, unknown> = {}) {
  const provider = new ScriptedProvider({ json });
  const { outputs } = await runBlock(ycPitchScorer, { upstream: { input_text: pitch }, settings, provider });
  return { outputs, provider };
}

describe('ycPitchScorer', () => {
  it('declares its identity, strictness setting and output', () => {
    expect(catalogueEntry(ycPitchScorer)).toMatchObject({
      id: 'ycPitchScorer',
      name: 'YC Application Scorer',
      category: 'ai',
      cost: 3,
      historyType: 'yc_pitch_scorer',
      outputs: [{ name: 'ycApplication', type: 'json' }],
    });
    expect(Object.keys(ycPitchScorer.settings)).toEqual(['strictness', 'model']);
    expect(ycPitchScorer.settings.model).toMatchObject({
      type: 'model',
      capability: 'structured',
      default: 'gpt-4',
    });
    expect(ycPitchScorer.settings.strictness.default).toBe('standard');
    expect(ycPitchScorer.settings.strictness.options.map((o) => [o.value, o.label])).toEqual([
      ['lenient', 'Lenient'],
      ['standard', 'Standard'],
      ['tough', 'Tough'],
    ]);
  });

  it('covers the six core YC questions', () => {
    expect(YC_QUESTIONS).toEqual([
      'What are you making?',
      'Who are the founders?',
      'How far along are you?',
      'Why did you pick this idea to work on?',
      'Who are your competitors?',
      'How will you make money?',
    ]);
  });

  it('scores the pitch in the exact output shape, asking every question in order', async () => {
    const { outputs, provider } = await score([result]);
    expect(outputs).toEqual({ ycApplication: result });
    expect(Object.keys(outputs.ycApplication as object)).toEqual([
      'overallScore',
      'overallFeedback',
      'recommendations',
      'fullApplication',
      'sections',
    ]);
    const request = jsonRequest(provider.calls);
    expect(request).toMatchObject({
      system: YC_SYSTEM,
      schema: YC_APPLICATION_SCHEMA,
      schemaName: 'ycApplication',
      model: 'gpt-4',
    });
    expect(request.prompt).toContain(`Application:\n"""\n${pitch}\n"""`);
    expect(request.prompt).toContain(YC_QUESTIONS.map((q, i) => `${i + 1}. ${q}`).join('\n'));
    expect(request.prompt).toContain('Scoring: score as a typical YC partner would');
  });

  it('marks as strictly as asked', async () => {
    const lenient = (await score([result], { strictness: 'lenient' })).provider;
    expect(jsonRequest(lenient.calls).prompt).toContain(
      'Scoring: score generously, as an encouraging mentor',
    );
    const tough = (await score([result], { strictness: 'tough' })).provider;
    expect(jsonRequest(tough.calls).prompt).toContain('Scoring: score as a demanding YC partner');
  });

  it('retries when sections are missing or out of order, then succeeds', async () => {
    const swapped = {
      ...result,
      sections: [result.sections[1], result.sections[0], ...result.sections.slice(2)],
    };
    const { outputs, provider } = await score([swapped, result]);
    expect(outputs.ycApplication).toEqual(result);
    expect(jsonRequest(provider.calls, 1).previousAttempt?.error).toContain(
      '/sections/0/question must be equal to constant',
    );
    const short = { ...result, sections: result.sections.slice(0, 5) };
    await expect(score([short, result])).resolves.toBeDefined();
  });

  it('refuses scores outside 0 to 10 and fewer than 3 recommendations', async () => {
    const tooHigh = { ...result, overallScore: 11 };
    const fewTips = { ...result, recommendations: ['Only one'] };
    const run = score([tooHigh, fewTips]);
    await expect(run).rejects.toThrow(AiOutputError);
    await expect(score([tooHigh, fewTips])).rejects.toThrow(
      'The AI answer for ycApplication did not have the expected shape: /recommendations must NOT have fewer than 3 items.',
    );
    const negative = {
      ...result,
      sections: result.sections.map((s, i) => (i === 2 ? { ...s, score: -1 } : s)),
    };
    await expect(score([negative, negative])).rejects.toThrow('/sections/2/score must be >= 0');
  });

  it('trims the texts it returns', async () => {
    const padded = { ...result, overallFeedback: ' Good. ', recommendations: [' a ', 'b', 'c'] };
    const { outputs } = await score([padded]);
    expect(outputs.ycApplication).toMatchObject({
      overallFeedback: 'Good.',
      recommendations: ['a', 'b', 'c'],
    });
  });

  it('asks for a connection, then for a pitch, and refuses unknown strictness', async () => {
    await expect(runBlock(ycPitchScorer, {})).rejects.toThrow(
      'Connect a block that provides the startup pitch or application, such as Text Input.',
    );
    await expect(runBlock(ycPitchScorer, { upstream: { input_text: '' } })).rejects.toThrow(
      'The connected block gave no pitch to score. Fill in the input and run again.',
    );
    await expect(score([result], { strictness: 'brutal' })).rejects.toThrow(
      'Strictness must be one of: "lenient" (Lenient), "standard" (Standard), "tough" (Tough).',
    );
  });

  it('asks the chosen model', async () => {
    const { provider } = await score([result], { model: 'claude-sonnet-4-6' });
    expect(jsonRequest(provider.calls).model).toBe('claude-sonnet-4-6');
  });
});
