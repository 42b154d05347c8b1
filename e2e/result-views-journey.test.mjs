// Result views drawn from what each block declares, in a real Chromium against the built product:
// on the app page a Starter person runs one message through Classification (a tag and a confidence
// bar), Investor Finder (facts, investor cards with Show all and the JSON download), YC Application
// Scorer (a scorecard with its full review) and Cold Email Writer (fields with a copy button), and
// the results read as the blocks describe them, accessible in both themes.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { assertAccessible } from './a11y-check.mjs';
import { DEVELOPER_ENV, PASSWORD, liveApp, upgradeToStarter } from './developer-setup.mjs';
import { DESKTOP, shot, signUp, startJourney, stopJourney } from './helpers.mjs';

let server;
let browser;
let owner;
let app;

const at = (x) => ({ x, y: 100 });

/** One message into four AI blocks whose results no output block presents. */
function pitchApp() {
  return {
    plugins: [
      { id: 'in', type: 'textInput', position: at(100), settings: { label: 'Pitch' } },
      {
        id: 'sort',
        type: 'classification',
        position: at(400),
        settings: { categories: 'Fintech, Health, Climate', prompt_template: 'Sort: {{input_text}}' },
      },
      { id: 'vcs', type: 'investorAnalysis', position: at(700), settings: { count: 5 } },
      { id: 'yc', type: 'ycPitchScorer', position: at(1000), settings: {} },
      {
        id: 'mail',
        type: 'coldEmail',
        position: at(1300),
        settings: { sender: 'Ada, founder of Ledgerly', goal: 'A first call' },
      },
    ],
    connections: ['sort', 'vcs', 'yc', 'mail'].map((to, i) => ({
      id: `c${i}`,
      from: 'in',
      to,
      fromPort: 'output',
      toPort: 'input',
    })),
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  };
}

before(async () => {
  ({ browser, server } = await startJourney({ env: DEVELOPER_ENV }));
  owner = await signUp(server, { email: 'ada@example.com', password: PASSWORD, fullName: 'Ada Founder' });
  await upgradeToStarter(server, owner);
  app = await liveApp(server, owner, {
    name: 'Pitch Check',
    slug: 'pitch-check',
    category: 'Business',
    description: 'Reads a startup pitch four ways.',
    isPrivate: false,
    config: pitchApp(),
  });
});

after(() => stopJourney({ browser, server }));

for (const scheme of ['light', 'dark']) {
  test(
    `the app page draws each block's declared result views (${scheme})`,
    { timeout: 120_000 },
    async () => {
      const context = await browser.newContext({
        viewport: DESKTOP,
        colorScheme: scheme,
        acceptDownloads: true,
      });
      await context.addInitScript(
        (session) => {
          globalThis.localStorage.setItem('blocksmith-session', session);
          globalThis.localStorage.setItem('onboarding-completed', 'true');
        },
        JSON.stringify({ ...owner.session, user: owner.user }),
      );
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));

      await page.goto(`${server.url}/app/${app.slug}`);
      await page
        .getByLabel('Pitch', { exact: true })
        .fill('Ledgerly: bookkeeping for small cafés, paid monthly, two pilots live.');
      await page.getByRole('button', { name: 'Run App' }).click();
      const results = page.getByTestId('results');

      // Classification: the category as a tag, the confidence as a bar and a percentage.
      const classification = results.getByTestId('result-classification');
      await classification.waitFor({ timeout: 60_000 });
      await classification.getByRole('heading', { name: 'Classification' }).waitFor();
      const category = (await classification.getByTestId('result-tag').textContent()).trim();
      assert.ok(['Fintech', 'Health', 'Climate'].includes(category), `category ${category}`);
      assert.match(await classification.getByTestId('result-percent').textContent(), /^\d{1,3}%$/);

      // Investor Finder: facts, five investor cards of which three show until Show all.
      const investors = results.getByTestId('result-investorAnalysis');
      await investors.getByRole('heading', { name: 'Investor analysis' }).waitFor();
      await investors.getByText('Industry:').waitFor();
      await investors.getByRole('heading', { name: 'Investors (5)' }).waitFor();
      const cards = investors.getByTestId('result-cards').locator('.result-card');
      assert.equal(await cards.count(), 3);
      await investors.getByRole('button', { name: 'Show all 5' }).click();
      assert.equal(await cards.count(), 5);
      await investors.getByRole('button', { name: 'Show less' }).waitFor();
      assert.equal(await investors.getByTestId('copy-button').count(), 0, 'a download, not a copy');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        investors.getByRole('button', { name: 'Download JSON' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'pitch-check-investors.json');
      const saved = JSON.parse(await readFile(await download.path(), 'utf8'));
      assert.equal(saved.investors.length, 5);

      // YC Application Scorer: the overall score, then sections behind Full review.
      const yc = results.getByTestId('result-ycApplication');
      await yc.getByRole('heading', { name: 'YC application review' }).waitFor();
      await yc.getByText('Overall score').waitFor();
      await yc.getByTestId('score').first().waitFor();
      await yc.getByRole('heading', { name: 'Top recommendations' }).waitFor();
      await yc.getByRole('button', { name: 'Full review' }).click();
      await yc.getByRole('heading', { name: 'Sections' }).waitFor();
      assert.ok((await yc.locator('.scorecard-section').count()) > 1, 'one card per question');

      // Cold Email Writer: subject, body and follow-up, copied as one text.
      const email = results.getByTestId('result-coldEmail');
      await email.getByRole('heading', { name: 'Cold email' }).waitFor();
      await email.getByText('Subject:').waitFor();
      await email.getByTestId('copy-button').click();
      const copied = await page.evaluate(() => globalThis.navigator.clipboard.readText());
      assert.match(copied, /^Subject: .+/);

      // Nothing of the run is left shown as raw data: every answer had its declared shape.
      assert.equal(await results.locator('.result-view-data').count(), 0);
      await shot(page, `result-views-${scheme}`, { fullPage: true });
      await assertAccessible(page, `result views (${scheme})`);
      assert.deepEqual(errors, []);
      await context.close();
    },
  );
}
