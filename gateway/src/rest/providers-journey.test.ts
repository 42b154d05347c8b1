import type { AppConfig } from '@blocksmith/schema';
import { startFakeAnthropic, type FakeAnthropic } from '../testing/fake-anthropic-server';
import { startFakeGemini, type FakeGemini } from '../testing/fake-gemini-server';
import { startFakeOllama, type FakeOllama } from '../testing/fake-ollama-server';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai-server';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { watchRun } from '../testing/run-progress';

/** text input -> Classification -> Text Generation -> Text Display, both AI blocks on `model`. */
const replyApp = (model: string): AppConfig =>
  probeApp(
    [
      probePlugin('in', 'textInput', { label: 'Report' }),
      probePlugin('sort', 'classification', { categories: 'Bug, Question, Praise', model }),
      probePlugin('gen', 'textGeneration', {
        prompt_template: 'Write a short reply to this {{classified_category}} report',
        model,
      }),
      probePlugin('show', 'textDisplay'),
    ],
    [
      ['in', 'sort'],
      ['sort', 'gen'],
      ['gen', 'show'],
    ],
  );

/** The value each fake builds from the classification schema it was sent (first category, first sentiment, minimum confidence). */
const CLASSIFIED = { category: 'Bug', sentiment: 'positive', confidence: 0 };
const REPLY = 'Answer to: Write a short reply to this Bug report';
/** Extra credits the environment sets for one model. */
const EXTRA = 3;

interface Fakes {
  openai: FakeOpenAi;
  anthropic: FakeAnthropic;
  gemini: FakeGemini;
  ollama: FakeOllama;
}

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Per provider: the model the app uses, and the classification schema as that vendor's API takes it. */
const PROVIDERS: { provider: keyof Fakes; model: string; schemaSent(fakes: Fakes): unknown[] }[] = [
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    schemaSent: ({ openai }) =>
      openai.requests.map((r) => (r.body as Body | undefined)?.response_format?.json_schema?.schema),
  },
  {
    provider: 'anthropic',
    model: 'claude-sonnet-4-6',
    schemaSent: ({ anthropic }) =>
      anthropic.requests.map((r) => (r.body as Body | undefined)?.tools?.[0]?.input_schema),
  },
  {
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    schemaSent: ({ gemini }) =>
      gemini.requests.map((r) => (r.body as Body).generationConfig?.responseJsonSchema),
  },
  {
    provider: 'ollama',
    model: 'llama3.2:1b',
    schemaSent: ({ ollama }) => ollama.requests.map((r) => r.body?.format),
  },
];

