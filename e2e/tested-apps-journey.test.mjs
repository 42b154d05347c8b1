// Tested apps in a real Chromium against the built product (offline AI): a creator keeps three of
// her runs as test cases, adds a check the app fails, runs the set on the
// Tests page (the cost shown first, judge included) and follows it live over the socket (2 of 3),
// fixes the prompt, runs again (3 of 3) and submits; after approval the store card shows 100% of
// 3 tests and the app's page the public runs' own figures beside them.
// Screenshots go to test-results/screenshots (not committed).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEVELOPER_ENV, adminOf } from './developer-setup.mjs';
import { graphql, shot, startJourney, stopJourney, textApp } from './helpers.mjs';
import { ownApp, pageAs, runToEnd, signUpWithCredits } from './runs-helpers.mjs';

const PASSWORD = 'correct horse battery staple';

let server;
let browser;

before(async () => {
  ({ browser, server } = await startJourney({ env: DEVELOPER_ENV }));
});

after(() => stopJourney({ browser, server }));

async function api(method, path, token, body) {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

test(
  'keep runs as cases, fail, fix, pass, submit: the store shows 100% of 3',
  { timeout: 300_000 },
  async () => {
    const ann = await signUpWithCredits(server, {
      email: 'tester@example.com',
      password: PASSWORD,
      fullName: 'Ann',
    });
    const token = ann.session.access_token;
    const app = await ownApp(server, ann, {
      name: 'Haiku maker',
      config: textApp({ label: 'Topic', prompt: 'Write about {{input_text}}' }),
    });
    const { page, errors } = await pageAs(browser, ann);
    const sockets = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    // Three past runs, each kept as a case ("Keep as a test case" on a run's page calls the same).
    for (const topic of ['rain', 'moss', 'the sea']) {
      const { runId } = await runToEnd(server, ann, app.id, { input_text: topic });
      await api('POST', `/apps/${app.id}/test-set/cases-from-run`, token, { runId, name: `About ${topic}` });
    }

    // A check the app does not pass yet, and a judged one (charged like any model use).
    const set = await api('GET', `/apps/${app.id}/test-set`, token);
    assert.equal(set.cases.length, 3);
    set.cases[2].checks = [
      { type: 'contains', value: 'haiku', ignoreCase: true },
      { type: 'judge', rubric: 'The answer mentions "sea".' },
    ];
    await api('PUT', `/apps/${app.id}/test-set`, token, { cases: set.cases });

    await page.goto(`${server.url}/my-apps/${app.id}/tests`);
    const estimate = page.getByTestId('test-estimate');
    await estimate.waitFor();
    assert.match(
      await estimate.innerText(),
      /3 cases against the draft .*, of which up to 1 for the model judging checks\./,
    );
    await shot(page, 'tests-before-run');
    await page.getByTestId('start-test-run').click();
    await page.getByTestId('test-summary').getByText('2 of 3 passed').waitFor({ timeout: 60_000 });
    await page.getByTestId('results-table').getByText('The answer does not contain "haiku".').waitFor();
    assert.ok(
      sockets.some((url) => url.endsWith('/graphql')),
      'the test run was followed over the socket',
    );
    await shot(page, 'tests-two-of-three', { fullPage: true });

    // Fix the prompt in the draft, run again: 3 of 3.
    await api('PUT', `/apps/${app.id}`, token, {
      config: textApp({ label: 'Topic', prompt: 'Write a haiku about {{input_text}}' }),
    });
    await page.reload();
    await page.getByTestId('start-test-run').click();
    await page.getByTestId('test-summary').getByText('3 of 3 passed').waitFor({ timeout: 60_000 });
    await shot(page, 'tests-three-of-three', { fullPage: true });

    // Submit (the set runs first), approve, and a runner runs it once.
    await api('POST', `/apps/${app.id}/publish`, token);
    const admin = await adminOf(server);
    const runs = await api('GET', `/apps/${app.id}/test-runs`, admin.session.access_token);
    assert.deepEqual(
      runs.map((run) => [run.purpose, run.passed]),
      [
        ['submission', 3],
        ['manual', 3],
        ['manual', 2],
      ],
    );
    await graphql(
      server,
      'mutation ($id: ID!) { reviewApp(id: $id, status: "approved") { id } }',
      { id: app.id },
      admin.session.access_token,
    );
    const bob = await signUpWithCredits(server, {
      email: 'runner@example.com',
      password: PASSWORD,
      fullName: 'Bob',
    });
    await api('POST', `/published/${app.slug}/run`, bob.session.access_token, {
      inputData: { input_text: 'snow' },
    });

    const runner = await pageAs(browser, bob);
    await runner.page.goto(`${server.url}/store`);
    const card = runner.page.getByTestId('app-quality').first();
    await card.waitFor();
    assert.equal((await card.innerText()).trim(), '100% of 3 tests');
    assert.match(await card.getAttribute('title'), /From 1 public run: p95 \d+ ms; 1 credit per run/);
    await shot(runner.page, 'store-card-tested');
    await runner.page.goto(`${server.url}/app/${app.slug}`);
    const publicRuns = runner.page.getByTestId('app-quality-public');
    await publicRuns.waitFor();
    assert.match(await publicRuns.innerText(), /^From 1 public run: p95 \d+ ms; 1 credit per run$/);
    await shot(runner.page, 'app-page-tested');
    assert.deepEqual([...errors, ...runner.errors], []);
  },
);
