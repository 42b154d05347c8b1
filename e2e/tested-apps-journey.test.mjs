// Tested apps in a real Chromium against the built product (offline AI): a creator keeps three of
// her runs as test cases from their pages, adds a check the app fails and a judged one with the
// Add-check form, runs the set on the Tests page (the cost shown first, judge included) and
// follows it live over the socket (2 of 3), fixes the prompt, runs again (3 of 3) and submits with
// the builder's Publish button; the reviewer sees the test runs in the review dialog and approves;
// the store card then shows 100% of 3 cases with p95, credits per run, version and date, "Best
// tested" puts it first and "Tested only" leaves an untested app out, and the app's page shows the
// tested figures and the public runs' own, each named. Screenshots go to
// test-results/screenshots (not committed).
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { DEVELOPER_ENV, adminOf } from './developer-setup.mjs';
import {
  PHONE,
  SHOTS,
  expectToast,
  graphql,
  settled,
  shot,
  startJourney,
  stopJourney,
  textApp,
} from './helpers.mjs';
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

/** A date as the store shows a test's: in the page's language, `Nov 29, 2026`. */
function shownDate(page, iso) {
  return page.evaluate(
    (at) => new Date(at).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
    iso,
  );
}

test(
  'keep runs as cases, fail, fix, pass, submit: the store shows 100% of 3',
  { timeout: 420_000 },
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
    const { page, errors } = await pageAs(browser, ann, {
      extra: { editExistingApp: JSON.stringify({ id: app.id, owner_id: ann.user.id }) },
    });
    const sockets = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    // Three past runs, each kept as a case with "Keep as a test case" on its page.
    for (const topic of ['rain', 'moss', 'the sea']) {
      const { runId } = await runToEnd(server, ann, app.id, { input_text: topic });
      await page.goto(`${server.url}/runs/${runId}`);
      await page.getByTestId('keep-as-test-case').click();
      await expectToast(page, 'Kept as a test case.');
    }
    const set = await api('GET', `/apps/${app.id}/test-set`, token);
    assert.deepEqual(
      set.cases.map((one) => one.inputs),
      [{ input_text: 'rain' }, { input_text: 'moss' }, { input_text: 'the sea' }],
    );

    // On the Tests page, a check the app does not pass yet and a judged one, with the Add-check form.
    await page.goto(`${server.url}/my-apps/${app.id}/tests`);
    const rows = page.getByTestId('case-row');
    await rows.nth(2).waitFor();
    const addCheck = async (type, text) => {
      await rows
        .nth(2)
        .getByRole('button', { name: /^Add a check:/ })
        .click();
      const form = page.locator('form.tests-add-check');
      await form.getByLabel('Check', { exact: true }).selectOption(type);
      assert.equal(await form.getByLabel('On', { exact: true }).inputValue(), 'answer');
      if (type === 'judge') {
        // The model judging it: the catalogue's default, chosen first.
        const { models } = await graphql(server, '{ models { defaultText models { id label } } }', {}, token);
        const model = models.models.find((one) => one.id === models.defaultText);
        const chosen = form.getByLabel('Judging model').locator('option:checked');
        assert.equal(await chosen.innerText(), `${model.label} (default)`);
      }
      await form.getByRole('textbox').fill(text);
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await form.waitFor({ state: 'hidden' });
    };
    await addCheck('contains', 'haiku');
    await rows.nth(2).getByText('contains "haiku"').waitFor();
    await addCheck('judge', 'The answer mentions "sea".');
    await rows.nth(2).getByText('judged: The answer mentions "sea".').waitFor();

    const estimate = page.getByTestId('test-estimate');
    await estimate.getByText(/, of which up to 1 for the model judging checks\.$/).waitFor();
    assert.match(await estimate.innerText(), /^3 cases against the draft \(version \d+\): /);
    assert.equal(await page.getByTestId('test-version').inputValue(), '', 'the draft is chosen');
    await settled(page);
    await shot(page, 'tests-before-run');
    await page.getByTestId('start-test-run').click();
    await page.getByTestId('test-summary').getByText('2 of 3 passed').waitFor();
    const results = page.getByTestId('results-table');
    await results.getByText('The answer does not contain "haiku".').waitFor();
    // Each check's verdict has what it found beside it.
    assert.match(
      await results.getByTestId('check-outcome').first().innerText(),
      /Found: \[Offline preview\]/,
    );
    assert.ok(
      sockets.some((url) => url.endsWith('/graphql')),
      'the test run was followed over the socket',
    );
    await settled(page);
    await shot(page, 'tests-two-of-three', { fullPage: true });

    // Fix the prompt in the draft, run again: 3 of 3.
    await api('PUT', `/apps/${app.id}`, token, {
      config: textApp({ label: 'Topic', prompt: 'Write a haiku about {{input_text}}' }),
    });
    await page.reload();
    await page.getByTestId('start-test-run').click();
    await page.getByTestId('test-summary').getByText('3 of 3 passed').waitFor();
    await settled(page);
    await shot(page, 'tests-three-of-three', { fullPage: true });

    // Submit with the builder's Publish button: the set runs first.
    await page.goto(`${server.url}/app`);
    await page.locator('.builder-header').getByText('Haiku maker').first().waitFor();
    await page.locator('.builder-header').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('heading', { name: 'App Submitted for Review!' }).waitFor();
    const runs = await api('GET', `/apps/${app.id}/test-runs`, token);
    assert.deepEqual(
      runs.map((run) => [run.purpose, run.passed]),
      [
        ['submission', 3],
        ['manual', 3],
        ['manual', 2],
      ],
    );

    // The reviewer sees the test runs beside the changes, and approves.
    const admin = await pageAs(browser, await adminOf(server));
    await admin.page.goto(`${server.url}/verification`);
    await admin.page
      .getByTestId('pending-app')
      .filter({ hasText: 'Haiku maker' })
      .getByRole('button', { name: 'Review' })
      .click();
    const reviewRuns = admin.page.getByTestId('review-test-runs');
    await reviewRuns.getByText(/On submission · 3 of 3 passed/).waitFor();
    const seen = (await reviewRuns.locator(':scope > ul > li').allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' ').trim(),
    );
    assert.equal(seen.length, 3);
    assert.match(seen[0], /^100% Version \d+ · On submission · 3 of 3 passed$/);
    assert.match(seen[1], /^100% Version \d+ · By hand · 3 of 3 passed$/);
    assert.match(seen[2], /^66\.67% Version \d+ · By hand · 2 of 3 passed$/);
    await settled(admin.page);
    await admin.page
      .locator('.admin-review-dialog')
      .screenshot({ path: path.join(SHOTS, 'tested-review-dialog.png') });
    await admin.page.getByRole('button', { name: 'Approve' }).click();
    await expectToast(admin.page, 'App Approved');

    // An untested app others upvote and run: the public runs' figures alone.
    const other = await ownApp(server, ann, { name: 'Story starter', config: textApp() });
    await api('POST', `/apps/${other.id}/publish`, token);
    await graphql(
      server,
      'mutation ($id: ID!) { reviewApp(id: $id, status: "approved") { id } }',
      { id: other.id },
      (await adminOf(server)).session.access_token,
    );
    const bob = await signUpWithCredits(server, {
      email: 'runner@example.com',
      password: PASSWORD,
      fullName: 'Bob',
    });
    await graphql(
      server,
      'mutation ($id: ID!) { upvoteApp(id: $id) { upvotes } }',
      { id: other.id },
      bob.session.access_token,
    );
    for (const slug of [app.slug, other.slug]) {
      await api('POST', `/published/${slug}/run`, bob.session.access_token, {
        inputData: { input_text: 'snow' },
      });
    }
    const { quality } = await api('GET', `/published/${app.slug}`);
    // The judged check's model call is part of what a case cost: (1 + 1 + 2) / 3.
    assert.equal(quality.creditsPerRun, 1.33);

    // The store, as Bob: the card says its tested quality in words; sort and filter by it.
    const runner = await pageAs(browser, bob);
    await runner.page.goto(`${server.url}/store`);
    const cards = runner.page.getByTestId('app-card');
    await cards.nth(1).waitFor();
    const date = await shownDate(runner.page, quality.testedAt);
    const card = cards.filter({ hasText: 'Haiku maker' });
    assert.equal(
      (await card.getByTestId('app-quality-tested').innerText()).replace(/\s+/g, ' ').trim(),
      `Tested: 100% of 3 cases · p95 ${quality.p95Ms} ms · ${quality.creditsPerRun} credits/run · ` +
        `v${quality.versionNumber}, ${date}`,
    );
    assert.match(
      await card.getByTestId('app-quality-public').innerText(),
      /^Public runs \(1\): p95 \d+ ms · 1 credit\/run$/,
    );
    const untested = cards.filter({ hasText: 'Story starter' });
    assert.equal(await untested.getByTestId('app-quality-tested').count(), 0);
    assert.match(await untested.getByTestId('app-quality-public').innerText(), /^Public runs \(1\): /);
    const names = () => cards.evaluateAll((all) => all.map((one) => one.getAttribute('data-app-name')));
    assert.deepEqual(await names(), ['Story starter', 'Haiku maker'], 'most upvoted first');
    await runner.page.getByTestId('store-sort').selectOption('quality');
    await runner.page.waitForFunction(
      () =>
        globalThis.document.querySelector('[data-testid="app-card"]')?.getAttribute('data-app-name') ===
        'Haiku maker',
    );
    assert.deepEqual(await names(), ['Haiku maker', 'Story starter'], 'best tested first');
    await runner.page.getByText('Tested only', { exact: true }).click();
    assert.equal(await runner.page.getByLabel('Tested only').isChecked(), true);
    await untested.waitFor({ state: 'detached' });
    assert.deepEqual(await names(), ['Haiku maker']);
    await settled(runner.page);
    await shot(runner.page, 'store-card-tested');

    // The app's page: both sources in full, each named.
    await runner.page.goto(`${server.url}/app/${app.slug}`);
    const tested = runner.page.getByTestId('app-quality-tested');
    await tested.waitFor();
    assert.equal(
      (await tested.innerText()).replace(/\s+/g, ' ').trim(),
      `Tested ${date}, version ${quality.versionNumber}: 100% of 3 test cases passed · ` +
        `95% of case runs took ${quality.p95Ms} ms or less · ${quality.creditsPerRun} credits per run on average`,
    );
    assert.match(
      await runner.page.getByTestId('app-quality-public').innerText(),
      /^Public runs \(1 by other people\): 95% took \d+ ms or less · 1 credit per run on average$/,
    );
    await settled(runner.page);
    await shot(runner.page, 'app-page-tested');

    // On a phone: the same lines, wrapped between figures.
    const phone = await pageAs(browser, bob, { viewport: PHONE });
    await phone.page.goto(`${server.url}/store`);
    await phone.page.getByTestId('app-quality-tested').waitFor();
    await settled(phone.page);
    await shot(phone.page, 'store-card-tested-phone', { fullPage: true });
    await phone.page.goto(`${server.url}/app/${app.slug}`);
    await phone.page.getByTestId('app-quality-public').waitFor();
    await settled(phone.page);
    await shot(phone.page, 'app-page-tested-phone');
    assert.deepEqual([...errors, ...admin.errors, ...runner.errors, ...phone.errors], []);
  },
);
