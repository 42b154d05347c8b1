import { CONVERSATION_HEADING } from '../services/chat/conversation-provider';
import { MAX_MEMORY_CHARS } from '../services/chat/conversation-memory';
import { startFakeOllama, type FakeOllama, type FakeOllamaModel } from '../testing/fake-ollama-server';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** A model reading 2,048 tokens at once (its memory: 2,048 characters) and one reading 131,072 (capped). */
const MODELS: FakeOllamaModel[] = [
  {
    name: 'small:1b',
    architecture: 'llama',
    parameterSize: '1B',
    quantization: 'Q8_0',
    capabilities: ['completion'],
    contextLength: 2_048,
  },
  {
    name: 'large:8b',
    architecture: 'llama',
    parameterSize: '8B',
    quantization: 'Q4_K_M',
    capabilities: ['completion'],
    contextLength: 131_072,
  },
];

/** A chat app whose Chat Input feeds two Text AI blocks, one on each model. */
const twoModels = probeApp(
  [
    probePlugin('in', 'chatInput'),
    probePlugin('small', 'textGeneration', { prompt_template: 'Small: {{input_text}}', model: 'small:1b' }),
    probePlugin('large', 'textGeneration', { prompt_template: 'Large: {{input_text}}', model: 'large:8b' }),
    probePlugin('showSmall', 'textDisplay'),
    probePlugin('showLarge', 'textDisplay'),
  ],
  [
    ['in', 'small'],
    ['in', 'large'],
    ['small', 'showSmall'],
    ['large', 'showLarge'],
  ],
);

describe('/api chat memory sized to each AI block’s model (Ollama, faked)', () => {
  let ollama: FakeOllama;
  let t: ApiTestGateway;

  beforeAll(async () => {
    ollama = await startFakeOllama({ models: MODELS });
    t = await startApiTestGateway({ OLLAMA_HOST: ollama.url });
  });

  afterAll(async () => {
    await t?.close();
    await ollama?.close();
  });

  /** The prompt each model was last sent. */
  const lastPrompt = (model: string) => {
    const body = ollama.requests.filter((r) => r.path === '/api/chat' && r.body?.model === model).at(-1)!
      .body as { messages: { role: string; content: string }[] };
    return body.messages.filter((m) => m.role === 'user').at(-1)!.content;
  };
  /** The conversation after the prompt (the answers echo earlier prompts, headings included). */
  const memoryIn = (prompt: string) => {
    const heading = `${CONVERSATION_HEADING}\n`;
    const at = prompt.indexOf(heading);
    return at < 0 ? '' : prompt.slice(at + heading.length);
  };

  it('gives the block on the large model the turns word for word, the small one what fits its context', async () => {
    const { token } = await t.signUpViaApi('ann@example.com', { credits: true });
    const app = (await t.api('POST', '/apps', { token, body: { name: 'Two minds', config: twoModels } }))
      .body as {
      id: string;
    };
    const messages = [0, 1, 2, 3].map((i) => `Turn ${i}. ${'word '.repeat(200)}`.trim());
    let conversationId: string | undefined;
    for (const message of messages.slice(0, 3)) {
      const sent = await t.api('POST', `/apps/${app.id}/chat`, {
        token,
        body: { message, ...(conversationId && { conversationId }) },
      });
      expect(sent.status).toBe(200);
      expect(sent.body.run.status).toBe('succeeded');
      conversationId = sent.body.conversationId as string;
    }
    const last = await t.api('POST', `/apps/${app.id}/chat`, {
      token,
      body: { message: messages[3], conversationId },
    });
    expect(last.status).toBe(200);
    expect(last.body.run).toMatchObject({ status: 'succeeded' });

    const large = memoryIn(lastPrompt('large:8b'));
    const small = memoryIn(lastPrompt('small:1b'));
    // The large model: every earlier message whole, within the cap.
    for (const message of messages.slice(0, 3)) expect(large).toContain(`Person: ${message}\n`);
    expect(large.length).toBeLessThanOrEqual(MAX_MEMORY_CHARS);
    // The small model: within its 2,048 characters, the latest turn cut to fit, the earlier ones summarised.
    expect(small.length).toBeGreaterThan(0);
    expect(small.length).toBeLessThanOrEqual(2_048);
    expect(small).toMatch(/^Earlier in this conversation the person asked: /);
    expect(small).toContain('Person: Turn 2.');
    expect(small).not.toContain(`Person: ${messages[0]}`);

    // The Chat Input hands on the smallest memory, which fits every AI block of the app.
    const run = await t.api('GET', `/runs/${last.body.run.id}`, { token });
    const input = (run.body.steps as { nodeId: string; outputs: Record<string, string> }[]).find(
      (step) => step.nodeId === 'in',
    )!;
    expect(input.outputs.chat_history).toBe(small);
  }, 120_000);
});
