#!/usr/bin/env node
// Time to first streamed token on the runner page, through each AI provider: from the moment the
// model server writes its first token to the moment that text is painted in the results of the
// runner page (/app/:slug), in headless Chromium against the built product.
//
// The model server (vendor-streams.mjs) is hosted by this script and speaks the wire formats of
// OpenAI, Anthropic, Google Gemini and Ollama; the product starts with all four configured against
// it, and an app per provider has its Text AI block set to that provider's model.
// The server side's clock is this process's; the page's clock (performance.timeOrigin +
// performance.now()) is brought onto it by the offset measured with the shortest of many round
// trips (its error is at most half that round trip, reported as clockErrorMs).
// Run from the repository root after `npm run build`: node workbench/bench/first-token-bench.mjs
// FIRST_TOKEN_ROUNDS sets how many runs are measured per provider (default 20, after 2 not counted);
// FIRST_TOKEN_PROVIDERS limits the providers (comma-separated: openai,anthropic,gemini,ollama).
/* global window, document, requestAnimationFrame, MutationObserver, MessageChannel -- run in the page */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, freePort, launchBrowser, spawnGateway } from '../../e2e/server.mjs';
import { VENDOR_MODELS, startVendorStreams } from './vendor-streams.mjs';

const ROUNDS = Number(process.env.FIRST_TOKEN_ROUNDS ?? 20);
const WARMUP = 2;
/**
 * The model's own time to its first token (hosted models take a few hundred milliseconds); with 0
 * the token races the page's subscription to the run, and the figure includes subscribing.
 */
const FIRST_TOKEN_AFTER_MS = Number(process.env.FIRST_TOKEN_DELAY_MS ?? 300);
/** How long the model waits after its first token before the rest: the first token is alone on the wire. */
const REST_AFTER_MS = 400;

const PROVIDERS = (process.env.FIRST_TOKEN_PROVIDERS ?? Object.keys(VENDOR_MODELS).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const provider of PROVIDERS) {
  if (!(provider in VENDOR_MODELS)) {
    throw new Error(
      `FIRST_TOKEN_PROVIDERS: no provider "${provider}" (${Object.keys(VENDOR_MODELS).join(', ')}).`,
    );
  }
}

const APP_NAME = 'First Token';

const now = () => performance.timeOrigin + performance.now();

/**
 * The built product on a free port and a fresh data directory, with `aiEnv` (and no AI setting of
 * this shell) saying which AI providers it uses.
 */
