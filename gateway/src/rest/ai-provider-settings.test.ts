import type { IncomingHttpHeaders } from 'node:http';
import type { AppConfig } from '@blocksmith/schema';
import { AiProviderSetting } from '../data/entities';
import {
  FAKE_ANTHROPIC_KEY,
  FAKE_ANTHROPIC_MODELS,
  startFakeAnthropic,
  type FakeAnthropic,
} from '../testing/fake-anthropic-server';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const ROOT = 'root@example.com';
const ENV_KEY = 'sk-env-key-the-fake-refuses';
const WRONG_KEY = 'sk-wrong-key-typed-on-the-page';

const STATUS = `provider label configured source baseUrl keySet modelCount problem working updatedAt updatedBy keyVariable urlVariable`;
const LIST = `{ aiProviders { ${STATUS} } }`;
const SET = `mutation ($provider: String!, $apiKey: String, $baseUrl: String) {
  setAiProvider(provider: $provider, apiKey: $apiKey, baseUrl: $baseUrl) { ${STATUS} } }`;
const CLEAR = `mutation ($provider: String!) { clearAiProvider(provider: $provider) { ${STATUS} } }`;

/** The key a request to the fake carried (the SDK sends it as a bearer token or as x-api-key). */
const keyIn = (headers: IncomingHttpHeaders) =>
  /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? headers['x-api-key'];

/** text input -> Text Generation with `model` -> display. */
const textApp = (model: string): AppConfig =>
  probeApp(
    [
      probePlugin('in', 'textInput', { label: 'Topic' }),
      probePlugin('gen', 'textGeneration', { prompt_template: 'Write about {{input_text}}', model }),
      probePlugin('show', 'textDisplay'),
    ],
    [
      ['in', 'gen'],
      ['gen', 'show'],
    ],
  );

