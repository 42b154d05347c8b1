#!/usr/bin/env node
// Time to first streamed token on the runner page: from the moment an OpenAI-compatible model
// server writes its first token to the moment that text is painted in the results of the
// runner page (/app/:slug), in headless Chromium against the built product.
//
// The model server is hosted by this script, so the server side's clock is this process's; the
// page's clock (performance.timeOrigin + performance.now()) is brought onto it by the offset
// measured with the shortest of many round trips (its error is at most half that round trip,
// reported as clockErrorMs).
// Run from the repository root after `npm run build`: node workbench/bench/first-token-bench.mjs
// FIRST_TOKEN_ROUNDS sets how many runs are measured (default 20, after 2 not counted).
/* global window, document, requestAnimationFrame, MutationObserver, MessageChannel -- run in the page */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, freePort, launchBrowser, waitUntilUp } from '../../e2e/server.mjs';

const ROUNDS = Number(process.env.FIRST_TOKEN_ROUNDS ?? 20);
const WARMUP = 2;
/**
 * The model's own time to its first token (hosted models take a few hundred milliseconds); with 0
 * the token races the page's subscription to the run, and the figure includes subscribing.
 */
const FIRST_TOKEN_AFTER_MS = Number(process.env.FIRST_TOKEN_DELAY_MS ?? 300);
/** How long the model waits after its first token before the rest: the first token is alone on the wire. */
const REST_AFTER_MS = 400;

const now = () => performance.timeOrigin + performance.now();

/** An OpenAI-compatible chat completions server on a loopback port that streams that streams; `firstTokens` holds when each first token was written. */
function startModel() {
  let round = 0;
  const firstTokens = new Map();
  const chunk = (content) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-bench',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'bench',
      choices: [{ index: 0, delta: { content }, finish_reason: null }],
    })}\n\n`;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      round += 1;
      const marker = `FIRSTTOKEN${round}X`;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      // The first token, alone, timed as it is handed to the socket.
      setTimeout(() => {
        if (res.destroyed) return;
        firstTokens.set(marker, now());
        res.write(chunk(marker));
        setTimeout(() => rest(res), REST_AFTER_MS);
      }, FIRST_TOKEN_AFTER_MS);
    });
  });
  const rest = (res) => {
    if (res.destroyed) return;
    res.write(chunk(' and the rest'));
    res.write(
      `data: ${JSON.stringify({
        id: 'chatcmpl-bench',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'bench',
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
      })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  };
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/v1`,
        firstTokens,
        nextMarker: () => `FIRSTTOKEN${round + 1}X`,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(done));
        },
      }),
    ),
  );
}

/** The built product on a free port and a fresh data directory, its AI calls going to `modelUrl`. */
async function startProduct(modelUrl) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blocksmith-first-token-'));
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    WORKBENCH_DIR: path.join(ROOT, 'workbench/dist'),
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: modelUrl,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(ROOT, 'gateway/dist/server.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const url = `http://localhost:${port}`;
  await waitUntilUp(url, child).catch((error) => {
    child.kill('SIGTERM');
    throw new Error(`${error.message}\n${log}`, { cause: error });
  });
  return {
    url,
    log: () => log,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function graphql(url, query, variables = {}, token) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = await response.json();
  if (answer.errors) throw new Error(`${answer.errors[0].message} (${query.slice(0, 60)})`);
  return answer.data;
}

/** Page clock minus this process's clock, from the shortest of `tries` round trips. */
async function clockOffset(page, tries = 30) {
  let best = { rtt: Infinity, offset: 0 };
  for (let i = 0; i < tries; i += 1) {
    const before = now();
    const pageTime = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = now();
    if (after - before < best.rtt) best = { rtt: after - before, offset: pageTime - (before + after) / 2 };
  }
  return best;
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const round1 = (v) => +v.toFixed(1);
  return {
    min: round1(sorted[0]),
    p50: round1(at(0.5)),
    p95: round1(at(0.95)),
    max: round1(sorted[sorted.length - 1]),
  };
}

