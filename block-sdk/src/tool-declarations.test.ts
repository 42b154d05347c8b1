import type { SettingsSpec } from '@blocksmith/schema';
import type { BlockSpec } from './block-definition';
import { catalogueEntry } from './catalogue-entry';
import { defineBlock, definitionProblems } from './define-block';
import { field } from './fields';
import { output, type OutputsSpec } from './outputs';
import { NO_RUN_TOOLS } from './run-tools';

const lookup = defineBlock({
  kind: 'lookup',
  name: 'Lookup',
  description: 'Looks a city up.',
  category: 'ai',
  cost: 1,
  settings: { url: field.text({ label: 'URL', default: 'https://x.test/{{city}}', template: true }) },
  outputs: { found: output.text() },
  tool: {
    description: 'Facts about a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  run: (ctx) => ({ found: ctx.render(ctx.settings.url) }),
});

const asker = defineBlock({
  kind: 'asker',
  name: 'Asker',
  description: 'Hands tools to a model.',
  category: 'ai',
  cost: 2,
  settings: { budget: field.number({ label: 'Maximum credits', default: 10, integer: true }) },
  outputs: { said: output.text() },
  tools: { maxCredits: 'budget' },
  run: () => ({ said: '' }),
});

const spec = (
  extra: Partial<BlockSpec<SettingsSpec, OutputsSpec>>,
): BlockSpec<SettingsSpec, OutputsSpec> => ({
  ...(lookup as unknown as BlockSpec<SettingsSpec, OutputsSpec>),
  ...extra,
});

describe('blocks as tools', () => {
  it('carries a block’s tool and tools handle into the catalogue as its flow', () => {
    expect(catalogueEntry(lookup).flow).toEqual({
      tool: {
        description: 'Facts about a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    });
    expect(catalogueEntry(asker).flow).toEqual({ tools: { maxCredits: 'budget' } });
  });

  it('refuses a tool without a description or with parameters that are not an object schema', () => {
    expect(definitionProblems(spec({ tool: { description: ' ', parameters: { type: 'object' } } }))).toEqual([
      'tool.description must say what the tool does, for the model',
    ]);
    expect(
      definitionProblems(spec({ tool: { description: 'x', parameters: { type: 'array' } as never } })),
    ).toEqual(['tool.parameters must have type "object"']);
    expect(
      definitionProblems(
        spec({
          tool: {
            description: 'x',
            parameters: { type: 'object', properties: { 'a city': {} }, required: ['town'] },
          },
        }),
      ),
    ).toEqual([
      'tool parameter "a city" must be a letter or _ then letters, digits or _ (a template variable)',
      'tool.parameters.required names "town", which is not one of its properties',
    ]);
  });

  it('refuses a describe that is not a function', () => {
    const tool = { ...lookup.tool!, describe: 'x' as never };
    expect(definitionProblems(spec({ tool }))).toEqual(['tool.describe must be a function of the settings']);
  });

  it('keeps tools to blocks that feed others and neither route, loop nor take tools', () => {
    const tool = lookup.tool!;
    expect(definitionProblems(spec({ category: 'output', outputs: {}, tool }))).toContain(
      'tool is only for blocks that feed other blocks (category ai)',
    );
    expect(definitionProblems(spec({ endsLoop: true, tool }))).toContain(
      'a block that routes or loops cannot serve as a tool',
    );
    expect(
      definitionProblems(
        spec({
          tool,
          settings: { budget: field.number({ label: 'B', default: 1 }) },
          tools: { maxCredits: 'budget' },
        }),
      ),
    ).toContain('a block that takes tools cannot serve as a tool itself');
  });

  it('needs the tools handle’s credit limit to be a number setting', () => {
    expect(definitionProblems(spec({ tool: undefined, tools: { maxCredits: 'url' } }))).toEqual([
      'tools.maxCredits must name a number setting, not "url"',
    ]);
  });

  it('offers no tools, no limit and free turns where a run has none', async () => {
    expect(NO_RUN_TOOLS.connected).toEqual([]);
    expect(NO_RUN_TOOLS.creditsLeft).toBe(Infinity);
    await expect(NO_RUN_TOOLS.payTurn()).resolves.toBeUndefined();
    await expect(
      NO_RUN_TOOLS.callConnected('x', {}, { signal: new AbortController().signal }),
    ).rejects.toThrow('No block named "x" is connected as a tool.');
  });
});
