import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** An app whose text block writes from the given prompt. */
function appWithPrompt(prompt: string) {
  const config = probeTextApp();
  const gen = config.plugins.find((plugin) => plugin.id === 'gen')!;
  (gen.settings as Record<string, unknown>).prompt_template = prompt;
  return config;
}

async function balance(t: ApiTestGateway, token: string): Promise<number> {
  const answer = await t.api('GET', '/credits/balance', { token });
  expect(answer.status).toBe(200);
  return Number(answer.body.balance ?? answer.body.credits ?? answer.body);
}

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

describe('tested apps over /api (issue 37)', () => {
  let t: ApiTestGateway;
  let admin: string;
  let ann: { token: string; id: string };
  let bob: { token: string; id: string };

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    admin = await t.signUpAdmin('admin@example.com');
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
    bob = await t.signUpViaApi('bob@example.com', { credits: true });
  });

  afterAll(() => t.close());

  it('keeps three runs as cases, fails a check, fixes the draft, submits, and the store shows 100% of 3', async () => {
    const created = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'Haiku maker', category: 'Content', config: appWithPrompt('Write about {{input_text}}') },
    });
    expect(created.status).toBe(201);
    const appId = created.body.id as string;

    // Three past runs, each kept as a case.
    for (const topic of ['rain', 'moss', 'the sea']) {
      const run = await t.api('POST', `/apps/${appId}/execute`, {
        token: ann.token,
        body: { inputData: { input_text: topic } },
      });
      expect(run.status).toBe(200);
      const kept = await t.api('POST', `/apps/${appId}/test-set/cases-from-run`, {
        token: ann.token,
        body: { runId: run.body.run.id, name: `About ${topic}` },
      });
      expect(kept.status).toBe(201);
    }
    const set = await t.api('GET', `/apps/${appId}/test-set`, { token: ann.token });
    expect(set.body.cases.map((c: { name: string }) => c.name)).toEqual([
      'About rain',
      'About moss',
      'About the sea',
    ]);
    expect(set.body.cases[0]).toMatchObject({ inputs: { input_text: 'rain' }, checks: [] });

    // A check the app does not pass yet.
    const cases = set.body.cases.map((c: Record<string, unknown>, i: number) =>
      i === 2 ? { ...c, checks: [{ type: 'contains', value: 'haiku', ignoreCase: true }] } : c,
    );
    expect(
      (await t.api('PUT', `/apps/${appId}/test-set`, { token: ann.token, body: { cases } })).status,
    ).toBe(200);

    // The cost is shown before starting, and charged exactly.
    const estimate = await t.api('GET', `/apps/${appId}/test-runs/estimate`, { token: ann.token });
    expect(estimate.status).toBe(200);
    expect(estimate.body.cases).toBe(3);
    const perRun = estimate.body.creditsPerRun.max as number;
    expect(perRun).toBeGreaterThan(0);
    expect(estimate.body.credits.max).toBe(perRun * 3);
    const before = await balance(t, ann.token);
    const first = await t.api('POST', `/apps/${appId}/test-runs`, { token: ann.token, body: {} });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'running', total: 3, estimatedCredits: perRun * 3 });
    const failing = await ended(t, ann.token, appId, first.body.id);
    expect(failing).toMatchObject({ status: 'finished', passed: 2, failed: 1, done: 3, passRate: 66.67 });
    expect(failing.cases[2]).toMatchObject({
      status: 'failed',
      checks: [
        { type: 'contains', target: 'answer', passed: false, reason: 'The answer does not contain "haiku".' },
      ],
    });
    expect(failing.credits).toBe(perRun * 3);
    expect(failing.creditsPerRun).toBe(perRun);
    expect(failing.latencyMs.p50).toEqual(expect.any(Number));
    expect(failing.latencyMs.p95).toBeGreaterThanOrEqual(failing.latencyMs.p50);
    expect(await balance(t, ann.token)).toBe(before - perRun * 3);
    // Each case's run is a run of the app, source test.
    const caseRun = await t.api('GET', `/runs/${failing.cases[0].runId}`, { token: ann.token });
    expect(caseRun.body.source).toBe('test');

    // Fix the prompt in the draft, run again: 3 of 3.
    const saved = await t.api('PUT', `/apps/${appId}`, {
      token: ann.token,
      body: { config: appWithPrompt('Write a haiku about {{input_text}}') },
    });
    expect(saved.status).toBe(200);
    const second = await t.api('POST', `/apps/${appId}/test-runs`, { token: ann.token, body: {} });
    const passing = await ended(t, ann.token, appId, second.body.id);
    expect(passing).toMatchObject({ status: 'finished', passed: 3, failed: 0, passRate: 100 });
    expect(passing.versionNumber).toBeGreaterThan(failing.versionNumber);
    // The set against the earlier version still fails where it did.
    const again = await t.api('POST', `/apps/${appId}/test-runs`, {
      token: ann.token,
      body: { versionId: failing.versionId },
    });
    expect(again.status).toBe(201);
    expect(await ended(t, ann.token, appId, again.body.id)).toMatchObject({
      versionNumber: failing.versionNumber,
      passed: 2,
      failed: 1,
    });

    // Submitting runs the set first; the reviewer sees that run and both before it.
    const submitted = await t.api('POST', `/apps/${appId}/publish`, { token: ann.token });
    expect(submitted.status).toBe(200);
    const seen = await t.api('GET', `/apps/${appId}/test-runs`, { token: admin });
    expect(seen.status).toBe(200);
    expect(seen.body.map((run: { purpose: string; passed: number }) => [run.purpose, run.passed])).toEqual([
      ['submission', 3],
      ['manual', 2],
      ['manual', 3],
      ['manual', 2],
    ]);
    const one = await t.api('GET', `/apps/${appId}/test-runs/${first.body.id}`, { token: admin });
    expect(one.body.passed).toBe(2);

    expect(
      (await t.api('POST', `/apps/${appId}/review`, { token: admin, body: { status: 'approved' } })).status,
    ).toBe(200);
    const page = await t.api('GET', `/published/${created.body.slug}`);
    expect(page.status).toBe(200);
    expect(page.body.quality).toMatchObject({
      passRate: 100,
      cases: 3,
      creditsPerRun: perRun,
      versionNumber: passing.versionNumber,
      testedAt: expect.any(String),
    });
    expect(page.body.quality.p95Ms).toEqual(expect.any(Number));

    // The first (failing) run beside the live version's: the third case got worse there.
    const comparison = await t.api('GET', `/apps/${appId}/test-runs/${first.body.id}/comparison`, {
      token: ann.token,
    });
    expect(comparison.status).toBe(200);
    expect(comparison.body.worse).toEqual([
      { caseId: cases[2].id, name: 'About the sea', before: 'passed', after: 'failed' },
    ]);
    expect(comparison.body.better).toEqual([]);

    // A run of the live version itself is compared with the one before it of that version.
    const submission = seen.body[0];
    const same = await t.api('GET', `/apps/${appId}/test-runs/${submission.id}/comparison`, {
      token: ann.token,
    });
    expect(same.body.baseline).toMatchObject({ id: second.body.id, versionNumber: passing.versionNumber });
    expect([same.body.better, same.body.worse]).toEqual([[], []]);
    const stricter = cases.map((c: Record<string, unknown>, i: number) =>
      i === 0 ? { ...c, checks: [{ type: 'contains', value: 'never written' }] } : c,
    );
    await t.api('PUT', `/apps/${appId}/test-set`, { token: ann.token, body: { cases: stricter } });
    const live = await t.api('POST', `/apps/${appId}/test-runs`, {
      token: ann.token,
      body: { versionId: passing.versionId },
    });
    await ended(t, ann.token, appId, live.body.id);
    const against = await t.api('GET', `/apps/${appId}/test-runs/${live.body.id}/comparison`, {
      token: ann.token,
    });
    expect(against.body.baseline).toMatchObject({ id: submission.id, purpose: 'submission' });
    expect(against.body.worse).toEqual([
      { caseId: cases[0].id, name: 'About rain', before: 'passed', after: 'failed' },
    ]);
  }, 120_000);

  it('answers 404 for another person’s test set and test runs', async () => {
    const created = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'Private tests', category: 'Content', config: probeTextApp() },
    });
    const appId = created.body.id as string;
    await t.api('PUT', `/apps/${appId}/test-set`, {
      token: ann.token,
      body: { cases: [{ name: 'one', inputs: { input_text: 'x' } }] },
    });
    const run = await t.api('POST', `/apps/${appId}/test-runs`, { token: ann.token, body: {} });
    await ended(t, ann.token, appId, run.body.id);
    for (const [method, path, body] of [
      ['GET', `/apps/${appId}/test-set`],
      ['PUT', `/apps/${appId}/test-set`, { cases: [] }],
      ['GET', `/apps/${appId}/test-set/export`],
      ['POST', `/apps/${appId}/test-set/import`, { jsonLines: '{}' }],
      ['GET', `/apps/${appId}/test-runs`],
      ['GET', `/apps/${appId}/test-runs/estimate`],
      ['POST', `/apps/${appId}/test-runs`, {}],
      ['GET', `/apps/${appId}/test-runs/${run.body.id}`],
      ['GET', `/apps/${appId}/test-runs/${run.body.id}/comparison`],
      ['POST', `/apps/${appId}/test-runs/${run.body.id}/cancel`, {}],
    ] as const) {
      const answer = await t.api(method, path, { token: bob.token, ...(body && { body }) });
      expect([method, path, answer.status]).toEqual([method, path, 404]);
    }
    // Nor can Bob keep Ann's run as his case.
    const own = await t.api('POST', '/apps', {
      token: bob.token,
      body: { name: 'Bob', category: 'Content', config: probeTextApp() },
    });
    const kept = await t.api('POST', `/apps/${own.body.id}/test-set/cases-from-run`, {
      token: bob.token,
      body: { runId: run.body.id },
    });
    expect(kept.status).toBe(404);
  }, 60_000);

  it('imports and exports JSON Lines, naming a bad line', async () => {
    const created = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'Lines', category: 'Content', config: probeTextApp() },
    });
    const appId = created.body.id as string;
    const lines = [
      JSON.stringify({
        id: 'a',
        name: 'A',
        inputs: { input_text: 'a' },
        checks: [{ type: 'matches', pattern: '^\\[Offline' }],
      }),
      '',
      JSON.stringify({ id: 'b', name: 'B', inputs: { input_text: 'b' } }),
    ].join('\n');
    const imported = await t.api('POST', `/apps/${appId}/test-set/import`, {
      token: ann.token,
      body: { jsonLines: lines },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.cases.map((c: { id: string }) => c.id)).toEqual(['a', 'b']);
    const exported = await t.api('GET', `/apps/${appId}/test-set/export`, { token: ann.token });
    expect(
      exported.body.jsonLines
        .trim()
        .split('\n')
        .map((line: string) => JSON.parse(line).id),
    ).toEqual(['a', 'b']);

    const bad = await t.api('POST', `/apps/${appId}/test-set/import`, {
      token: ann.token,
      body: { jsonLines: '{"id":"c"}\nnot json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Line 2 is not JSON: each line must be one case as a JSON object.');
    const unsafe = await t.api('PUT', `/apps/${appId}/test-set`, {
      token: ann.token,
      body: { cases: [{ checks: [{ type: 'matches', pattern: '(a+)+$' }] }] },
    });
    expect(unsafe.status).toBe(400);
    expect(unsafe.body.message).toBe(
      'cases[0].checks[0].pattern must not repeat a group that holds a repeat (such as (a+)+).',
    );
  }, 60_000);

  it('refuses a submission the gate does not pass, saying what to do', async () => {
    const gated = await startApiTestGateway({ TEST_GATE_MIN_CASES: '2', TEST_GATE_MIN_PASS_RATE: '100' });
    try {
      const carol = await gated.signUpViaApi('carol@example.com', { credits: true });
      const created = await gated.api('POST', '/apps', {
        token: carol.token,
        body: { name: 'Gated', category: 'Content', config: probeTextApp() },
      });
      const appId = created.body.id as string;
      // What publishing refuses anyway is said first, before any test runs.
      const nameless = await gated.api('POST', '/apps', {
        token: carol.token,
        body: { name: 'No category', config: probeTextApp() },
      });
      const refused = await gated.api('POST', `/apps/${nameless.body.id}/publish`, { token: carol.token });
      expect(refused.body.message).toBe('Name and category are required to publish an app.');
      const tooFew = await gated.api('POST', `/apps/${appId}/publish`, { token: carol.token });
      expect(tooFew.status).toBe(400);
      expect(tooFew.body.message).toBe(
        'Submitting for review needs a test set of at least 2 cases; this app has 0. Add cases on its Tests page.',
      );
      await gated.api('PUT', `/apps/${appId}/test-set`, {
        token: carol.token,
        body: {
          cases: [
            { name: 'passes', inputs: { input_text: 'a' } },
            { name: 'fails', inputs: { input_text: 'b' }, checks: [{ type: 'equals', value: 'never' }] },
          ],
        },
      });
      const failing = await gated.api('POST', `/apps/${appId}/publish`, { token: carol.token });
      expect(failing.status).toBe(400);
      expect(failing.body.message).toBe(
        'Submitting for review needs a pass rate of at least 100%; the test run just now passed 1 of 2 (50%). Fix the failing cases and submit again.',
      );
      const app = await gated.api('GET', `/apps/${appId}`, { token: carol.token });
      expect(app.body.isPublished).toBe(false);
    } finally {
      await gated.close();
    }
  }, 60_000);
});
