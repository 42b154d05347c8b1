import type { AppConfig } from '@blocksmith/schema';
import type { Gateway } from '../gateway';
import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { startTestGateway, type TestGateway } from '../testing/graphql-client';
import { watchRun } from '../testing/run-progress';

const config: AppConfig = probeTextApp();

describe('a run over GraphQL, watched over graphql-ws', () => {
  let t: TestGateway;
  let gateway: Gateway;
  let graphql: TestGateway['graphql'];
  let signUp: TestGateway['signUp'];

  beforeAll(async () => {
    t = await startTestGateway();
    ({ gateway, graphql, signUp } = t);
  });

  afterAll(() => t.close());

  const watch = (token: string, runId: string) => watchRun(gateway.url, token, runId);

  it('runs a three-block app with live progress, charges it, and keeps it from other people', async () => {
    const ada = await signUp('ada@example.com');
    const bob = await signUp('bob@example.com');
    const created = await graphql(
      'mutation ($input: AppInput!) { createApp(input: $input) { id name owner_id } }',
      { input: { name: 'Topic writer', category: 'Content', config } },
      ada,
    );
    expect(created.errors).toBeUndefined();
    const appId = created.data!.createApp.id as string;

    const started = await graphql(
      'mutation ($appId: ID!, $inputs: JSONObject) { startRun(appId: $appId, inputs: $inputs) { runId cost } }',
      { appId, inputs: { input_text: 'lighthouses' } },
      ada,
    );
    expect(started.errors).toBeUndefined();
    expect(started.data!.startRun.cost).toBe(1);
    const events = await watch(ada, started.data!.startRun.runId);
    expect(events[0]!.type).toBe('run_started');
    expect(events.filter((e) => e.type === 'node_partial').length).toBeGreaterThan(1);
    const finished = events.at(-1)!;
    expect(finished).toMatchObject({ type: 'run_finished', status: 'succeeded' });
    const generated = events.find((e) => e.type === 'node_finished' && e.nodeId === 'gen');
    expect(generated).toMatchObject({
      outputs: { generated_text: expect.stringContaining('[Offline preview]') },
    });
    const shown = events.find((e) => e.type === 'node_finished' && e.nodeId === 'show');
    expect(shown).toMatchObject({ artifacts: [{ kind: 'text', format: 'card' }] });

    const stored = await graphql(
      'query ($id: ID!) { run(id: $id) { status cost result error } }',
      { id: started.data!.startRun.runId },
      ada,
    );
    expect(stored.data!.run).toMatchObject({ status: 'succeeded', cost: 1, error: null });
    expect(stored.data!.run.result.generated_text).toContain('[Offline preview]');
    const peek = await graphql(
      'query ($id: ID!) { run(id: $id) { status } }',
      { id: started.data!.startRun.runId },
      bob,
    );
    expect(peek.errors![0]!.extensions!.code).toBe('NOT_FOUND');

    const credits = await graphql(
      '{ credits { credits } creditHistory(limit: 10) { block_type action_type credits_used } }',
      {},
      ada,
    );
    expect(credits.data!.credits.credits).toBe(49);
    expect(credits.data!.creditHistory).toEqual([
      { block_type: 'text_generation', action_type: 'test_execution', credits_used: 1 },
    ]);

    // Bob can neither see, change, run nor watch Ada's unpublished app.
    for (const [query, variables] of [
      ['query ($id: ID!) { app(id: $id) { id } }', { id: appId }],
      ['mutation ($id: ID!) { updateApp(id: $id, input: { name: "mine" }) { id } }', { id: appId }],
      ['mutation ($id: ID!) { deleteApp(id: $id) }', { id: appId }],
      ['mutation ($appId: ID!) { startRun(appId: $appId) { runId } }', { appId }],
    ] as const) {
      const answer = await graphql(query, variables, bob);
      expect(answer.errors![0]!.extensions!.code).toBe('NOT_FOUND');
    }
    await expect(watch(bob, started.data!.startRun.runId)).rejects.toThrow('Run not found.');
    expect((await graphql('{ myApps { id } }', {}, bob)).data!.myApps).toEqual([]);
  }, 60_000);

  it('builds an app with the assistant and runs it', async () => {
    const token = await signUp('builder@example.com');
    expect(
      (await graphql('mutation { generateApp(prompt: "A poem writer") { appName } }')).errors![0]!.extensions!
        .code,
    ).toBe('UNAUTHENTICATED');
    const generated = await graphql(
      'mutation { generateApp(prompt: "Write a short poem about whatever topic the user gives") { message plugins connections appName } }',
      {},
      token,
    );
    const { plugins, connections, appName } = generated.data!.generateApp;
    const created = await graphql(
      'mutation ($input: AppInput!) { createApp(input: $input) { id } }',
      {
        input: { name: appName, config: { plugins, connections, canvas: { zoom: 1, pan: { x: 0, y: 0 } } } },
      },
      token,
    );
    const appId = created.data!.createApp.id as string;
    const started = await graphql(
      'mutation ($appId: ID!) { startRun(appId: $appId, inputs: { input_text: "the sea" }) { runId } }',
      { appId },
      token,
    );
    const events = await watch(token, started.data!.startRun.runId);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'succeeded' });
  }, 60_000);

  it('runs an app to its end with runApp, the action type following from who runs it', async () => {
    const token = await signUp('dee@example.com');
    const created = await graphql(
      'mutation ($input: AppInput!) { createApp(input: $input) { id } }',
      { input: { name: 'Topic writer', category: 'Content', config } },
      token,
    );
    const appId = created.data!.createApp.id as string;
    const answer = await graphql(
      'mutation ($appId: ID!) { runApp(appId: $appId, inputs: { input_text: "tides" }) { status actionType cost } }',
      { appId },
      token,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.runApp).toEqual({ status: 'succeeded', actionType: 'test_execution', cost: 1 });
  }, 30_000);

  it('refuses signed-out calls and malformed apps with codes', async () => {
    expect((await graphql('{ myApps { id } }')).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const token = await signUp('cy@example.com');
    const broken = await graphql(
      'mutation ($input: AppInput!) { createApp(input: $input) { id } }',
      { input: { config: probeApp([probePlugin('x', 'nope')], []) } },
      token,
    );
    expect(broken.errors![0]).toMatchObject({
      message: 'nope (x): unknown block kind "nope".',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }, 30_000);
});
