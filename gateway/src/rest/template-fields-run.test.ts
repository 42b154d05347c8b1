import type { AppConfig } from '@blocksmith/schema';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** Text Input (a CSV) -> For Each (rows) -> Text Generation with {{item.name}} -> Collect (text) -> Text Display. */
function greetingsApp(prompt: string): AppConfig {
  return probeApp(
    [
      probePlugin('csv', 'textInput', { label: 'People', multiline: true }),
      probePlugin('each', 'forEach', { split: 'table', concurrency: 1 }),
      probePlugin('write', 'textGeneration', { prompt_template: prompt }),
      probePlugin('end', 'collect', { format: 'text' }),
      probePlugin('show', 'textDisplay'),
    ],
    [
      ['csv', 'each'],
      ['each', 'write'],
      ['write', 'end'],
      ['end', 'show'],
    ],
  );
}

const CSV = 'name,city\nAda Lovelace,London\nGrace Hopper,New York\nLinus Torvalds,Helsinki\n';

describe('POST /api/apps/{id}/execute: a prompt reaching into each row with {{item.name}}', () => {
  let t: ApiTestGateway;
  let ann: string;

  const run = async (prompt: string) => {
    const created = await t.api('POST', '/apps', {
      token: ann,
      body: { name: 'Greetings', category: 'Other', config: greetingsApp(prompt) },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    return t.api('POST', `/apps/${id}/execute`, { token: ann, body: { inputData: { input_text: CSV } } });
  };

  beforeAll(async () => {
    t = await startApiTestGateway();
    ann = (await t.signUpViaApi('ann@example.com', { credits: true })).token;
  });

  afterAll(() => t.close());

  it('fills each row’s fields into the prompt, and the display shows every name', async () => {
    const answer = await run('Write a welcome note for {{item.name}} of {{ item.city }}.');
    expect(answer.status).toBe(200);
    expect(answer.body.run).toMatchObject({ status: 'succeeded' });
    expect(answer.body.run).toMatchObject({ cost: 3 });
    const [display] = answer.body.output.artifacts as { nodeId: string; artifact: { text: string } }[];
    expect(display!.nodeId).toBe('show');
    for (const row of ['Ada Lovelace of London', 'Grace Hopper of New York', 'Linus Torvalds of Helsinki']) {
      expect(display!.artifact.text).toContain(`Write a welcome note for ${row}.`);
    }
    expect(display!.artifact.text).not.toContain('{{');
  });
});
