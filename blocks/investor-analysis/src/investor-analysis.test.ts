import { AiOutputError, catalogueEntry, type JsonRequest } from '@blocksmith/block-sdk';
import { ScriptedProvider, runBlock, type RecordedCall } from '@blocksmith/block-sdk/testing';
import { INVESTOR_SYSTEM, investorAnalysis } from './investor-analysis';
import { investorAnalysisSchema, type Investor } from './investor-analysis-schema';

const startup =
  'Fernway builds route-planning software for small freight carriers, sold as a monthly subscription.';

const investor = (n: number, overrides: Partial<Investor> = {}): Investor => ({
  name: `Partner ${n}`,
  fundName: `Fund ${n}`,
  country: 'Germany',
  email: n % 2 === 0 ? `partner${n}@fund${n}.example` : '',
  contactPage: `https://fund${n}.example/pitch`,
  tags: ['logistics', 'seed'],
  ...overrides,
});
const answer = (count: number, investors = Array.from({ length: count }, (_, i) => investor(i + 1))) => ({
  industry: 'Logistics software',
  businessModel: 'B2B SaaS subscription',
  stage: 'Seed',
  investors,
});

function jsonRequest(calls: RecordedCall[], index = 0): JsonRequest {
  const request = calls.filter((c) => c.method === 'json')[index]?.request;
  if (!request || !('schema' in request)) throw new Error(`no JSON call ${index}`);
  return request;
}

async function find(
  settings: Record<string, unknown>,
  json: unknown[],
  variables: Record<string, unknown> = {},
) {
  const provider = new ScriptedProvider({ json });
  const { outputs } = await runBlock(investorAnalysis, {
    upstream: { input_text: startup },
    settings,
    variables,
    provider,
  });
  return { outputs, provider };
}

describe('investorAnalysis', () => {
  it('declares its identity, settings and output', () => {
    expect(catalogueEntry(investorAnalysis)).toMatchObject({
      id: 'investorAnalysis',
      name: 'Investor Finder',
      category: 'ai',
      cost: 3,
      outputs: [{ name: 'investorAnalysis', type: 'json' }],
    });
    expect(Object.keys(investorAnalysis.settings)).toEqual(['region', 'count', 'model']);
    expect(investorAnalysis.settings.model).toMatchObject({
      type: 'model',
      capability: 'structured',
      default: 'gpt-4',
    });
    expect(investorAnalysis.settings.region.required).toBe(false);
    expect(investorAnalysis.settings.count).toMatchObject({ default: 5, min: 3, max: 10, integer: true });
  });

  it('finds five investors by default, in the exact output shape', async () => {
    const { outputs, provider } = await find({}, [answer(5)]);
    expect(outputs).toEqual({ investorAnalysis: answer(5) });
    const request = jsonRequest(provider.calls);
    expect(request).toMatchObject({
      system: INVESTOR_SYSTEM,
      schemaName: 'investorAnalysis',
      model: 'gpt-4',
    });
    expect(request.schema).toBe(investorAnalysisSchema(5));
    expect(request.prompt).toContain('suggest exactly 5 investors');
    expect(request.prompt).toContain('who invest in companies like it.\n');
    expect(request.prompt).toContain(`Startup:\n"""\n${startup}\n"""`);
  });

  it('tells the model to use only public contact details and to leave unknown emails empty', () => {
    expect(INVESTOR_SYSTEM).toContain('Use only publicly listed contact details');
    expect(INVESTOR_SYSTEM).toContain(
      'Leave email as an empty string when you do not know a publicly listed address',
    );
  });

  it('asks for the chosen count and region, filling the region {{variables}}', async () => {
    const { outputs, provider } = await find({ count: 3, region: 'the {{selected_option}}' }, [answer(3)], {
      selected_option: 'Nordics',
    });
    expect((outputs.investorAnalysis as { investors: unknown[] }).investors.length).toBe(3);
    const request = jsonRequest(provider.calls);
    expect(request.prompt).toContain('suggest exactly 3 investors');
    expect(request.prompt).toContain('like it, based in or actively investing in the Nordics.');
    expect(request.schema).toBe(investorAnalysisSchema(3));
  });

  it('builds one schema per count that holds the list to exactly that length', () => {
    const schema = investorAnalysisSchema(7);
    expect(investorAnalysisSchema(7)).toBe(schema);
    expect(schema).toMatchObject({ properties: { investors: { minItems: 7, maxItems: 7 } } });
  });

  it('retries when the answer has the wrong number of investors, then succeeds', async () => {
    const { outputs, provider } = await find({ count: 4 }, [answer(3), answer(4)]);
    expect((outputs.investorAnalysis as { investors: unknown[] }).investors.length).toBe(4);
    expect(jsonRequest(provider.calls, 1).previousAttempt?.error).toContain(
      '/investors must NOT have fewer than 4 items',
    );
  });

  it('accepts an empty email and refuses one that is not an address', async () => {
    const noEmails = answer(3, [
      investor(1, { email: '' }),
      investor(2, { email: '' }),
      investor(3, { email: '' }),
    ]);
    await expect(find({ count: 3 }, [noEmails])).resolves.toBeDefined();
    const guessed = answer(3, [investor(1, { email: 'ask the partner' }), investor(2), investor(3)]);
    const { outputs, provider } = await find({ count: 3 }, [guessed, noEmails]);
    expect(outputs.investorAnalysis).toEqual(noEmails);
    expect(jsonRequest(provider.calls, 1).previousAttempt?.error).toContain(
      '/investors/0/email must match pattern',
    );
  });

  it('fails clearly after two answers of the wrong shape', async () => {
    const badPage = answer(3, [investor(1, { contactPage: 'fund1 website' }), investor(2), investor(3)]);
    const run = find({ count: 3 }, [badPage, { ...answer(3), extra: true }]);
    await expect(run).rejects.toThrow(AiOutputError);
    await expect(find({ count: 3 }, [badPage, { ...answer(3), extra: true }])).rejects.toThrow(
      'The AI answer for investorAnalysis did not have the expected shape: (root) must NOT have additional properties.',
    );
  });

  it('trims the texts it returns', async () => {
    const padded = answer(3, [investor(1, { name: ' Ana ', email: '' }), investor(2), investor(3)]);
    const { outputs } = await find({ count: 3 }, [{ ...padded, stage: ' Seed ' }]);
    const result = outputs.investorAnalysis as { stage: string; investors: Investor[] };
    expect(result.stage).toBe('Seed');
    expect(result.investors[0]?.name).toBe('Ana');
  });

  it('refuses a count outside 3 to 10 or not whole', async () => {
    await expect(find({ count: 2 }, [answer(2)])).rejects.toThrow('Number of investors must be at least 3.');
    await expect(find({ count: 11 }, [answer(11)])).rejects.toThrow(
      'Number of investors must be at most 10.',
    );
    await expect(find({ count: 4.5 }, [answer(4)])).rejects.toThrow(
      'Number of investors must be a whole number.',
    );
  });

  it('asks for a connection, then for a description', async () => {
    await expect(runBlock(investorAnalysis, {})).rejects.toThrow(
      'Connect a block that describes the startup, such as Text Input.',
    );
    await expect(runBlock(investorAnalysis, { upstream: { input_text: ' ' } })).rejects.toThrow(
      'The connected block gave no description of the startup. Fill in the input and run again.',
    );
  });

  it('asks the chosen model', async () => {
    const { provider } = await find({ model: 'claude-sonnet-4-6' }, [answer(5)]);
    expect(jsonRequest(provider.calls).model).toBe('claude-sonnet-4-6');
  });
});
