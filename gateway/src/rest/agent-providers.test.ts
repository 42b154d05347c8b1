import type { AppConfig } from '@blocksmith/schema';
import { startMcpTestServer, type McpTestServer } from '../../../blocks/agent/src/testing/mcp-test-server';
import { asModelRouter } from '../providers/ai/create-provider';
import { startFakeAnthropic, type FakeAnthropic } from '../testing/fake-anthropic-server';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai-server';
import type { RecordedRequest } from '../testing/fake-vendor-answers';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** Credits each model adds: to the Agent's price, and to each of its turns after the first. */
const MODEL_CREDITS = 2;
const AGENT_PRICE = 3;
const ASKED = 'How many people live in Oslo?';

interface Fakes {
  openai: FakeOpenAi;
  anthropic: FakeAnthropic;
}

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Per provider: its model, its careless model (catalogue ids), the Agent's turns as its fake API
 * received them, and the tool results a turn's request carries, as text.
 */
const PROVIDERS: {
  provider: keyof Fakes;
  model: string;
  careless: string;
  turns(fakes: Fakes): RecordedRequest[];
  results(body: Body): string[];
}[] = [
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    careless: 'careless-model',
    turns: ({ openai }) => openai.requests.filter((r) => r.path === '/v1/chat/completions' && r.body?.tools),
    results: (body) =>
      (body.messages as Body[]).filter((m) => m.role === 'tool').map((m) => String(m.content)),
  },
  {
    provider: 'anthropic',
    model: 'claude-sonnet-4-6',
    // The same name as the OpenAI one: the catalogue gives the second provider's its name in front.
    careless: 'anthropic/careless-model',
    turns: ({ anthropic }) => anthropic.requests.filter((r) => r.path === '/v1/messages' && r.body?.tools),
    results: (body) =>
      (body.messages as Body[])
        .flatMap((m) => (Array.isArray(m.content) ? (m.content as Body[]) : []))
        .filter((b) => b.type === 'tool_result')
        .map((b) => `${b.is_error === true ? 'Error: ' : ''}${resultText(b.content)}`),
  },
];

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  return (content as Body[]).map((b) => String(b.text)).join(' ');
}

/** Text input -> Agent (the MCP test server's tools, `model`) -> Text Display. */
function agentApp(mcpUrl: string, model: string, instructions: string): AppConfig {
  return probeApp(
    [
      probePlugin('in', 'textInput', { label: 'Question' }),
      probePlugin('agent', 'agent', { instructions, model, mcp_servers: mcpUrl, max_credits: 10 }, 2),
      probePlugin('show', 'textDisplay'),
    ],
    [
      ['in', 'agent'],
      ['agent', 'show'],
    ],
  );
}

/**
 * An Agent app run through POST /api/apps/{id}/execute with a real provider client (the
 * OpenAI-compatible one, the Anthropic one) against the fakes of their APIs, the tools those of a
 * real MCP server: the model calls tools over several turns, reads their answers and answers; a
 * model whose arguments do not fit the tool's schema is told why, calls again with good ones, and
 * the tool never sees the bad ones. Each turn after the first is paid, exactly.
 */