describe('AI providers set up by admins, over GraphQL and /api', () => {
  let fromEnv: FakeAnthropic;
  let onPage: FakeAnthropic;
  let t: ApiTestGateway;
  let root: string;
  let ann: string;
  /** Every answer the server gave, to look for keys in. */
  const answers: string[] = [];

  const gql = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const answer = await t.graphql(query, variables, token);
    answers.push(JSON.stringify(answer));
    return answer;
  };
  const anthropicIn = async (token: string) => {
    const answer = await gql(LIST, {}, token);
    return (answer.data!.aiProviders as { provider: string }[]).find((p) => p.provider === 'anthropic')!;
  };

  beforeAll(async () => {
    fromEnv = await startFakeAnthropic();
    onPage = await startFakeAnthropic();
    t = await startApiTestGateway({
      ADMIN_EMAILS: ROOT,
      ANTHROPIC_API_KEY: ENV_KEY,
      ANTHROPIC_BASE_URL: fromEnv.url,
      ANTHROPIC_TIMEOUT_MS: '20000',
    });
    root = await t.signUpAdmin(ROOT);
    ({ token: ann } = await t.signUpViaApi('ann@example.com', { credits: true }));
  });
  afterAll(async () => {
    await t.close();
    await fromEnv.close();
    await onPage.close();
  });

  it('refuses everyone but admins, saving nothing', async () => {
    for (const [query, variables] of [
      [LIST, {}],
      [SET, { provider: 'anthropic', apiKey: FAKE_ANTHROPIC_KEY, baseUrl: onPage.url }],
      [CLEAR, { provider: 'anthropic' }],
    ] as const) {
      const answer = await gql(query, variables, ann);
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(answer.errors?.[0]?.message).toBe('Only admins may set up AI providers.');
      const anonymous = await gql(query, variables);
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect(await t.gateway.database.dataSource.getRepository(AiProviderSetting).count()).toBe(0);
  });

  it("shows each provider as the environment sets it, with Anthropic's refusal of the environment's key", async () => {
    const answer = await gql(LIST, {}, root);
    const providers = answer.data!.aiProviders as Record<string, unknown>[];
    expect(providers.map((p) => [p.provider, p.configured, p.source])).toEqual([
      ['openai', false, 'none'],
      ['anthropic', true, 'env'],
      ['gemini', false, 'none'],
      ['ollama', false, 'none'],
    ]);
    expect(providers[1]).toMatchObject({
      label: 'Anthropic',
      baseUrl: fromEnv.url,
      keySet: true,
      working: false,
      updatedBy: null,
      keyVariable: 'ANTHROPIC_API_KEY',
      urlVariable: 'ANTHROPIC_BASE_URL',
    });
    expect(providers[1]!.problem).toMatch(/^Anthropic refused the API key \(401/);
  });

  it('says at once when Anthropic refuses the key saved on the page', async () => {
    const answer = await gql(SET, { provider: 'anthropic', apiKey: WRONG_KEY, baseUrl: onPage.url }, root);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.setAiProvider).toMatchObject({
      source: 'page',
      baseUrl: onPage.url,
      keySet: true,
      working: false,
      updatedBy: ROOT,
    });
    expect(answer.data!.setAiProvider.problem).toMatch(/^Anthropic refused the API key \(401/);
    expect(onPage.requests.some((r) => keyIn(r.headers) === WRONG_KEY)).toBe(true);
  });

  it('switches the server to the key and address saved on the page: its models are listed and runs use them', async () => {
    const answer = await gql(
      SET,
      { provider: 'anthropic', apiKey: FAKE_ANTHROPIC_KEY, baseUrl: onPage.url },
      root,
    );
    expect(answer.data!.setAiProvider).toMatchObject({
      source: 'page',
      configured: true,
      keySet: true,
      working: true,
      problem: null,
      modelCount: FAKE_ANTHROPIC_MODELS.length,
      updatedBy: ROOT,
    });

    const models = await t.api('GET', '/models');
    answers.push(JSON.stringify(models.body));
    expect(models.status).toBe(200);
    const claude = (models.body.models as { id: string; provider: string }[]).filter(
      (m) => m.provider === 'anthropic',
    );
    expect(claude.map((m) => m.id)).toEqual(FAKE_ANTHROPIC_MODELS.map((m) => m.id));

    const app = (
      await t.api('POST', '/apps', {
        token: ann,
        body: { name: 'Haiku', config: textApp('claude-haiku-4-5-20251001') },
      })
    ).body as { id: string };
    const asked = onPage.requests.length;
    const run = await t.api('POST', `/apps/${app.id}/execute`, {
      token: ann,
      body: { inputData: { input_text: 'lighthouses' } },
    });
    answers.push(JSON.stringify(run.body));
    expect(run.status).toBe(200);
    expect(JSON.stringify(run.body)).toContain('Answer to: Write about lighthouses');
    const sent = onPage.requests.slice(asked).find((r) => r.path.startsWith('/v1/messages'));
    expect(keyIn(sent!.headers)).toBe(FAKE_ANTHROPIC_KEY);
    expect((sent?.body as { model: string }).model).toBe('claude-haiku-4-5-20251001');
  });

  it('keeps the key sealed in the database, and keeps it when saved again without one', async () => {
    const row = await t.gateway.database.dataSource
      .getRepository(AiProviderSetting)
      .findOneByOrFail({ provider: 'anthropic' });
    expect(row.sealedKey).toMatch(/^v1\./);
    expect(row.sealedKey).not.toContain(FAKE_ANTHROPIC_KEY);
    expect(row.baseUrl).toBe(onPage.url);
    expect(row.updatedByEmail).toBe(ROOT);

    const again = await gql(SET, { provider: 'anthropic', apiKey: '', baseUrl: onPage.url }, root);
    expect(again.data!.setAiProvider).toMatchObject({ working: true, keySet: true });
  });

  it('refuses what cannot work, saying what to fix', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { provider: 'mistral', apiKey: 'sk-123456789' },
        /provider must be one of openai, anthropic, gemini, ollama/,
      ],
      [{ provider: 'anthropic', apiKey: 'short' }, /at least 8 characters/],
      [
        { provider: 'anthropic', apiKey: 'sk-1234567890', baseUrl: 'ftp://example.com' },
        /must start with http:\/\/ or https:\/\//,
      ],
      [{ provider: 'anthropic', apiKey: 'sk-1234567890', baseUrl: `${onPage.url}/v1` }, /without \/v1/],
      [{ provider: 'gemini' }, /Paste Google Gemini's API key/],
      [{ provider: 'ollama' }, /Give Ollama's address, such as http:\/\/localhost:11434/],
    ];
    for (const [variables, message] of cases) {
      const answer = await gql(SET, variables, root);
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0]?.message).toMatch(message);
    }
    expect(await anthropicIn(root)).toMatchObject({ source: 'page', baseUrl: onPage.url, working: true });
  });

  it("returns to the environment's setting when cleared", async () => {
    const answer = await gql(CLEAR, { provider: 'anthropic' }, root);
    expect(answer.data!.clearAiProvider).toMatchObject({
      source: 'env',
      baseUrl: fromEnv.url,
      keySet: true,
      working: false,
      updatedBy: null,
    });
    expect(answer.data!.clearAiProvider.problem).toMatch(/^Anthropic refused the API key \(401/);
    expect(await t.gateway.database.dataSource.getRepository(AiProviderSetting).count()).toBe(0);
    const twice = await gql(CLEAR, { provider: 'anthropic' }, root);
    expect(twice.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });

  it('answers fuzzed arguments with a clear error, never a 5xx', async () => {
    const odd = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00y', 'é'.repeat(3), 'x'.repeat(100_000), ' ', '\n'];
    for (const value of odd) {
      for (const [query, variables] of [
        [SET, { provider: value, apiKey: FAKE_ANTHROPIC_KEY }],
        [SET, { provider: 'anthropic', apiKey: value, baseUrl: onPage.url }],
        [SET, { provider: 'anthropic', apiKey: FAKE_ANTHROPIC_KEY, baseUrl: value }],
        [SET, { provider: 'ollama', apiKey: value, baseUrl: `${onPage.url}/${value}` }],
        [CLEAR, { provider: value }],
      ] as const) {
        const response = await fetch(`${t.gateway.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${root}` },
          body: JSON.stringify({ query, variables }),
        });
        const text = await response.text();
        expect(response.status).toBeLessThan(500);
        expect(text).not.toContain('INTERNAL_SERVER_ERROR');
      }
    }
    await gql(CLEAR, { provider: 'ollama' }, root);
  }, 120_000);

  it('never shows a key in any answer', () => {
    for (const answer of answers) {
      expect(answer).not.toContain(FAKE_ANTHROPIC_KEY);
      expect(answer).not.toContain(WRONG_KEY);
      expect(answer).not.toContain(ENV_KEY);
    }
  });
});
