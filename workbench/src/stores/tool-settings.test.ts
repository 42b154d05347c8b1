import type { BlockCatalogueEntry } from '@blocksmith/schema';
import { testBuilder } from '../testing/fake-api';
import { agentApp, toolBlock, TOOL_ENTRIES } from '../testing/tool-fixtures';
import {
  blockVariables,
  connectedTools,
  mostBlockCost,
  secretChoices,
  takesTools,
  toolPickerOf,
} from './tool-settings';

async function catalogueWithTools() {
  const { catalogue } = await testBuilder();
  catalogue.setEntries([...catalogue.entries, ...TOOL_ENTRIES]);
  return catalogue;
}

describe('tool settings', () => {
  it('draws a text setting as the picker its declaration asks for, whatever its name', async () => {
    const catalogue = await catalogueWithTools();
    const agent = catalogue.byId.get('agent');
    expect(takesTools(agent)).toBe(true);
    expect(toolPickerOf(agent, 'apps')).toBe('apps');
    expect(toolPickerOf(agent, 'mcp_servers')).toBe('mcpServers');
    expect(toolPickerOf(agent, 'max_steps')).toBeNull();
    expect(toolPickerOf(agent, 'instructions')).toBeNull();
    const http = catalogue.byId.get('httpRequest');
    expect(takesTools(http)).toBe(false);
    // Named otherwise, on any block: the declaration decides, not the name.
    const declared = {
      ...http!,
      settings: {
        token: { type: 'text', label: 'Token', picker: 'secret' },
        apps: { type: 'text', label: 'Apps' },
        base: { type: 'text', label: 'Knowledge', picker: 'knowledgeBase' },
      },
    } satisfies BlockCatalogueEntry;
    expect(toolPickerOf(declared, 'token')).toBe('secret');
    expect(toolPickerOf(declared, 'apps')).toBeNull();
    expect(toolPickerOf(declared, 'base')).toBeNull();
  });

  it('the most a run costs is the block and its model plus its credit limit', async () => {
    // The fake server prices a block it does not name at 1 credit.
    const catalogue = await catalogueWithTools();
    expect(mostBlockCost(catalogue, toolBlock('a', 'agent', 0, 0, { max_credits: 12 }))).toEqual({
      total: 13,
      block: 1,
      extra: 12,
    });
    // Its default limit when none is set.
    expect(mostBlockCost(catalogue, toolBlock('a', 'agent'))).toEqual({ total: 21, block: 1, extra: 20 });
    expect(mostBlockCost(catalogue, toolBlock('a', 'agent', 0, 0, { max_credits: 0 }))).toEqual({
      total: 1,
      block: 1,
      extra: 0,
    });
  });

  it('lists the blocks connected to a block’s tools handle, by name', () => {
    const names: Record<string, string> = { httpRequest: 'HTTP Request' };
    expect(connectedTools(agentApp(), 'agent1', (type) => names[type])).toEqual([
      { id: 'http', name: 'HTTP Request' },
    ]);
    expect(connectedTools(agentApp(), 'show', (type) => names[type])).toEqual([]);
  });

  it('offers the saved secrets and says when the chosen one is not saved', () => {
    expect(secretChoices('', ['A', 'B'], true)).toEqual({ names: ['A', 'B'], missing: null });
    expect(secretChoices('B', ['A', 'B'], true)).toEqual({ names: ['A', 'B'], missing: null });
    expect(secretChoices('GONE', ['A'], true)).toEqual({ names: ['A'], missing: 'GONE' });
    // Before the names are read, the chosen one is offered as it is.
    expect(secretChoices('MINE', [], false)).toEqual({ names: ['MINE'], missing: null });
  });

  it('a tool block’s variables are its arguments and those before the block it is a tool of; the model block does not see its tools’ variables', async () => {
    const catalogue = await catalogueWithTools();
    const config = {
      ...agentApp(),
      plugins: agentApp().plugins.map((p) => ({ ...p, outputs: undefined })),
    };
    const entryOf = (type: string) => catalogue.byId.get(type);
    const tool = blockVariables(config, 'http', catalogue.firstOutputOf, entryOf);
    expect(tool.arguments).toEqual(['city']);
    expect(tool.upstream.map((v) => v.name)).toEqual(['input_text']);
    const model = blockVariables(config, 'agent1', catalogue.firstOutputOf, entryOf);
    expect(model).toEqual({ upstream: [{ nodeId: 'in', name: 'input_text' }], arguments: [] });
    const shown = blockVariables(config, 'show', catalogue.firstOutputOf, entryOf);
    expect(shown.upstream.map((v) => v.name)).toEqual(['input_text', 'agent_answer']);
  });
});
