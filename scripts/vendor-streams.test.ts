import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { AiUsage } from '@blocksmith/block-sdk';
import { aiSettingsFrom, createProvider } from '../gateway/src/providers/ai/create-provider';
import type { ModelRouter } from '../gateway/src/providers/ai/model-router';

/**
 * The first-token benchmark's model server (workbench/bench/vendor-streams.mjs) speaks each vendor's
 * wire format well enough for the product's own providers, through the vendors' SDKs: the
 * catalogue lists its one model per vendor, and each vendor's first token reaches the caller on
 * its own, while the rest of the answer is still held back by the server.
 */

const SCRIPT = path.join(__dirname, '..', 'workbench', 'bench', 'vendor-streams.mjs');
const VENDOR_MODELS = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-haiku-4-5',
  gemini: 'gemini-2.5-flash',
  ollama: 'llama3.2:1b',
};

let child: ChildProcess;
let url: string;
let router: ModelRouter;

beforeAll(async () => {
  child = spawn(process.execPath, [SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
  const firstLine = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`vendor-streams.mjs exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const started = JSON.parse(firstLine) as { url: string; env: Record<string, string> };
  url = started.url;
  router = createProvider(aiSettingsFrom({ ...started.env, OPENAI_MAX_RETRIES: '0' }));
});

afterAll(async () => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

test('the catalogue lists the one model of each vendor, from that vendor', async () => {
  const models = await router.listModels();
  for (const [provider, id] of Object.entries(VENDOR_MODELS)) {
    expect(models).toContainEqual(expect.objectContaining({ id, provider }));
  }
  expect(router.catalogue.problems()).toEqual([]);
});

test.each(Object.entries(VENDOR_MODELS))(
  '%s: the first token arrives alone, then the rest and the usage',
  async (vendor, model) => {
    await router.catalogue.ready();
    const usage: AiUsage[] = [];
    const signal = AbortSignal.timeout(30_000);
    const answer = router.streamText(
      { prompt: 'Write about lighthouses', model },
      { signal, onUsage: (u) => usage.push(u) },
    );
    const pieces = answer[Symbol.asyncIterator]();

    // The server holds the rest until released: the first piece can only be the token sent alone.
    const first = await pieces.next();
    expect(first.value).toMatch(/^FIRSTTOKEN\d+X$/);
    const sent = (await (await fetch(`${url}/bench/first-tokens`)).json()) as Record<
      string,
      { vendor: string; model: string }
    >;
    expect(sent[first.value as string]).toEqual(expect.objectContaining({ vendor, model }));

    await fetch(`${url}/bench/release`, { method: 'POST' });
    let rest = '';
    for (let next = await pieces.next(); !next.done; next = await pieces.next()) rest += next.value;
    expect(rest).toBe(' and the rest');
    expect(usage).toEqual([
      expect.objectContaining({ model, promptTokens: 12, completionTokens: 3, totalTokens: 15 }),
    ]);
  },
);
