// An agent with a tool, built in the builder in a real Chromium against the built product (offline
// AI): text input -> Agent -> text display, an HTTP Request block connected to the Agent's Tools
// handle and pointed at a loopback server the operator allows (HTTP_BLOCK_ALLOW_HOSTS). The run
// is watched live: the loopback server holds its answer until the journey has seen the HTTP block
// lit up with the model's arguments and the call listed as running; then the call's answer, time
// and credits in the preview, and the same call in the run's history page.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { connect, dropBlock, expectToast, shot, startJourney, stopJourney, textApp } from './helpers.mjs';
import { assertAccessible } from './a11y-check.mjs';
import { ownApp, pageAs, signUpWithCredits } from './runs-helpers.mjs';

let server;
let browser;
let facts;
/** Called requests, each with its city and a function that sends the answer. */
const requests = [];
let requestArrived = () => {};

/** A loopback API answering `/facts?city=...` once the journey lets it. */
function startFactsServer() {
  return new Promise((resolve) => {
    const http = createServer((request, response) => {
      const city = new URL(request.url, 'http://x').searchParams.get('city') ?? '';
      requests.push({
        city,
        answer: () => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ city, population: 709000, note: `${city} facts from the loopback API` }),
          );
        },
      });
      requestArrived();
    });
    http.listen(0, '127.0.0.1', () => resolve(http));
  });
}

function nextRequest() {
  if (requests.length > 0) return Promise.resolve(requests.shift());
  return new Promise((resolve) => {
    requestArrived = () => {
      requestArrived = () => {};
      resolve(requests.shift());
    };
  });
}

before(async () => {
  facts = await startFactsServer();
  ({ browser, server } = await startJourney({
    env: { DEFAULT_PLAN: 'starter', HTTP_BLOCK_ALLOW_HOSTS: `127.0.0.1:${facts.address().port}` },
  }));
});

after(async () => {
  await stopJourney({ browser, server });
  facts?.close();
});

/** Drags from a block's output handle to the Agent's Tools handle at its bottom edge. */
async function connectAsTool(page, fromType) {
  const from = await page.locator(`.block-node[data-type="${fromType}"] .handle-output`).boundingBox();
  const to = await page.locator('.block-node[data-type="agent"] .handle-tools').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 8 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
}

