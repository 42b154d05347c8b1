// "Research assistant", built by a newcomer in the builder in a real Chromium against the built
// product (offline AI): text input -> Agent -> text display, the Agent given three tools: an HTTP
// Request block on its Tools handle (a loopback API), a store app published by another account
// (priced: its creator earns on each call), and a real MCP server (the MCP SDK's server on a
// loopback port) added in its MCP servers picker. The operator allows both loopback addresses.
// The offline agent calls the tool its question is about, so three questions call each tool once:
// each call is watched live (listed as running with where it comes from, the Agent's count on the
// canvas), then found in run history, the app's call linking to the nested run. Charges and the
// creator's earnings are checked exactly through the REST API.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { assertAccessible } from './a11y-check.mjs';
import { liveApp } from './developer-setup.mjs';
import {
  ADMIN,
  connect,
  dropBlock,
  expectToast,
  shot,
  startJourney,
  stopJourney,
  textApp,
} from './helpers.mjs';
import { startMcpStandIn } from './mcp-stand-in.mjs';
import { pageAs, signUpWithCredits } from './runs-helpers.mjs';

let server;
let browser;
let facts;
let mcp;
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
          response.end(JSON.stringify({ city, population: 709000 }));
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
  mcp = await startMcpStandIn();
  const allowed = [facts.address().port, mcp.port].map((port) => `127.0.0.1:${port}`).join(',');
  ({ browser, server } = await startJourney({
    env: { DEFAULT_PLAN: 'starter', ADMIN_EMAILS: ADMIN, HTTP_BLOCK_ALLOW_HOSTS: allowed },
  }));
});

after(async () => {
  await stopJourney({ browser, server });
  facts?.close();
  await mcp?.close();
});