async function startProduct(aiEnv) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blocksmith-first-token-'));
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    WORKBENCH_DIR: path.join(ROOT, 'workbench/dist'),
  };
  for (const name of Object.keys(env)) {
    if (/^(OPENAI|ANTHROPIC|GEMINI|OLLAMA|DEFAULT)_/.test(name)) delete env[name];
  }
  Object.assign(env, aiEnv);
  delete env.DATABASE_URL;
  const url = `http://localhost:${port}`;
  const { child, log } = await spawnGateway(env, url);
  return {
    url,
    log,
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

/** The three-block app (text input -> Text AI set to `model` -> text display). */
function appConfig(model) {
  return {
    plugins: [
      { id: 'in', type: 'textInput', position: { x: 100, y: 100 }, settings: { label: 'Topic' } },
      {
        id: 'gen',
        type: 'textGeneration',
        position: { x: 400, y: 100 },
        settings: { prompt_template: 'Write about {{input_text}}', model },
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

/** Fails unless the server's catalogue (`GET /api/models`) lists each provider's model from that provider. */
async function checkCatalogue(url) {
  const answer = await (await fetch(`${url}/api/models?capability=text`)).json();
  for (const provider of PROVIDERS) {
    const model = VENDOR_MODELS[provider];
    if (!answer.models?.some((m) => m.id === model && m.provider === provider)) {
      throw new Error(
        `The server's catalogue lacks ${provider}'s ${model}: ${JSON.stringify(answer.models?.map((m) => `${m.provider}/${m.id}`))}, problems ${JSON.stringify(answer.problems)}`,
      );
    }
  }
}

/**
 * Signs up `email` with enough credits for the rounds (a free account's); its user and session.
 */
async function signUp(url, email) {
  const answer = await graphql(
    url,
    `
      mutation ($email: String!) {
        signUp(email: $email, password: "a good long password", fullName: "First Token") {
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
    { email },
  );
  const { user, session } = answer.signUp;
  const { initializeCredits } = await graphql(
    url,
    'mutation { initializeCredits { credits } }',
    {},
    session.access_token,
  );
  if (initializeCredits.credits < WARMUP + ROUNDS) {
    throw new Error(
      `FIRST_TOKEN_ROUNDS=${ROUNDS}: ${WARMUP + ROUNDS} runs need more than the ${initializeCredits.credits} credits of a new account.`,
    );
  }
  return { user, session };
}

/** Publishes a new app whose Text AI block uses `model`, under `slug`. */
async function publishApp(url, token, slug, model) {
  await graphql(
    url,
    'mutation ($input: AppInput!) { publishAppWithData(id: null, input: $input) { app { id slug } } }',
    {
      input: {
        name: APP_NAME,
        description: 'Streams an answer.',
        category: 'Content',
        slug,
        isPrivate: false,
        config: appConfig(model),
      },
    },
    token,
  );
}

/**
 * Runs the app `WARMUP + ROUNDS` times on `page` (open on its runner page), timing each first
 * token; the counted rounds' page-clock times, and the best clock offset seen in `clock`.
 */
async function measure(page, model, provider, clock) {
  const samples = [];
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
    const written = model.firstTokens.get(marker);
    if (written === undefined) throw new Error(`The model server never sent ${marker}.`);
    if (written.vendor !== provider || written.model !== VENDOR_MODELS[provider]) {
      throw new Error(`${marker} went to ${written.vendor} (${written.model}), not ${provider}.`);
    }
    // The run ends (the button reads Run App again) before the next one starts.
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="run-app"]')?.textContent?.includes('Processing'),
      undefined,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(300);
    const measured = await clockOffset(page, 10);
    if (measured.rtt < clock.rtt) Object.assign(clock, measured);
    if (round >= WARMUP) {
      samples.push({ written: written.at, ...painted, wsReceived: wire?.received, emittedAt: wire?.at });
    }
  }
  return samples;
}

/** The figures of one provider's samples, on this process's clock. */
function figures(samples, clock) {
  const toPaint = samples.map((s) => s.painted - clock.offset - s.written);
  return {
    firstTokenToPaintMs: stats(toPaint),
    firstTokenToDomMs: stats(samples.map((s) => s.inDom - clock.offset - s.written)),
    // The parts: the run engine's event (`at`, whole milliseconds), the WebSocket message in the page.
    firstTokenToEngineEventMs: stats(samples.map((s) => s.emittedAt - s.written)),
    firstTokenToPageSocketMs: stats(samples.map((s) => s.wsReceived - clock.offset - s.written)),
    samplesMs: toPaint.map((v) => +v.toFixed(1)),
  };
}

const load = () => loadavg().map((v) => +v.toFixed(2));

async function main() {
  const model = await startVendorStreams({
    firstTokenAfterMs: FIRST_TOKEN_AFTER_MS,
    restAfterMs: REST_AFTER_MS,
  });
  const browser = await launchBrowser();
  const server = await startProduct(model.env);
  try {
    await checkCatalogue(server.url);
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

    const clock = { rtt: Infinity, offset: 0 };
    const measured = {};
    for (const provider of PROVIDERS) {
      // An owner per provider (the runs of all of them are more than a free account's credits),
      // whose app's Text AI block uses the provider's model, on its runner page as its owner.
      const { user, session } = await signUp(server.url, `first.token.${provider}@example.com`);
      const slug = `first-token-${provider}-${Date.now().toString(36)}`;
      await publishApp(server.url, session.access_token, slug, VENDOR_MODELS[provider]);
      await page.evaluate(
        (value) => window.localStorage.setItem('blocksmith-session', value),
        JSON.stringify({ ...session, user }),
      );
      await page.goto(`${server.url}/app/${slug}`);
      await page.getByRole('heading', { name: APP_NAME }).waitFor();
      await page.getByLabel('Topic').fill('lighthouses');
      const loadBefore = load();
      const samples = await measure(page, model, provider, clock);
      measured[provider] = { samples, loadAverage: { before: loadBefore, after: load() } };
    }
    const result = {
      rounds: ROUNDS,
      warmup: WARMUP,
      modelFirstTokenAfterMs: FIRST_TOKEN_AFTER_MS,
      clockErrorMs: +(clock.rtt / 2).toFixed(2),
      providers: Object.fromEntries(
        PROVIDERS.map((provider) => [
          provider,
          {
            model: VENDOR_MODELS[provider],
            // os.loadavg(): 1, 5 and 15 minutes, before and after this provider's rounds.
            loadAverage: measured[provider].loadAverage,
            ...figures(measured[provider].samples, clock),
          },
        ]),
      ),
    };
    console.log(JSON.stringify(result, null, 2));
    for (const [provider, figure] of Object.entries(result.providers)) {
      const { p50, p95, max } = figure.firstTokenToPaintMs;
      console.log(
        `${provider.padEnd(10)} first token -> painted: p50 ${p50} ms, p95 ${p95} ms, max ${max} ms`,
      );
    }
    mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench-results', 'first-token.json'), JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await server.stop();
    await model.close();
  }
}

await main();
