import { AiOutputError, catalogueEntry, type JsonRequest } from '@blocksmith/block-sdk';
import { ScriptedProvider, runBlock, type RecordedCall } from '@blocksmith/block-sdk/testing';
import { COLD_EMAIL_SYSTEM, coldEmail } from './cold-email';
import { COLD_EMAIL_SCHEMA } from './cold-email-schema';

const email = {
  subject: 'Faster month-end for Northwind',
  body: 'Hi Dana,\n\nI saw Northwind opened a second warehouse...',
  followUp: 'Hi Dana, just bringing this back to the top of your inbox.',
};
const recipient =
  'Dana Lee, CFO at Northwind Traders, a wholesale food distributor that just opened a second warehouse.';

function jsonRequest(calls: RecordedCall[], index = 0): JsonRequest {
  const request = calls.filter((c) => c.method === 'json')[index]?.request;
  if (!request || !('schema' in request)) throw new Error(`no JSON call ${index}`);
  return request;
}

async function write(settings: Record<string, unknown> = {}, variables: Record<string, unknown> = {}) {
  const provider = new ScriptedProvider({ json: [email] });
  const { outputs } = await runBlock(coldEmail, {
    upstream: { input_text: recipient },
    variables,
    settings,
    provider,
  });
  return { outputs, request: jsonRequest(provider.calls) };
}

describe('coldEmail', () => {
  it('declares its identity, settings and output', () => {
    expect(catalogueEntry(coldEmail)).toMatchObject({
      id: 'coldEmail',
      name: 'Cold Email Writer',
      category: 'ai',
      cost: 1,
      outputs: [{ name: 'coldEmail', type: 'json' }],
    });
    expect(Object.keys(coldEmail.settings)).toEqual(['sender', 'goal', 'tone', 'model']);
    expect(coldEmail.settings.model).toMatchObject({
      type: 'model',
      capability: 'structured',
      default: 'gpt-4',
    });
    expect(coldEmail.settings.sender.required).toBe(false);
    expect(coldEmail.settings.goal.default).toBe('book a short intro call');
    expect(coldEmail.settings.tone.default).toBe('professional');
    expect(coldEmail.settings.tone.options.map((o) => [o.value, o.label])).toEqual([
      ['friendly', 'Friendly'],
      ['professional', 'Professional'],
      ['bold', 'Bold'],
    ]);
  });

  it('writes subject, body and follow-up from the recipient details with the defaults', async () => {
    const { outputs, request } = await write();
    expect(outputs).toEqual({ coldEmail: email });
    expect(request).toMatchObject({
      system: COLD_EMAIL_SYSTEM,
      schema: COLD_EMAIL_SCHEMA,
      schemaName: 'coldEmail',
      model: 'gpt-4',
    });
    expect(request.prompt).toContain(`About the recipient:\n"""\n${recipient}\n"""`);
    expect(request.prompt).toContain('Goal of the email: book a short intro call\n');
    expect(request.prompt).toContain('Tone: professional: clear, courteous and businesslike\n');
    expect(request.prompt).toContain('The sender is not named: do not invent a name');
    expect(request.prompt).toContain('The subject line must be at most 120 characters.');
  });

  it('uses the sender, goal and tone settings, filling their {{variables}}', async () => {
    const { request } = await write(
      { sender: 'Maya from {{company}}', goal: 'start a free {{offer}}', tone: 'bold' },
      { company: 'Brightline', offer: 'pilot' },
    );
    expect(request.prompt).toContain('The sender, who signs both emails: Maya from Brightline');
    expect(request.prompt).toContain('Goal of the email: start a free pilot\n');
    expect(request.prompt).toContain('Tone: bold: confident and direct');
    expect((await write({ tone: 'friendly' })).request.prompt).toContain(
      'Tone: friendly: warm and conversational',
    );
  });

  it('trims the texts it returns', async () => {
    const provider = new ScriptedProvider({
      json: [{ subject: ' Hi ', body: '\nBody\n', followUp: ' Again ' }],
    });
    const { outputs } = await runBlock(coldEmail, { upstream: { input_text: recipient }, provider });
    expect(outputs.coldEmail).toEqual({ subject: 'Hi', body: 'Body', followUp: 'Again' });
  });

  it('retries once when the subject is too long, then succeeds', async () => {
    const tooLong = { ...email, subject: 'x'.repeat(121) };
    const provider = new ScriptedProvider({ json: [tooLong, email] });
    const { outputs } = await runBlock(coldEmail, { upstream: { input_text: recipient }, provider });
    expect(outputs.coldEmail).toEqual(email);
    expect(jsonRequest(provider.calls, 1).previousAttempt?.error).toContain(
      '/subject must NOT have more than 120 characters',
    );
  });

  it('fails clearly after two answers of the wrong shape', async () => {
    const script = () =>
      new ScriptedProvider({ json: [{ subject: 'Hi', body: 'Body' }, '{"subject": "Hi"'] });
    const run = runBlock(coldEmail, { upstream: { input_text: recipient }, provider: script() });
    await expect(run).rejects.toThrow(AiOutputError);
    await expect(
      runBlock(coldEmail, { upstream: { input_text: recipient }, provider: script() }),
    ).rejects.toThrow(
      'The AI answer for coldEmail did not have the expected shape: the answer is not valid JSON',
    );
    const blank = new ScriptedProvider({ json: [{ ...email, body: '  ' }] });
    await expect(
      runBlock(coldEmail, { upstream: { input_text: recipient }, provider: blank }),
    ).rejects.toThrow('/body must match pattern');
  });

  it('asks for a connection, then for details about the recipient', async () => {
    await expect(runBlock(coldEmail, {})).rejects.toThrow(
      'Connect a block that describes the recipient or their company, such as Text Input.',
    );
    await expect(runBlock(coldEmail, { upstream: { input_text: '' } })).rejects.toThrow(
      'The connected block gave no details about the recipient. Fill in the input and run again.',
    );
  });

  it('refuses a tone that is not offered', async () => {
    await expect(write({ tone: 'rude' })).rejects.toThrow(
      'Tone must be one of: "friendly" (Friendly), "professional" (Professional), "bold" (Bold).',
    );
  });

  it('asks the chosen model', async () => {
    const { request } = await write({ model: 'claude-sonnet-4-6' });
    expect(request.model).toBe('claude-sonnet-4-6');
  });
});
