import type { AppConfig } from '@blocksmith/schema';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** text input -> Image AI with `model` -> display. */
const imageApp = (model: string): AppConfig =>
  probeApp(
    [
      probePlugin('in', 'textInput', { label: 'Idea' }),
      probePlugin('img', 'imageGenerator', { prompt_template: 'A picture of {{input_text}}', model }),
      probePlugin('show', 'imagePreview'),
    ],
    [
      ['in', 'img'],
      ['img', 'show'],
    ],
  );

describe('the model catalogue over REST', () => {
  let t: ApiTestGateway;
  let ann: string;

  beforeAll(async () => {
    t = await startApiTestGateway({ MODEL_CREDITS: 'dalle=2' });
    ({ token: ann } = await t.signUpViaApi('ann@example.com', { credits: true }));
  });
  afterAll(() => t.close());

  const balance = async () => (await t.api('GET', '/credits/balance', { token: ann })).body.credits as number;
  const runs = async () => (await t.api('GET', '/runs', { token: ann })).body;

  it('lists the models, marked offline, with what each can do and its extra credits', async () => {
    const answer = await t.api('GET', '/models');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      models: [
        expect.objectContaining({ id: 'gpt-4', provider: 'offline', offline: true, credits: 0 }),
        expect.objectContaining({ id: 'gpt-3.5-turbo', provider: 'offline', offline: true }),
        {
          id: 'dalle',
          label: 'dalle',
          provider: 'offline',
          offline: true,
          capabilities: ['image'],
          contextTokens: null,
          credits: 2,
        },
      ],
      defaultText: 'gpt-4',
      defaultImage: 'dalle',
      problems: [],
    });
    const images = await t.api('GET', '/models?capability=image');
    expect(images.body.models.map((m: { id: string }) => m.id)).toEqual(['dalle']);
  });

  it('lists the offline models that call tools (the offline agent)', async () => {
    const tools = await t.api('GET', '/models?capability=tools');
    expect(tools.status).toBe(200);
    expect(tools.body.models.map((m: { id: string }) => m.id)).toEqual(['gpt-4', 'gpt-3.5-turbo']);
  });

  it('refuses a capability it does not know, saying which it knows', async () => {
    const answer = await t.api('GET', '/models?capability=telepathy');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/text, structured, vision, image, tools, streaming/);
  });

  it("charges the model's extra credits with the block's", async () => {
    const app = (
      await t.api('POST', '/apps', { token: ann, body: { name: 'Pictures', config: imageApp('dalle') } })
    ).body as { id: string };
    const before = await balance();
    const answer = await t.api('POST', `/apps/${app.id}/execute`, {
      token: ann,
      body: { inputData: { input_text: 'a lighthouse' } },
    });
    expect(answer.status).toBe(200);
    expect(before - (await balance())).toBe(5 + 2);
    // Run history says what each step was charged, the model's credits with the block's.
    const run = await t.api('GET', `/runs/${answer.body.run.id}`, { token: ann });
    const steps = run.body.steps as { nodeId: string; credits: number | null }[];
    expect(steps.map((s) => [s.nodeId, s.credits])).toEqual([
      ['in', null],
      ['img', 7],
      ['show', null],
    ]);
  });

  it('refuses, before any charge, a run naming a model the server does not have', async () => {
    const app = (
      await t.api('POST', '/apps', {
        token: ann,
        body: { name: 'Elsewhere', config: imageApp('imagen-4.0') },
      })
    ).body as { id: string };
    const before = await balance();
    const recorded = JSON.stringify(await runs());
    const answer = await t.api('POST', `/apps/${app.id}/execute`, {
      token: ann,
      body: { inputData: { input_text: 'a lighthouse' } },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(
      'Model \\"imagen-4.0\\" is not available on this server; choose another.',
    );
    expect(await balance()).toBe(before);
    expect(JSON.stringify(await runs())).toBe(recorded);
  });
});
