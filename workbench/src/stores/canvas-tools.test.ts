import { TOOL_CONNECTION_PROBLEMS, TOOLS_PORT, type AppConfig } from '@blocksmith/schema';
import { testBuilder } from '../testing/fake-api';
import { agentApp, pipe, toolBlock, TOOL_ENTRIES } from '../testing/tool-fixtures';

async function toolBuilder(config: AppConfig) {
  const t = await testBuilder();
  t.catalogue.setEntries([...t.catalogue.entries, ...TOOL_ENTRIES]);
  t.builder.document.load(
    {
      name: 'Research assistant',
      description: '',
      category: '',
      slug: 'research',
      isPrivate: false,
      isPublished: false,
      config,
    },
    { saved: false },
  );
  return t;
}

describe('the canvas with a block that takes tools', () => {
  it('connects a tool block to the tools handle and draws it there, dashed', async () => {
    const { builder } = await toolBuilder({
      ...agentApp(),
      connections: [pipe('in', 'agent1'), pipe('agent1', 'show')],
    });
    expect(builder.canvasFlow.isTool('http')).toBe(false);
    expect(builder.gestures.connect('http', 'agent1', 'output', TOOLS_PORT)).toBe(true);
    expect(builder.document.config.connections.at(-1)).toMatchObject({
      from: 'http',
      to: 'agent1',
      toPort: TOOLS_PORT,
    });
    const edge = builder.flowEdges.find((e) => e.source === 'http')!;
    expect(edge).toMatchObject({ targetHandle: TOOLS_PORT, className: 'is-tool' });
    expect(builder.flowEdges.find((e) => e.source === 'in')).toMatchObject({ targetHandle: 'input' });
    expect(builder.canvasFlow.isTool('http')).toBe(true);
    expect(builder.canvasFlow.isTool('agent1')).toBe(false);
  });

  it('refuses what the server would refuse, saying why', async () => {
    const { builder, toasts } = await toolBuilder({
      ...agentApp(),
      plugins: [...agentApp().plugins, toolBlock('gen', 'textGeneration', 0, 300)],
    });
    // A block that declares no tool.
    expect(builder.gestures.connect('gen', 'agent1', 'output', TOOLS_PORT)).toBe(false);
    expect(toasts.toasts.at(-1)?.message).toBe(TOOL_CONNECTION_PROBLEMS.notATool);
    // A block without a tools handle.
    expect(builder.gestures.connect('http', 'show', 'output', TOOLS_PORT)).toBe(false);
    expect(toasts.toasts.at(-1)?.message).toBe(TOOL_CONNECTION_PROBLEMS.noToolsHandle);
    // A tool is not a step of the pipeline too.
    expect(builder.gestures.connect('http', 'show')).toBe(false);
    expect(toasts.toasts.at(-1)?.message).toBe(TOOL_CONNECTION_PROBLEMS.pipelineIntoTool);
    expect(builder.document.config.connections).toHaveLength(3);
  });

  it('undo takes a tool connection away like any other', async () => {
    const { builder } = await toolBuilder({
      ...agentApp(),
      connections: [pipe('in', 'agent1'), pipe('agent1', 'show')],
    });
    builder.gestures.connect('http', 'agent1', 'output', TOOLS_PORT);
    builder.gestures.undo();
    expect(builder.document.config.connections).toHaveLength(2);
    expect(builder.canvasFlow.isTool('http')).toBe(false);
  });
});