async function main() {
  const model = await startModel();
  const browser = await launchBrowser();
  const server = await startProduct(model.url);
  try {
    const signUp = await graphql(
      server.url,
      `
        mutation {
          signUp(
            email: "first.token@example.com"
            password: "a good long password"
            fullName: "First Token"
          ) {
            user {
              id
              email
              user_metadata {
                full_name
                isAdmin
              }
            }
            session {
              access_token
              refresh_token
              expires_at
            }
          }
        }
      `,
    );
    const { user, session } = signUp.signUp;
    await graphql(server.url, 'mutation { initializeCredits { credits } }', {}, session.access_token);
    const slug = `first-token-${Date.now().toString(36)}`;
    await graphql(
      server.url,
      'mutation ($input: AppInput!) { publishAppWithData(id: null, input: $input) { app { id slug } } }',
      {
        input: {
          name: 'First Token',
          description: 'Streams an answer.',
          category: 'Content',
          slug,
          isPrivate: false,
          config: {
            plugins: [
              { id: 'in', type: 'textInput', position: { x: 100, y: 100 }, settings: { label: 'Topic' } },
              {
                id: 'gen',
                type: 'textGeneration',
                position: { x: 400, y: 100 },
                settings: { prompt_template: 'Write about {{input_text}}' },
              },
              { id: 'show', type: 'textDisplay', position: { x: 700, y: 100 }, settings: {} },
            ],
            connections: [
              { id: 'c0', from: 'in', to: 'gen', fromPort: 'output', toPort: 'input' },
              { id: 'c1', from: 'gen', to: 'show', fromPort: 'output', toPort: 'input' },
            ],
            canvas: { zoom: 1, pan: { x: 0, y: 0 } },
          },
        },
      },
      session.access_token,
    );

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Where the time goes: when each marker's progress event left the run engine (its `at`) and
    // when its WebSocket message reached the page (before the page's own listeners).
    await page.addInitScript(() => {
      const Native = window.WebSocket;
      window.__wsSeen = {};
      window.WebSocket = class extends Native {
        constructor(...args) {
          super(...args);
          this.addEventListener('message', (event) => {
            if (typeof event.data !== 'string') return;
            const marker = /FIRSTTOKEN\d+X/.exec(event.data)?.[0];
            if (!marker || window.__wsSeen[marker]) return;
            const at = /"at":(\d+)/.exec(event.data)?.[1];
            window.__wsSeen[marker] = {
              received: performance.timeOrigin + performance.now(),
              at: Number(at),
            };
          });
        }
      };
    });
    await page.goto(`${server.url}/`);
    await page.evaluate(
      (value) => window.localStorage.setItem('blocksmith-session', value),
      JSON.stringify({ ...session, user }),
    );
    await page.goto(`${server.url}/app/${slug}`);
    await page.getByRole('heading', { name: 'First Token' }).waitFor();
    await page.getByLabel('Topic').fill('lighthouses');

    const samples = [];
    let clock = { rtt: Infinity, offset: 0 };
    for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
      const marker = model.nextMarker();
      // Watch the results for the marker; when it is in the page, the frame that paints it is timed
      // (requestAnimationFrame, then the task after that frame's paint).
      await page.evaluate((text) => {
        window.__painted = new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            const results = document.querySelector('.runner-results-column');
            if (!results?.textContent?.includes(text)) return;
            observer.disconnect();
            const inDom = performance.timeOrigin + performance.now();
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () =>
                resolve({ inDom, painted: performance.timeOrigin + performance.now() });
              channel.port2.postMessage(null);
            });
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        });
      }, marker);
      await page.getByTestId('run-app').click();
      const painted = await page.evaluate(() => window.__painted);
      const wire = await page.evaluate((text) => window.__wsSeen[text], marker);
      const seen = { ...painted, wsReceived: wire?.received, emittedAt: wire?.at };
      const written = model.firstTokens.get(marker);
      if (written === undefined) throw new Error(`The model server never sent ${marker}.`);
      // The run ends (the button reads Run App again) before the next one starts.
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="run-app"]')?.textContent?.includes('Processing'),
        undefined,
        { timeout: 30_000 },
      );
      await page.waitForTimeout(300);
      const measured = await clockOffset(page, 10);
      if (measured.rtt < clock.rtt) clock = measured;
      if (round >= WARMUP) samples.push({ marker, written, ...seen });
    }
    const toPaint = samples.map((s) => s.painted - clock.offset - s.written);
    const toDom = samples.map((s) => s.inDom - clock.offset - s.written);
    const toEmit = samples.map((s) => s.emittedAt - s.written);
    const toSocket = samples.map((s) => s.wsReceived - clock.offset - s.written);
    const result = {
      rounds: ROUNDS,
      modelFirstTokenAfterMs: FIRST_TOKEN_AFTER_MS,
      warmup: WARMUP,
      clockErrorMs: +(clock.rtt / 2).toFixed(2),
      firstTokenToPaintMs: stats(toPaint),
      firstTokenToDomMs: stats(toDom),
      // The parts: the run engine's event (`at`, whole milliseconds), the WebSocket message in the page.
      firstTokenToEngineEventMs: stats(toEmit),
      firstTokenToPageSocketMs: stats(toSocket),
      samplesMs: toPaint.map((v) => +v.toFixed(1)),
    };
    console.log(JSON.stringify(result, null, 2));
    mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench-results', 'first-token.json'), JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await server.stop();
    await model.close();
  }
}

await main();