describe('an Agent app through each provider’s API, with an MCP server’s tools', () => {
  let fakes: Fakes;
  let mcp: McpTestServer;
  let t: ApiTestGateway;
  const allowBefore = process.env.HTTP_BLOCK_ALLOW_HOSTS;

  beforeAll(async () => {
    const [openai, anthropic] = await Promise.all([startFakeOpenAi(), startFakeAnthropic()]);
    fakes = { openai, anthropic };
    mcp = await startMcpTestServer();
    process.env.HTTP_BLOCK_ALLOW_HOSTS = `127.0.0.1:${mcp.port}`;
    const credits = PROVIDERS.flatMap(({ model, careless }) => [model, careless]);
    t = await startApiTestGateway({
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: `${openai.url}/v1`,
      OPENAI_TEXT_MODEL: 'careless-model',
      OPENAI_MAX_RETRIES: '0',
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: anthropic.url,
      ANTHROPIC_TEXT_MODEL: 'careless-model',
      ANTHROPIC_MAX_RETRIES: '0',
      MODEL_CREDITS: credits.map((id) => `${id}=${MODEL_CREDITS}`).join(','),
    });
    // gpt-4o-mini and claude-sonnet-4-6 are known from the fakes' lists: a first listing cut off on a
    // busy machine (while the vendors' SDKs load) is asked for again.
    const { catalogue } = asModelRouter(t.gateway.provider);
    await catalogue.ready();
    if (catalogue.problems().length > 0) await catalogue.refresh({ force: true });
  }, 120_000);

  afterAll(async () => {
    if (allowBefore === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
    else process.env.HTTP_BLOCK_ALLOW_HOSTS = allowBefore;
    await t?.close();
    await Promise.all([fakes?.openai.close(), fakes?.anthropic.close(), mcp?.close()]);
  });

  /** Runs a new account's Agent app once: the answer, its run's record, what it was charged, and the turns. */
  async function runAgent(email: string, model: string, instructions: string) {
    const person = await t.signUpViaApi(email, { credits: true });
    const created = await t.api('POST', '/apps', {
      token: person.token,
      body: { name: 'Research assistant', category: 'Other', config: agentApp(mcp.url, model, instructions) },
    });
    expect(created.status).toBe(201);
    const balance = async () =>
      (await t.api('GET', '/credits/balance', { token: person.token })).body.credits as number;
    const before = await balance();
    const [calls, turns] = [mcp.log.calls.length, PROVIDERS.map((p) => p.turns(fakes).length)];
    const answer = await t.api('POST', `/apps/${created.body.id as string}/execute`, {
      token: person.token,
      body: { inputData: { input_text: ASKED } },
    });
    expect(answer.status).toBe(200);
    const run = await t.api('GET', `/runs/${answer.body.run.id as string}`, { token: person.token });
    const step = (run.body.steps as { nodeId: string }[]).find((s) => s.nodeId === 'agent') as Body;
    return {
      answer: answer.body as Body,
      step,
      charged: before - (await balance()),
      toolCalls: mcp.log.calls.slice(calls),
      turns: (provider: keyof Fakes) => {
        const index = PROVIDERS.findIndex((p) => p.provider === provider);
        return PROVIDERS[index]!.turns(fakes).slice(turns[index]);
      },
    };
  }

  it('offers the models that call tools, with their credits', async () => {
    const listed = await t.api('GET', '/models?capability=tools');
    const ids = (listed.body.models as { id: string; credits: number }[]).map((m) => [m.id, m.credits]);
    for (const { model, careless } of PROVIDERS) {
      expect(ids).toContainEqual([model, MODEL_CREDITS]);
      expect(ids).toContainEqual([careless, MODEL_CREDITS]);
    }
  });

  it.each(PROVIDERS)(
    'calls the tools the instructions name over several turns, reads their answers and answers ($provider)',
    async ({ provider, model, results }) => {
      const prompt = `Use city_facts, then broken_tool, to answer: ${ASKED}`;
      const ran = await runAgent(
        `multi-${provider}@example.com`,
        model,
        prompt.replace(ASKED, '{{input_text}}'),
      );
      expect(ran.answer.run).toMatchObject({ status: 'succeeded', cost: AGENT_PRICE + 3 * MODEL_CREDITS });
      // The price with the model's credits up front, then the second and third turns.
      expect(ran.charged).toBe(AGENT_PRICE + 3 * MODEL_CREDITS);
      expect(ran.toolCalls).toEqual([
        { name: 'city_facts', arguments: { city: prompt } },
        { name: 'broken_tool', arguments: { query: prompt } },
      ]);
      const facts = `${prompt}: population 709,000, country Norway.`;
      expect(ran.answer.output.agent_answer).toContain(`Based on city_facts: ${facts}`);
      expect(ran.answer.output.agent_answer).toContain('the backend is down');

      // Three turns, each offering the server's tools; the second reads the first call's answer.
      const turns = ran.turns(provider);
      expect(turns).toHaveLength(3);
      for (const turn of turns) {
        const names = (turn.body.tools as Body[]).map((tool) => tool.name ?? tool.function.name);
        expect(names).toEqual(['city_facts', 'slow_report', 'broken_tool']);
      }
      expect(results(turns[1]!.body)).toEqual([facts]);
      expect(results(turns[2]!.body)).toEqual([facts, expect.stringContaining('the backend is down')]);

      expect(ran.step).toMatchObject({
        status: 'succeeded',
        credits: AGENT_PRICE + 3 * MODEL_CREDITS,
        model,
      });
      const from = `127.0.0.1:${mcp.port}`;
      expect(ran.step.outputs.agent_steps).toEqual([
        {
          turn: 1,
          tool: 'city_facts',
          source: 'mcp',
          from,
          arguments: { city: prompt },
          answer: facts,
          ms: expect.any(Number),
        },
        {
          turn: 2,
          tool: 'broken_tool',
          source: 'mcp',
          from,
          arguments: { query: prompt },
          error: expect.stringContaining('the backend is down'),
          ms: expect.any(Number),
        },
      ]);
    },
  );

  it.each(PROVIDERS)(
    'tells a model whose arguments do not fit the tool’s schema why, never passes them, and takes its retry ($provider)',
    async ({ provider, careless, results }) => {
      const prompt = `Look it up with city_facts: ${ASKED}`;
      const ran = await runAgent(
        `careless-${provider}@example.com`,
        careless,
        prompt.replace(ASKED, '{{input_text}}'),
      );
      expect(ran.answer.run).toMatchObject({ status: 'succeeded', cost: AGENT_PRICE + 3 * MODEL_CREDITS });
      expect(ran.charged).toBe(AGENT_PRICE + 3 * MODEL_CREDITS);
      // The tool saw the good arguments only.
      expect(ran.toolCalls).toEqual([{ name: 'city_facts', arguments: { city: prompt } }]);

      const refusal = ran.step.outputs.agent_steps[0].error as string;
      expect(refusal).toMatch(
        /^Not called: the arguments do not fit the tool's input schema: .*city.*string/,
      );
      expect(refusal).toMatch(/Correct the call and try again\.$/);
      const turns = ran.turns(provider);
      expect(turns).toHaveLength(3);
      expect(results(turns[1]!.body)).toEqual([`Error: ${refusal}`]);

      const from = `127.0.0.1:${mcp.port}`;
      expect(ran.step.outputs.agent_steps).toEqual([
        { turn: 1, tool: 'city_facts', source: 'mcp', from, arguments: { city: 42 }, error: refusal, ms: 0 },
        {
          turn: 2,
          tool: 'city_facts',
          source: 'mcp',
          from,
          arguments: { city: prompt },
          answer: `${prompt}: population 709,000, country Norway.`,
          ms: expect.any(Number),
        },
      ]);
      expect(ran.answer.output.agent_answer).toContain(`Based on city_facts: ${prompt}: population 709,000`);
    },
  );
});