/** The REST API as `auth`: the answer's body (and fails on a status other than 200). */
async function api(auth, method, path, body) {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${auth.session.access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  assert.equal(response.status, 200, `${method} ${path}: ${text}`);
  return JSON.parse(text);
}

/** The kept tool calls of the newest of `auth`'s runs whose agent called an app. */
async function appCallSteps(auth) {
  const { runs } = await api(auth, 'GET', '/runs?limit=10');
  for (const { id } of runs) {
    const run = await api(auth, 'GET', `/runs/${id}`);
    const kept = (run.steps ?? []).find((step) => Array.isArray(step.outputs?.agent_steps));
    if (kept?.outputs.agent_steps.some((call) => call.source === 'app')) return kept.outputs.agent_steps;
  }
  throw new Error('No run of an agent that called an app.');
}

async function balance(auth) {
  return (await api(auth, 'GET', '/credits/balance')).credits;
}

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
  'a newcomer builds a research assistant with an HTTP tool, a store app and an MCP server, and watches each call',
  { timeout: 420_000 },
  async () => {
    // Grace publishes a priced store app (Starter is the server's default plan).
    const grace = await signUpWithCredits(server, {
      email: 'grace@example.com',
      password: 'correct horse battery staple',
      fullName: 'Grace Hopper',
    });
    const haiku = await liveApp(server, grace, {
      name: 'Haiku writer',
      description: 'Writes a haiku about any topic.',
      category: 'Content',
      slug: `haiku-writer-${Date.now().toString(36)}`,
      isPrivate: false,
      config: textApp({ label: 'Topic', prompt: 'Write a haiku about {{input_text}}' }),
    });
    await api(grace, 'PUT', `/apps/${haiku.id}/price`, { creatorPrice: 2 });
    const earnedBefore = (await api(grace, 'GET', '/earnings')).total;

    // Ada, new here, builds the assistant.
    const ada = await signUpWithCredits(server, {
      email: 'ada@example.com',
      password: 'correct horse battery staple',
      fullName: 'Ada Lovelace',
    });
    const { page, errors } = await pageAs(browser, ada);
    await page.goto(`${server.url}/app`);
    await page.getByText('Start building your workflow').waitFor();
    await dropBlock(page, 'textInput', 160, 160);
    await dropBlock(page, 'agent', 480, 160);
    await dropBlock(page, 'textDisplay', 820, 160);
    await dropBlock(page, 'httpRequest', 480, 430);
    await page.getByTestId('node-count').getByText('4 nodes').waitFor();
    await connect(page, 'textInput', 'agent');
    await connect(page, 'agent', 'textDisplay');
    await connectAsTool(page, 'httpRequest');
    await page.locator('.react-flow__edge.is-tool').waitFor();

    await page.locator('.block-node[data-type="httpRequest"]').click();
    await page.getByLabel('URL').fill(`http://127.0.0.1:${facts.address().port}/facts?city={{query}}`);

    // The Agent's tools: the store app, chosen by name, and the MCP server, added as a row.
    await page.locator('.block-node[data-type="agent"]').click();
    await page.getByPlaceholder('Search your apps and the store').fill('haiku');
    const offered = page.getByTestId('tool-apps-list').locator('li').filter({ hasText: 'Haiku writer' });
    await offered.getByText('2 to its creator', { exact: false }).waitFor();
    await offered.getByText('Haiku writer', { exact: true }).click();
    await page.getByTestId('tool-apps-chosen').getByText('Haiku writer').waitFor();
    await page.getByRole('button', { name: 'Add an MCP server' }).click();
    await page.getByLabel('Address of MCP server 1').fill(mcp.url);
    await page.getByLabel('Address of MCP server 1').blur();
    await page.locator('#app-name').fill('Research assistant');
    await page.getByTestId('mcp-servers').scrollIntoViewIfNeeded();
    await shot(page, 'research-assistant-1-tools');
    await assertAccessible(page, 'the agent with its apps and MCP servers pickers');

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('heading', { name: 'Live preview' }).waitFor();
    const agentNode = page.locator('.block-node[data-type="agent"]');
    const calls = page.getByTestId('tool-call');

    /** Runs the preview with `question` and waits for its one tool call to be listed as `status`. */
    async function ask(question) {
      await page.getByLabel('Your text').fill(question);
      await page.getByTestId('preview-run').click();
    }

    // 1. The MCP tool: listed as running, from the server, while the server holds its answer.
    const before1 = await balance(ada);
    await ask('weather in Oslo');
    const forecast = await mcp.nextCall();
    assert.match(forecast.place, /weather in Oslo/);
    const running = calls.and(page.locator('[data-status="running"]'));
    await running.waitFor({ timeout: 30_000 });
    assert.match(await running.innerText(), /weather_forecast/);
    await running.getByTestId('tool-call-source').getByText(`MCP · 127.0.0.1:${mcp.port}`).waitFor();
    await shot(page, 'research-assistant-2-mcp-live');
    forecast.answer();
    await expectToast(page, 'App executed successfully!');
    await calls.and(page.locator('[data-status="succeeded"]')).filter({ hasText: 'sunny' }).waitFor();
    await agentNode.getByTestId('tool-call-count').getByText('1 tool call').waitFor();
    assert.equal((await balance(ada)) - before1, 0 - 3, 'the agent’s price only');

    // 2. The HTTP Request: its block lights up with the model's arguments, the call is a block's.
    await ask('facts about Oslo');
    const held = await nextRequest();
    assert.match(held.city, /facts about Oslo/);
    const httpNode = page.locator('.block-node[data-type="httpRequest"]');
    await httpNode.and(page.locator('[data-status="running"]')).waitFor({ timeout: 30_000 });
    await running
      .filter({ hasText: 'HTTP_Request' })
      .getByTestId('tool-call-source')
      .getByText('Block')
      .waitFor();
    await shot(page, 'research-assistant-3-http-live');
    held.answer();
    try {
      await calls.and(page.locator('[data-status="succeeded"]')).filter({ hasText: '709000' }).waitFor({
        timeout: 60_000,
      });
    } catch (error) {
      await shot(page, 'research-assistant-failed');
      throw error;
    }

    // 3. The store app: a paid run of Grace's app, its price going to her.
    const before3 = await balance(ada);
    await ask('a haiku about Oslo');
    const appCall = calls.and(page.locator('[data-status="succeeded"]')).filter({ hasText: haiku.slug });
    await appCall.waitFor({ timeout: 60_000 });
    await appCall.getByTestId('tool-call-source').getByText(`App · ${haiku.slug}`).waitFor();
    await appCall.getByTestId('tool-call-run').waitFor();
    await page.getByTestId('result-text').filter({ hasText: '[Offline preview]' }).first().waitFor();
    await shot(page, 'research-assistant-4-app-call');
    await assertAccessible(page, 'the preview with an app’s call');
    assert.deepEqual(errors, []);

    // Exact: Ada paid the agent's price and the app's run (its blocks and Grace's 2), Grace earned 2.
    const steps = await appCallSteps(ada);
    assert.equal(steps.length, 1);
    assert.equal(steps[0].source, 'app');
    const nested = await api(ada, 'GET', `/runs/${steps[0].runId}`);
    assert.equal(nested.run?.cost ?? nested.cost, steps[0].credits);
    assert.equal(before3 - (await balance(ada)), 3 + steps[0].credits);
    assert.equal((await api(grace, 'GET', '/earnings')).total - earnedBefore, 2);

    // In history: the app's call with its source, and the link to the nested run.
    await page.locator('.preview-drawer').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('runs-link').click();
    await page.waitForURL(/\/my-apps\/[^/]+\/runs$/);
    await page.getByTestId('run-row').first().getByRole('link').first().click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    const kept = page.getByTestId('run-tool-calls');
    await kept.getByTestId('tool-call').first().waitFor();
    assert.match(await kept.innerText(), new RegExp(haiku.slug));
    await kept.getByTestId('tool-call-source').getByText(`App · ${haiku.slug}`).waitFor();
    // The run's credits, and beside them what the app it called was charged on its own.
    await page
      .getByTestId('run-tool-credits')
      .getByText(`+ ${steps[0].credits} credit(s) for the apps it called`)
      .waitFor();
    await shot(page, 'research-assistant-5-history', { fullPage: true });
    await kept.getByTestId('tool-call-run').click();
    await page.waitForURL(`${server.url}/runs/${steps[0].runId}`);
    await page.getByText('Haiku writer').first().waitFor();
    await shot(page, 'research-assistant-6-nested-run', { fullPage: true });
    assert.deepEqual(errors, []);
  },
);