describe('the same app through every provider, against fakes of their APIs', () => {
  let fakes: Fakes;
  let t: ApiTestGateway;
  let ann: string;

  beforeAll(async () => {
    const [openai, anthropic, gemini, ollama] = await Promise.all([
      startFakeOpenAi(),
      startFakeAnthropic(),
      startFakeGemini(),
      startFakeOllama(),
    ]);
    fakes = { openai, anthropic, gemini, ollama };
    t = await startApiTestGateway(providersEnv(fakes, { MODEL_CREDITS: `claude-sonnet-4-6=${EXTRA}` }));
    ({ token: ann } = await t.signUpViaApi('ann@example.com', { credits: true }));
  });

  afterAll(async () => {
    await t?.close();
    await Promise.all(Object.values(fakes ?? {}).map((fake) => fake.close()));
  });

  const balance = async () => (await t.api('GET', '/credits/balance', { token: ann })).body.credits as number;
  const createApp = async (name: string, config: AppConfig) =>
    (await t.api('POST', '/apps', { token: ann, body: { name, config } })).body.id as string;

  it('lists every provider’s models with what each can do and its extra credits', async () => {
    const answer = await t.api('GET', '/models');
    expect(answer.status).toBe(200);
    expect(answer.body.problems).toEqual([]);
    for (const { provider, model } of PROVIDERS) {
      expect(answer.body.models).toContainEqual(
        expect.objectContaining({
          id: model,
          provider,
          offline: false,
          capabilities: expect.arrayContaining(['text', 'structured', 'streaming']),
          credits: model === 'claude-sonnet-4-6' ? EXTRA : 0,
        }),
      );
    }
    const images = await t.api('GET', '/models?capability=image');
    const imageIds = images.body.models.map((m: { id: string }) => m.id);
    expect(imageIds).toEqual(expect.arrayContaining(['dall-e-3', 'gemini-2.5-flash-image']));
    expect(imageIds).not.toContain('llama3.2:1b');
  });

  it.each(PROVIDERS)(
    'runs classify -> generate -> display through $provider ($model), charged and recorded per step',
    async ({ provider, model, schemaSent }) => {
      const appId = await createApp(`Replies by ${provider}`, replyApp(model));
      const extra = model === 'claude-sonnet-4-6' ? EXTRA : 0;
      const sentBefore = schemaSent(fakes).length;
      const before = await balance();
      const answer = await t.api('POST', `/apps/${appId}/execute`, {
        token: ann,
        body: { inputData: { input_text: 'The app crashes when I save' } },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.output).toMatchObject({ classification: CLASSIFIED, generated_text: REPLY });
      // The vendor was sent the block's schema its own way, and answered with a value built from it.
      expect(schemaSent(fakes).slice(sentBefore).filter(Boolean)).toEqual([
        expect.objectContaining({
          properties: expect.objectContaining({
            category: { type: 'string', enum: ['Bug', 'Question', 'Praise'] },
          }),
        }),
      ]);
      const cost = 2 * (1 + extra);
      expect(answer.body.run).toMatchObject({ status: 'succeeded', cost });
      expect(before - (await balance())).toBe(cost);

      const run = await t.api('GET', `/runs/${answer.body.run.id}`, { token: ann });
      expect(run.status).toBe(200);
      const step = (id: string) => run.body.steps.find((s: { nodeId: string }) => s.nodeId === id);
      for (const id of ['sort', 'gen']) {
        expect(step(id)).toMatchObject({
          status: 'succeeded',
          model,
          usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) },
          credits: 1 + extra,
        });
        expect(step(id).usage.promptTokens).toBeGreaterThan(0);
        expect(step(id).usage.completionTokens).toBeGreaterThan(0);
      }
      expect(step('in')).toMatchObject({ model: null, usage: null });
    },
    30_000,
  );

  it.each(PROVIDERS)(
    'streams the generated text through $provider in several pieces while the run goes on',
    async ({ provider, model }) => {
      const appId = await createApp(`Streamed by ${provider}`, replyApp(model));
      const started = await t.graphql(
        'mutation ($appId: ID!, $inputs: JSONObject) { startRun(appId: $appId, inputs: $inputs) { runId } }',
        { appId, inputs: { input_text: 'The app crashes when I save' } },
        ann,
      );
      expect(started.errors).toBeUndefined();
      const events = await watchRun(t.gateway.url, ann, started.data!.startRun.runId as string);
      const partials = events.filter((e) => e.type === 'node_partial' && e.nodeId === 'gen');
      expect(partials.length).toBeGreaterThan(1);
      expect(partials.map((e) => (e.type === 'node_partial' ? e.text : '')).join('')).toBe(REPLY);
      const generated = events.findIndex((e) => e.type === 'node_finished' && e.nodeId === 'gen');
      expect(events.lastIndexOf(partials.at(-1)!)).toBeLessThan(generated);
      expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'succeeded' });
    },
    30_000,
  );

  it('refuses a model the server does not have, charging and recording nothing', async () => {
    const appId = await createApp('Elsewhere', replyApp('claude-opus-9'));
    const before = await balance();
    const runs = JSON.stringify((await t.api('GET', '/runs', { token: ann })).body);
    const answer = await t.api('POST', `/apps/${appId}/execute`, {
      token: ann,
      body: { inputData: { input_text: 'Hello' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(
      'Model "claude-opus-9" is not available on this server; choose another.',
    );
    expect(await balance()).toBe(before);
    expect(JSON.stringify((await t.api('GET', '/runs', { token: ann })).body)).toBe(runs);
  });

  it('refuses capability filters it cannot read with 400, never a server error', async () => {
    const odd = [
      '%00',
      'text%00',
      '%ED%A0%80',
      '%F0%9F',
      '%uD800',
      encodeURIComponent('\uD83D\uDE00'),
      'a'.repeat(10_000),
      encodeURIComponent('é'.repeat(1_500)),
      '',
    ];
    for (const value of odd) {
      const answer = await t.api('GET', `/models?capability=${value}`);
      expect([value.slice(0, 20), answer.status]).toEqual([value.slice(0, 20), 400]);
      expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const twice = await t.api('GET', '/models?capability=text&capability=image');
    expect(twice.status).toBe(400);
  });

  it('fails a run clearly when a vendor refuses the key, naming the vendor and never the key', async () => {
    const wrongKey = 'sk-ant-wrong-key-0123456789';
    const other = await startApiTestGateway({
      ANTHROPIC_API_KEY: wrongKey,
      ANTHROPIC_BASE_URL: fakes.anthropic.url,
      ANTHROPIC_MAX_RETRIES: '0',
    });
    try {
      const { token } = await other.signUpViaApi('bo@example.com', { credits: true });
      const created = await other.api('POST', '/apps', {
        token,
        body: { name: 'Wrong key', config: replyApp('claude-sonnet-4-6') },
      });
      const balanceOf = async () =>
        (await other.api('GET', '/credits/balance', { token })).body.credits as number;
      const before = await balanceOf();
      const answer = await other.api('POST', `/apps/${created.body.id}/execute`, {
        token,
        body: { inputData: { input_text: 'Hello' } },
      });
      expect(answer.status).toBe(502);
      expect(answer.body.message).toMatch(/Anthropic refused the API key.*Check ANTHROPIC_API_KEY/);
      expect(JSON.stringify(answer.body)).not.toContain(wrongKey);
      expect(answer.body).toMatchObject({ error: 'ai_provider_error', refunded: true });
      const run = await other.api('GET', `/runs/${answer.body.runId}`, { token });
      expect(run.body).toMatchObject({ status: 'failed', errorCode: 'AI_PROVIDER_ERROR' });
      expect(run.body.error).toMatch(/Anthropic refused the API key.*Check ANTHROPIC_API_KEY/);
      expect(JSON.stringify(run.body)).not.toContain(wrongKey);
      expect(await balanceOf()).toBe(before);
    } finally {
      await other.close();
    }
  }, 60_000);
});

/** The environment that points each provider at its fake (keys the fakes accept). */
function providersEnv(fakes: Fakes, extra: Record<string, string> = {}): Record<string, string> {
  return {
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: `${fakes.openai.url}/v1`,
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: fakes.anthropic.url,
    GEMINI_API_KEY: 'test-key',
    GEMINI_BASE_URL: fakes.gemini.url,
    OLLAMA_HOST: fakes.ollama.url,
    ...extra,
  };
}
