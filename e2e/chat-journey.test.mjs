// Chat apps in a real Chromium against the built product: a person chats with a published Chat
// Input app on its page (each answer from a run, shown in Markdown), and the follow-up "And in
// French?" is answered knowing the first turn; the answer's run in run history links back to its
// conversation, which the app page opens. The owner lets visitors use the app's embed on their
// credits: a visitor who is not signed in chats in the embed, the follow-up knowing the first turn
// too, and finds the conversation again after a reload (the embed keeps the visitor's token). An
// answer that waits for its owner's approval says so and links to its run, where the owner
// approves; the conversation then shows the answer. A visitor stops an answer in the embed.
// Screenshots at 1440 and 390 px.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { DESKTOP, PHONE, graphql, settled, shot, signUp, startJourney, stopJourney } from './helpers.mjs';
import { DEVELOPER_ENV, PASSWORD, liveApp, signedInPage, upgradeToStarter } from './developer-setup.mjs';

let server;
let browser;
let owner;
let app;
/** A service that takes requests and never answers: an HTTP Request block waits on it until stopped. */
let hanging;
/** Told of the service's next request. */
let onHangingRequest = () => undefined;

/** A chat app: a Chat Input, a Text AI answering the message, and its display. */
function chatApp() {
  return {
    plugins: [
      { id: 'in', type: 'chatInput', position: { x: 100, y: 100 }, settings: { label: 'Message' } },
      {
        id: 'gen',
        type: 'textGeneration',
        position: { x: 400, y: 100 },
        settings: { prompt_template: 'Answer the traveller: {{input_text}}' },
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

/** A chat app whose answer waits for its owner's approval: Chat Input, Text AI, Approval, display. */
function approvalChatApp() {
  const config = chatApp();
  config.plugins.splice(2, 0, {
    id: 'check',
    type: 'approval',
    position: { x: 700, y: 100 },
    settings: { approver: 'owner' },
  });
  config.plugins[3].position = { x: 1000, y: 100 };
  config.connections = [
    { id: 'c0', from: 'in', to: 'gen', fromPort: 'output', toPort: 'input' },
    { id: 'c1', from: 'gen', to: 'check', fromPort: 'output', toPort: 'input' },
    { id: 'c2', from: 'check', to: 'show', fromPort: 'output', toPort: 'input' },
  ];
  return config;
}

/** A chat app whose answer takes as long as the service at `url` (which never answers). */
function slowChatApp(url) {
  const config = chatApp();
  config.plugins.splice(1, 0, {
    id: 'http',
    type: 'httpRequest',
    position: { x: 250, y: 300 },
    settings: { url, timeout_seconds: 30 },
  });
  config.connections = [
    { id: 'c0', from: 'in', to: 'http', fromPort: 'output', toPort: 'input' },
    { id: 'c1', from: 'http', to: 'gen', fromPort: 'output', toPort: 'input' },
    { id: 'c2', from: 'gen', to: 'show', fromPort: 'output', toPort: 'input' },
  ];
  return config;
}

before(async () => {
  hanging = createServer(() => onHangingRequest());
  await new Promise((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  ({ browser, server } = await startJourney({
    env: { ...DEVELOPER_ENV, HTTP_BLOCK_ALLOW_HOSTS: '127.0.0.1' },
  }));
  owner = await signUp(server, { email: 'ada@example.com', password: PASSWORD, fullName: 'Ada Lovelace' });
  await upgradeToStarter(server, owner);
  app = await liveApp(server, owner, {
    name: 'Phrasebook',
    description: 'Ask how to say something; follow up in another language.',
    category: 'Education',
    slug: `phrasebook-${Date.now().toString(36)}`,
    isPrivate: false,
    config: chatApp(),
  });
  await graphql(
    server,
    'mutation ($id: ID!) { updateEmbedSettings(appId: $id, paysOwner: true, monthlyCredits: 100) { paysOwner } }',
    { id: app.id },
    owner.session.access_token,
  );
});

after(async () => {
  await stopJourney({ browser, server });
  hanging.closeAllConnections();
  await new Promise((resolve) => hanging.close(resolve));
});

/** Sends `text` in the open chat and waits for the `n`th answer (from 1) to be shown as stored. */
async function ask(scope, text, n) {
  await scope.getByTestId('chat-input').fill(text);
  await scope.getByTestId('chat-input').press('Enter');
  const answer = scope.getByTestId('chat-answer').nth(n - 1);
  // Copy and Regenerate show once the answer is stored (not while it is written).
  await answer.locator('.chat-answer-actions').waitFor({ timeout: 60_000 });
  return answer;
}

test('a person chats on the app page; the follow-up knows the first turn; run history links back', async () => {
  const ben = await signUp(server, { email: 'ben@example.com', password: PASSWORD, fullName: 'Ben Ng' });
  await graphql(server, 'mutation { initializeCredits { credits } }', {}, ben.session.access_token);
  const { page, context, errors } = await signedInPage(browser, ben, { viewport: DESKTOP });
  await page.goto(`${server.url}/app/${app.slug}`);
  await page.getByTestId('chat-window').waitFor();

  const first = await ask(page, 'How do you say hello in Spanish?', 1);
  assert.match(await first.innerText(), /hello in Spanish/);
  const second = await ask(page, 'And in French?', 2);
  assert.match(await second.innerText(), /And in French\?/);
  // What the follow-up's run was given: the conversation so far (its Chat Input's chat_history step
  // output; the model's exact prompt is checked against a faked OpenAI in chat-routes.test.ts).
  const runId = (await second.locator('.chat-run-link').getAttribute('href')).split('/').at(-1);
  const { run } = await graphql(
    server,
    'query ($id: ID!) { run(id: $id) { source steps { nodeId outputs } } }',
    { id: runId },
    ben.session.access_token,
  );
  assert.equal(run.source, 'chat');
  const history = run.steps.find((step) => step.nodeId === 'in').outputs.chat_history;
  assert.match(JSON.stringify(history), /Person: How do you say hello in Spanish\?/);
  await page
    .getByTestId('chat-conversation')
    .filter({ hasText: 'How do you say hello in Spanish?' })
    .waitFor();
  await shot(page, 'chat-app-page-desktop');

  // The second answer's run, in run history, links back to the conversation.
  await second.locator('.chat-run-link').click();
  await page.getByTestId('run-conversation').click();
  await page.waitForURL(/\?conversation=/);
  await page.getByTestId('chat-answer').nth(1).waitFor();
  assert.equal(await page.getByTestId('chat-message').count(), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a visitor chats in the embed on the owner’s credits, and finds the conversation after a reload', async () => {
  for (const [viewport, name] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/embed/${app.slug}`);
    await page.getByTestId('embed-chat').waitFor();
    assert.match(await page.getByTestId('embed-who').innerText(), /creator pays/);

    await ask(page, 'How do you say thank you in Spanish?', 1);
    const ownerRuns = async () =>
      (
        await graphql(
          server,
          'query ($id: ID!) { appRuns(appId: $id, limit: 100, source: "chat") { runs { id runner { id } } } }',
          { id: app.id },
          owner.session.access_token,
        )
      ).appRuns.runs;
    const before = (await ownerRuns()).length;
    const second = await ask(page, 'And in French?', 2);
    assert.match(await second.innerText(), /And in French\?/);
    // Each message a run of the owner's app, on the owner's credits (a visitor's).
    assert.equal((await ownerRuns()).length, before + 1);
    // No run links in another site's page.
    assert.equal(await page.locator('.chat-run-link').count(), 0);
    await shot(page, `chat-embed-${name}`, { fullPage: true });

    await page.reload();
    const kept = page.getByTestId('chat-conversation').filter({ hasText: 'thank you in Spanish' });
    await kept.waitFor();
    await kept.locator('.chat-conversation-title').click();
    await page.getByTestId('chat-answer').nth(1).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('an answer waiting for approval says so and links to its run; approved there, it shows', async () => {
  const careful = await liveApp(server, owner, {
    name: 'Careful toasts',
    description: 'Drafts a toast that its owner approves.',
    category: 'Education',
    slug: `careful-toasts-${Date.now().toString(36)}`,
    isPrivate: false,
    config: approvalChatApp(),
  });
  const { page, context, errors } = await signedInPage(browser, owner, { viewport: DESKTOP });
  await page.goto(`${server.url}/app/${careful.slug}`);
  await page.getByTestId('chat-window').waitFor();
  await page.getByTestId('chat-input').fill('A toast for the team');
  await page.getByTestId('chat-input').press('Enter');
  const waiting = page.getByTestId('chat-waiting');
  await waiting.waitFor({ timeout: 60_000 });
  assert.match(await waiting.innerText(), /Waiting for approval/);
  // No next message while it waits.
  await page.getByTestId('chat-waiting-note').waitFor();
  await page.getByTestId('chat-input').fill('And a shorter one?');
  assert.equal(await page.getByTestId('chat-send').isDisabled(), true);
  await settled(page);
  await shot(page, 'chat-waiting-desktop');

  // Its run's page, where the owner approves; back to the conversation, the answer is there.
  await page.getByTestId('chat-waiting-run').click();
  await page.getByTestId('approval-approve').click();
  await page.getByTestId('run-conversation').click();
  await page.waitForURL(/\?conversation=/);
  const answer = page.getByTestId('chat-answer').first();
  await answer.locator('.chat-answer-actions').waitFor({ timeout: 60_000 });
  assert.match(await answer.innerText(), /A toast for the team/);
  assert.equal(await page.getByTestId('chat-waiting').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a visitor stops an answer being written in the embed', async () => {
  const url = `http://127.0.0.1:${hanging.address().port}/slow`;
  const slow = await liveApp(server, owner, {
    name: 'Slow phrasebook',
    description: 'Looks things up slowly.',
    category: 'Education',
    slug: `slow-phrasebook-${Date.now().toString(36)}`,
    isPrivate: false,
    config: slowChatApp(url),
  });
  await graphql(
    server,
    'mutation ($id: ID!) { updateEmbedSettings(appId: $id, paysOwner: true, monthlyCredits: 100) { paysOwner } }',
    { id: slow.id },
    owner.session.access_token,
  );
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/embed/${slow.slug}`);
  await page.getByTestId('embed-chat').waitFor();
  const asked = new Promise((resolve) => (onHangingRequest = resolve));
  await page.getByTestId('chat-input').fill('Look up good morning in Welsh');
  await page.getByTestId('chat-input').press('Enter');
  // Stop shows while the answer is written; the run waits on the slow service.
  await page.getByTestId('chat-stop').waitFor();
  await asked;
  await page.getByTestId('chat-stop').click();
  await page.getByText('Stopped. Regenerate to ask again.').waitFor({ timeout: 60_000 });
  await page.getByTestId('chat-regenerate').waitFor();
  await settled(page);
  await shot(page, 'chat-embed-stopped-phone');
  assert.deepEqual(errors, []);
  await context.close();
});
