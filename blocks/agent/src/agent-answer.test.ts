import { AiOutputError, BlockInputError } from '@blocksmith/block-sdk';
import { runBlock, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { agent } from './agent';
import { answerFormat } from './agent-answer';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, population: { type: 'integer' } },
  required: ['city', 'population'],
  additionalProperties: false,
};

function run(provider: ScriptedProvider, settings: Record<string, unknown> = {}) {
  return runBlock(agent, {
    settings: { answer: 'json', answer_schema: JSON.stringify(schema), ...settings },
    upstream: { input_text: 'How many people live in Oslo?' },
    provider,
  });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the run did not fail');
}

describe('agent with a JSON answer', () => {
  it('asks for JSON matching the schema and answers it as data and as text', async () => {
    const provider = new ScriptedProvider({
      tools: ['```json\n{"city": "Oslo", "population": 709000}\n```'],
    });
    const { outputs } = await run(provider);
    expect(outputs.agent_data).toEqual({ city: 'Oslo', population: 709000 });
    expect(outputs.agent_answer).toBe(JSON.stringify({ city: 'Oslo', population: 709000 }, null, 2));
    const request = provider.toolRequests[0]!;
    expect(request.answerSchema).toEqual(schema);
    const asked = (request.messages[0] as { text: string }).text;
    expect(asked).toContain('reply with JSON only');
    expect(asked).toContain(JSON.stringify(schema));
  });

  it('sends an answer that does not match back once, and takes the corrected one', async () => {
    const provider = new ScriptedProvider({
      tools: ['{"city": "Oslo", "population": "many"}', '{"city": "Oslo", "population": 709000}'],
    });
    const { outputs } = await run(provider);
    expect(outputs.agent_data).toEqual({ city: 'Oslo', population: 709000 });
    const repair = provider.toolRequests[1]!.messages;
    expect(repair.at(-2)).toEqual({
      role: 'assistant',
      text: '{"city": "Oslo", "population": "many"}',
      toolCalls: [],
    });
    expect(repair.at(-1)).toEqual({
      role: 'user',
      text: 'Your answer does not match the JSON schema: /population must be integer. Reply again with only the corrected JSON.',
    });
  });

  it('fails with a clear error when the corrected answer does not match either', async () => {
    const provider = new ScriptedProvider({ tools: ['Oslo is big.', '{"city": "Oslo"}'] });
    const error = await failure(run(provider));
    expect(error).toBeInstanceOf(AiOutputError);
    expect(error.message).toBe(
      `The agent's answer does not match "Answer JSON schema" after one correction: (root) must have required property 'population'. Make the schema simpler or say in the instructions what each field holds, then run again.`,
    );
    expect(provider.toolRequests).toHaveLength(2);
  });

  it('refuses a schema that is missing, not JSON, not an object or not a schema, before asking the model', async () => {
    const said = async (answer_schema: string) => {
      const provider = new ScriptedProvider({ tools: ['unused'] });
      const error = await failure(run(provider, { answer_schema }));
      expect(error).toBeInstanceOf(BlockInputError);
      expect(provider.toolRequests).toEqual([]);
      return error.message;
    };
    expect(await said('  ')).toMatch(
      /^"Answer" is JSON but "Answer JSON schema" is empty: write the JSON schema/,
    );
    expect(await said('{type: object}')).toMatch(/^"Answer JSON schema" is not valid JSON: /);
    expect(await said('[1]')).toBe(
      '"Answer JSON schema" must be a JSON object, e.g. {"type": "object", ...}.',
    );
    expect(await said('{"type": "nonsense"}')).toMatch(
      /^"Answer JSON schema" is not a schema that can be checked: /,
    );
  });

  it('answers text by default, without a schema', () => {
    expect(answerFormat('text', 'not json')).toEqual({ mode: 'text' });
    expect(
      answerFormat('json', '{"$schema": "https://json-schema.org/draft-07/schema", "type": "string"}'),
    ).toEqual({
      mode: 'json',
      schema: { type: 'string' },
    });
  });
});
