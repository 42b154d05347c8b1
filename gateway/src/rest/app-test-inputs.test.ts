import type { AppConfig } from '@blocksmith/schema';
import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** A file read by Extract from File, and a dropdown choice a text block writes in. */
const fileAndChoiceApp: AppConfig = probeApp(
  [
    probePlugin('doc', 'fileUpload', { label: 'Notes', acceptedTypes: 'text' }),
    probePlugin('extract', 'extractFile'),
    probePlugin('tone', 'dropdown', { label: 'Tone', options: 'Formal, Casual' }),
    probePlugin('gen', 'textGeneration', { prompt_template: 'Write in a {{selected_option}} tone' }),
    probePlugin('show', 'textDisplay'),
  ],
  [
    ['doc', 'extract'],
    ['tone', 'gen'],
    ['gen', 'show'],
  ],
);

/** Polls a test run until it has ended, as the Tests page does. */
async function ended(t: ApiTestGateway, token: string, appId: string, testRunId: string) {
  for (let i = 0; i < 1200; i++) {
    const answer = await t.api('GET', `/apps/${appId}/test-runs/${testRunId}`, { token });
    expect(answer.status).toBe(200);
    if (answer.body.status !== 'running') return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the test run did not end');
}

describe('test cases with a file, a dropdown choice or an input left null (issue 37)', () => {
  let t: ApiTestGateway;
  let ann: { token: string; id: string };
  let bob: { token: string; id: string };

  const create = async (token: string, config: AppConfig, name: string) => {
    const created = await t.api('POST', '/apps', { token, body: { name, category: 'Content', config } });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const runSet = async (token: string, appId: string) => {
    const started = await t.api('POST', `/apps/${appId}/test-runs`, { token, body: {} });
    expect(started.status).toBe(201);
    return ended(t, token, appId, started.body.id);
  };

  beforeAll(async () => {
    t = await startApiTestGateway();
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
    bob = await t.signUpViaApi('bob@example.com', { credits: true });
  });

  afterAll(() => t.close());

  it('keeps a run whose inputs include null, leaving the null input out', async () => {
    const appId = await create(ann.token, probeTextApp(), 'Nulls');
    const run = await t.api('POST', `/apps/${appId}/execute`, {
      token: ann.token,
      body: { inputData: { input_text: 'rain', extra: null } },
    });
    expect(run.status).toBe(200);
    const kept = await t.api('POST', `/apps/${appId}/test-set/cases-from-run`, {
      token: ann.token,
      body: { runId: run.body.run.id },
    });
    expect(kept.status).toBe(201);
    const set = await t.api('GET', `/apps/${appId}/test-set`, { token: ann.token });
    expect(set.body.cases).toHaveLength(1);
    expect(set.body.cases[0].inputs).toEqual({ input_text: 'rain' });
    expect(await runSet(ann.token, appId)).toMatchObject({ status: 'finished', passed: 1, failed: 0 });
  }, 60_000);

  it('runs cases with a kept file and a dropdown choice, showing the answers their checks look at', async () => {
    const appId = await create(ann.token, fileAndChoiceApp, 'Notes and tone');
    const form = new FormData();
    form.set('inputData', JSON.stringify({ selected_option: 'Casual' }));
    form.set('file', new Blob(['meeting notes: ship on Friday'], { type: 'text/plain' }), 'notes.txt');
    const run = await t.form(`/apps/${appId}/execute`, form, ann.token);
    expect(run.status).toBe(200);
    expect(run.body.run.status).toBe('succeeded');
    const kept = await t.api('POST', `/apps/${appId}/test-set/cases-from-run`, {
      token: ann.token,
      body: { runId: run.body.run.id, name: 'Casual notes' },
    });
    expect(kept.status).toBe(201);
    const [casual] = kept.body.cases as { inputs: Record<string, unknown> }[];
    expect(casual!.inputs.selected_option).toBe('Casual');
    const fileKey = Object.keys(casual!.inputs).find((key) => key !== 'selected_option')!;
    expect(casual!.inputs[fileKey]).toEqual(expect.any(String));

    // The same file with the other choice, and a choice the dropdown does not offer.
    const checks = [
      { type: 'contains', target: 'extract.file_text', value: 'ship on Friday' },
      { type: 'contains', target: 'gen' },
    ];
    const cases = [
      { ...casual, checks: [checks[0], { ...checks[1], value: 'Casual' }] },
      {
        name: 'Formal notes',
        inputs: { ...casual!.inputs, selected_option: 'Formal' },
        checks: [checks[0], { ...checks[1], value: 'Formal' }],
      },
      { name: 'No such tone', inputs: { ...casual!.inputs, selected_option: 'Loud' }, checks: [] },
    ];
    const saved = await t.api('PUT', `/apps/${appId}/test-set`, { token: ann.token, body: { cases } });
    expect(saved.status).toBe(200);

    const result = await runSet(ann.token, appId);
    expect(result).toMatchObject({ status: 'finished', passed: 2, failed: 1 });
    const [first, second, third] = result.cases;
    expect(first.checks.map((check: { passed: boolean }) => check.passed)).toEqual([true, true]);
    expect(first.checks[0]).toMatchObject({
      target: 'extract.file_text',
      actual: expect.stringContaining('ship on Friday'),
    });
    expect(second.checks[1]).toMatchObject({
      target: 'gen',
      passed: true,
      actual: expect.stringContaining('Formal tone'),
    });
    // The answers a check looks at are kept beside the final one, a block's named output too.
    expect(first.answers['extract.file_text']).toContain('ship on Friday');
    expect(second.answers.gen).toContain('Formal tone');
    expect(third).toMatchObject({ status: 'failed' });
    expect(third.error).toBe('Tone failed: "Loud" is not one of the options for "Tone": Formal, Casual.');

    // Someone else's copy of the set cannot run on Ann's file.
    const bobsApp = await create(bob.token, fileAndChoiceApp, 'Not his file');
    await t.api('PUT', `/apps/${bobsApp}/test-set`, {
      token: bob.token,
      body: { cases: [{ name: 'Her file', inputs: casual!.inputs }] },
    });
    const refused = await runSet(bob.token, bobsApp);
    expect(refused).toMatchObject({ status: 'finished', passed: 0, failed: 1 });
    expect(refused.cases[0].runId).toBeNull();
    expect(refused.cases[0].error).toMatch(/upload it again/);
  }, 60_000);
});