test(
  'build an agent with an HTTP tool, watch its call live, find it in history',
  { timeout: 240_000 },
  async () => {
    const auth = await signUpWithCredits(server, {
      email: 'ada@example.com',
      password: 'correct horse battery staple',
      fullName: 'Ada Lovelace',
    });
    // An app of Ada's own, offered as a tool with what one call costs (its Text AI block).
    await ownApp(server, auth, { name: 'Poem writer', config: textApp() });
    const { page, errors } = await pageAs(browser, auth);
    await page.goto(`${server.url}/app`);
    await page.getByText('Start building your workflow').waitFor();

    // Four blocks; the HTTP Request below the Agent, connected to its Tools handle.
    await dropBlock(page, 'textInput', 160, 160);
    await dropBlock(page, 'agent', 480, 160);
    await dropBlock(page, 'textDisplay', 820, 160);
    await dropBlock(page, 'httpRequest', 480, 430);
    await page.getByTestId('node-count').getByText('4 nodes').waitFor();
    await page.getByTestId('tools-handle').getByText('Tools').waitFor();
    await connect(page, 'textInput', 'agent');
    await connect(page, 'agent', 'textDisplay');
    await connectAsTool(page, 'httpRequest');
    await page.locator('.react-flow__edge.is-tool').waitFor();
    assert.equal(await page.locator('.react-flow__edge').count(), 3);
    await page.locator('.block-node[data-type="httpRequest"] .block-tool-mark').getByText('Tool').waitFor();

    // A tool cannot also be a step of the pipeline: the canvas does not take it, and says why.
    await connect(page, 'httpRequest', 'textDisplay');
    await expectToast(page, 'This block is connected as a tool and runs only when the model calls it');
    assert.equal(await page.locator('.react-flow__edge').count(), 3);

    // The HTTP Request asks the loopback API about the model's query.
    await page.locator('.block-node[data-type="httpRequest"]').click();
    const url = `http://127.0.0.1:${facts.address().port}/facts?city={{query}}`;
    await page.getByLabel('URL').fill(url);
    await page.getByText('query', { exact: false }).first().waitFor();
    await shot(page, 'agent-tools-1-http-tool');

    // The Agent's properties: its tools picker, the connected tool, the most a run can cost.
    await page.locator('.block-node[data-type="agent"]').click();
    const summary = page.getByTestId('tools-summary');
    await summary.getByText('HTTP Request').waitFor();
    await page
      .getByTestId('tools-most-cost')
      .getByText(/At most \d+ credit\(s\) a run/)
      .waitFor();
    await page.getByPlaceholder('Search your apps and the store').fill('poem');
    const offered = page.getByTestId('tool-apps-list').locator('li');
    await offered.filter({ hasText: 'Poem writer' }).getByText('1 credit(s) a call').waitFor();
    assert.equal(await offered.count(), 1);
    await page.locator('#app-name').fill('Research assistant');
    await summary.scrollIntoViewIfNeeded();
    await shot(page, 'agent-tools-2-agent-properties');
    await assertAccessible(page, 'the builder with an agent and its tools picker');

    // Run it: the HTTP Request lights up with the model's arguments while the API holds its answer.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('heading', { name: 'Live preview' }).waitFor();
    await page.getByLabel('Your text').fill('Oslo');
    await page.getByTestId('preview-run').click();
    const held = await nextRequest();
    assert.match(held.city, /Oslo/);
    const httpNode = page.locator('.block-node[data-type="httpRequest"]');
    await httpNode.and(page.locator('[data-status="running"]')).waitFor({ timeout: 30_000 });
    await httpNode
      .getByTestId('tool-call-arguments')
      .getByText(/Called with \{"query":".*Oslo/)
      .waitFor();
    await page.getByTestId('tool-call').and(page.locator('[data-status="running"]')).waitFor();
    await shot(page, 'agent-tools-3-live-call');

    // The answer arrives: the call is listed with its answer and time, the agent answers from it.
    held.answer();
    await expectToast(page, 'App executed successfully!');
    const row = page.getByTestId('tool-call').first();
    await row.and(page.locator('[data-status="succeeded"]')).waitFor({ timeout: 30_000 });
    assert.match(await row.innerText(), /Oslo/);
    await page
      .locator('.block-node[data-type="agent"]')
      .getByTestId('tool-call-count')
      .getByText('1 tool call')
      .waitFor();
    await httpNode.getByTestId('tool-call-count').getByText('1 call').waitFor();
    await page.getByTestId('result-text').filter({ hasText: '[Offline preview]' }).first().waitFor();
    await shot(page, 'agent-tools-4-after-run');
    await assertAccessible(page, 'the preview with its tool calls');
    await page.locator('.preview-drawer').getByRole('button', { name: 'Close' }).click();

    // In history: the app's runs, the run, its tool call with arguments, answer, time and credits.
    await page.getByTestId('runs-link').click();
    await page.waitForURL(/\/my-apps\/[^/]+\/runs$/);
    await page.getByTestId('run-row').first().getByRole('link').first().click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    const kept = page.getByTestId('run-tool-calls');
    await kept.getByTestId('tool-call').first().waitFor();
    const keptText = await kept.innerText();
    assert.match(keptText, /HTTP_Request/);
    assert.match(keptText, /Oslo/);
    await shot(page, 'agent-tools-5-history', { fullPage: true });
    await assertAccessible(page, 'a kept agent run');

    // The HTTP Request's own step: called once, with the model's arguments as what it received.
    await page.getByTestId('step-row').filter({ hasText: 'HTTP Request' }).click();
    const panel = page.getByTestId('step-panel');
    await panel.getByText('1 call').waitFor();
    await panel.getByText('query').first().waitFor();
    await shot(page, 'agent-tools-6-tool-step', { fullPage: true });
    assert.deepEqual(errors, []);
  },
);
