// What the browser journeys share: starting and stopping the product and a browser, the GraphQL
// API, accounts, the mails the server prints, toasts, screenshots and a small app to publish.
/* global document */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, launchBrowser, startServer } from './server.mjs';

export const SHOTS = path.join(ROOT, 'test-results', 'screenshots');
/** The address the journeys list in ADMIN_EMAILS. */
export const ADMIN = 'admin@example.com';
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
/** The fields of an answer that signs someone in: `{ user, session }`, as the workbench keeps it. */
export const AUTH_FIELDS =
  'user { id email user_metadata { full_name isAdmin } } session { access_token refresh_token expires_at }';

/** A headless Chromium and the built server (with `env` added), and the screenshot folder. */
export async function startJourney({ env } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  // Both at once: the browser starts while the server boots.
  const [browser, server] = await Promise.allSettled([launchBrowser(), startServer({ env })]);
  if (browser.status === 'fulfilled' && server.status === 'fulfilled') {
    return { browser: browser.value, server: server.value };
  }
  if (browser.status === 'fulfilled') await browser.value.close();
  if (server.status === 'fulfilled') await server.value.stop();
  throw browser.status === 'rejected' ? browser.reason : server.reason;
}

/** Closes what startJourney opened; with E2E_SERVER_LOG set, prints the server's log first. */
export async function stopJourney({ browser, server }) {
  if (process.env.E2E_SERVER_LOG) console.log(server?.log());
  await Promise.all([browser?.close(), server?.stop()]);
}

/** Posts a GraphQL operation to `server`; answers its data, or throws its first error. */
export async function graphql(server, query, variables = {}, token) {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = await response.json();
  if (answer.errors) throw new Error(`${answer.errors[0].message} (${query.slice(0, 60)})`);
  return answer.data;
}

/** An account made over the GraphQL API: `{ user, session }`. */
export async function signUp(server, { email, password, fullName }) {
  const data = await graphql(
    server,
    `mutation ($email: String!, $password: String!, $fullName: String) {
      signUp(email: $email, password: $password, fullName: $fullName) { ${AUTH_FIELDS} } }`,
    { email, password, fullName },
  );
  return data.signUp;
}

/** The newest link mailed to `email` with `subject` (the outbox prints every mail to the log). */
export async function mailedLink(server, email, subject) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const mails = server
      .log()
      .split(/^mail to /m)
      .filter((mail) => mail.startsWith(`${email}: ${subject}`));
    const link = mails.at(-1)?.match(/https?:\/\/\S+\/reset-password#access_token=[\w-]+&type=recovery/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No "${subject}" mail to ${email} in the server log:\n${server.log()}`);
}

export async function expectToast(page, text) {
  await page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 20_000 });
}

/**
 * Waits until nothing on the page moves: three animation frames in a row with no transition or
 * finite animation running (a spinner's endless one does not count). On a loaded machine a fixed
 * pause is too short; on a quiet one it is time lost.
 */
export async function settled(page) {
  await page.evaluate(() => {
    globalThis.__stillFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const moving = document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      globalThis.__stillFrames = moving ? 0 : globalThis.__stillFrames + 1;
      return globalThis.__stillFrames >= 3;
    },
    null,
    { polling: 'raf' },
  );
}

/**
 * Clicks `trigger` and waits until `item`, in the menu it opens, has stopped moving. Blueprint's
 * popovers open with a bounce; Playwright takes an element that kept its place for two frames as
 * still (the bounce's turning point does) and checks what it hits at the press only, so a click on
 * an item still moving can be released beside it and do nothing (seen: "Use system setting"
 * clicked, the theme unchanged for 60 s).
 */
export async function openMenu(page, trigger, item) {
  await trigger.click();
  await item.waitFor();
  await settled(page);
}

/** Saves test-results/screenshots/<name>.png: the viewport, or with `fullPage` the whole page. */
export async function shot(page, name, { fullPage = false } = {}) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** Three blocks: a text input (`label`), a text generation with `prompt` on it, a text display of the result. */
export function textApp({ label = 'Topic', prompt = 'Write about {{input_text}}' } = {}) {
  return {
    plugins: [
      { id: 'in', type: 'textInput', position: { x: 100, y: 100 }, settings: { label } },
      {
        id: 'gen',
        type: 'textGeneration',
        position: { x: 400, y: 100 },
        settings: { prompt_template: prompt },
      },
      { id: 'show', type: 'textDisplay', position: { x: 700, y: 100 }, settings: {} },
    ],
    connections: [
      { id: 'c0', from: 'in', to: 'gen', fromPort: 'output', toPort: 'input' },
      { id: 'c1', from: 'gen', to: 'show', fromPort: 'output', toPort: 'input' },
    ],
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  };
}

/** Drags a palette block onto the canvas at (x, y) relative to the canvas' top-left corner. */
export async function dropBlock(page, type, x, y) {
  await page.dragAndDrop(`.palette-item[data-block-type="${type}"]`, '[data-testid="canvas"]', {
    targetPosition: { x, y },
  });
}

/** Drags from one block's output handle (right) to another's input handle (left). */
export async function connect(page, fromType, toType) {
  const from = page.locator(`.block-node[data-type="${fromType}"] .handle-output`);
  const to = page.locator(`.block-node[data-type="${toType}"] .handle-input`);
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2 + 30, { steps: 8 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}
