// What the runs journey sets up over the API: apps of its own, runs started and waited for, a
// person's session in a fresh browser context, and the panel's usage rows read from the page.
import { randomBytes } from 'node:crypto';
import { DESKTOP, graphql, signUp } from './helpers.mjs';

/** An account made over the API with this month's credits granted (as the workbench does on first use). */
export async function signUpWithCredits(server, person) {
  const auth = await signUp(server, person);
  await graphql(server, 'mutation { initializeCredits { credits } }', {}, auth.session.access_token);
  return auth;
}

/** Creates an app owned by `auth` (a draft, not published): `{ id, slug }`. */
export async function ownApp(server, auth, { name, config, category = 'Content' }) {
  const { createApp } = await graphql(
    server,
    'mutation ($input: AppInput!) { createApp(input: $input) { id slug } }',
    {
      input: {
        name,
        description: `${name}, for the runs journey`,
        slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(3).toString('hex')}`,
        category,
        isPrivate: false,
        config,
      },
    },
    auth.session.access_token,
  );
  return createApp;
}

/** Starts a run of `appId` as `auth` and waits for its end: `{ runId, status }`. */
export async function runToEnd(server, auth, appId, inputs, actionType = 'test_execution') {
  const token = auth.session.access_token;
  const { startRun } = await graphql(
    server,
    'mutation ($appId: ID!, $inputs: JSONObject, $actionType: String!) { startRun(appId: $appId, inputs: $inputs, actionType: $actionType) { runId } }',
    { appId, inputs, actionType },
    token,
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { run } = await graphql(
      server,
      'query ($id: ID!) { run(id: $id) { status } }',
      { id: startRun.runId },
      token,
    );
    if (run.status !== 'running' && run.status !== 'queued')
      return { runId: startRun.runId, status: run.status };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Run ${startRun.runId} did not end within 30 s.`);
}

/** A browser context signed in as `auth` (the tour seen), with its page and the page's errors. */
export async function pageAs(browser, auth, { viewport = DESKTOP, extra = {} } = {}) {
  const mobile = viewport.width < 768;
  const context = await browser.newContext({
    viewport,
    ...(mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript(
    (entries) => {
      if (globalThis.sessionStorage.getItem('journey-seeded')) return;
      globalThis.sessionStorage.setItem('journey-seeded', '1');
      for (const [key, value] of Object.entries(entries)) globalThis.localStorage.setItem(key, value);
    },
    {
      'blocksmith-session': JSON.stringify({ ...auth.session, user: auth.user }),
      'onboarding-completed': 'true',
      ...extra,
    },
  );
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors, mobile };
}

/** The text of each row of a list found by test id, in order. */
export function rowTexts(page, testId) {
  return page
    .getByTestId(testId)
    .evaluateAll((rows) => rows.map((row) => row.innerText.replace(/\s+/g, ' ').trim()));
}
