import type { BlockFlow } from './flow-structure';
import { CONNECTION_PROBLEMS, connect, connectionProblem } from './connection-rules';
import { runChecklist, type ChecklistBlock } from './run-checklist';
import { runCostRange } from './run-cost';
import { categoryOf, config, deepFreeze, link, plugin } from './testing/app-builders';
import {
  TOOLS_PORT,
  TOOL_CONNECTION_PROBLEMS,
  isToolConnection,
  pipelineConnections,
  toolBlocks,
  toolWiringProblems,
} from './tool-connections';

const toolLink = (from: string, to: string) => ({
  id: `${from}=>${to}`,
  from,
  to,
  fromPort: 'output',
  toPort: TOOLS_PORT,
});

const flows: Record<string, BlockFlow> = {
  agent: { tools: { maxCredits: 'max_credits' } },
  httpRequest: {
    tool: {
      description: 'Fetches a page',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
};
const flowOf = (type: string) => flows[type];
const kinds = (type: string) => categoryOf(type) ?? (type in flows ? 'ai' : undefined);

const app = () =>
  deepFreeze(
    config(
      [
        plugin('in', 'textInput'),
        plugin('agent', 'agent'),
        plugin('http', 'httpRequest'),
        plugin('http2', 'httpRequest'),
        plugin('gen', 'textGeneration'),
        plugin('out', 'textDisplay'),
      ],
      [link('in', 'agent'), link('agent', 'out'), toolLink('http', 'agent')],
    ),
  );

describe('tool connections', () => {
  it('tells tool connections from the pipeline', () => {
    const a = app();
    expect(a.connections.map(isToolConnection)).toEqual([false, false, true]);
    expect(pipelineConnections(a.connections)).toHaveLength(2);
    expect(toolBlocks(a.connections)).toEqual(new Map([['http', ['agent']]]));
  });

  it('connects a block that declares a tool to the tools handle of a block that takes tools', () => {
    expect(connectionProblem(app(), 'http2', 'agent', kinds, { flowOf, toPort: TOOLS_PORT })).toBeNull();
    const result = connect(app(), 'http2', 'agent', kinds, 1, () => 0, { flowOf, toPort: TOOLS_PORT });
    expect('config' in result && result.config.connections.at(-1)).toMatchObject({
      from: 'http2',
      to: 'agent',
      fromPort: 'output',
      toPort: 'tools',
    });
  });

  it('refuses a block that declares no tool, and a target without a tools handle', () => {
    expect(connectionProblem(app(), 'gen', 'agent', kinds, { flowOf, toPort: TOOLS_PORT })).toBe(
      TOOL_CONNECTION_PROBLEMS.notATool,
    );
    expect(connectionProblem(app(), 'http2', 'gen', kinds, { flowOf, toPort: TOOLS_PORT })).toBe(
      TOOL_CONNECTION_PROBLEMS.noToolsHandle,
    );
  });

  it('keeps a tool out of the pipeline, both ways', () => {
    const wired = connect(app(), 'in', 'http2', kinds, 1, () => 0, { flowOf });
    if (!('config' in wired)) throw new Error(wired.error);
    expect(connectionProblem(wired.config, 'http2', 'agent', kinds, { flowOf, toPort: TOOLS_PORT })).toBe(
      TOOL_CONNECTION_PROBLEMS.toolInPipeline,
    );
    expect(connectionProblem(app(), 'in', 'http', kinds, { flowOf })).toBe(
      TOOL_CONNECTION_PROBLEMS.pipelineIntoTool,
    );
    expect(connectionProblem(app(), 'http', 'out', kinds, { flowOf })).toBe(
      TOOL_CONNECTION_PROBLEMS.pipelineIntoTool,
    );
  });

  it('refuses the same pair twice, and a tool connection does not count as a loop', () => {
    expect(connectionProblem(app(), 'http', 'agent', kinds, { flowOf, toPort: TOOLS_PORT })).toBe(
      CONNECTION_PROBLEMS.duplicate,
    );
    expect(connectionProblem(app(), 'gen', 'in', () => 'ai', { flowOf })).toBeNull();
  });

  it('lists a saved app’s tool connections that break the rules', () => {
    const bad = config(
      [plugin('agent', 'agent'), plugin('gen', 'textGeneration'), plugin('http', 'httpRequest')],
      [toolLink('gen', 'agent'), toolLink('http', 'gen')],
    );
    expect(toolWiringProblems(bad, flowOf).map(({ nodeId, problem }) => ({ nodeId, problem }))).toEqual([
      { nodeId: 'gen', problem: 'notATool' },
      { nodeId: 'gen', problem: 'noToolsHandle' },
    ]);
    expect(toolWiringProblems(app(), flowOf)).toEqual([]);
  });
});

describe('the cost of an app with tools', () => {
  const isAi = (type: string) => kinds(type) === 'ai';
  const costs = { agent: 3, httpRequest: 0, textGeneration: 1 };

  it('counts the agent’s credit limit in the most a run costs, and not its tool blocks', () => {
    const withAiTool = config(
      [...app().plugins.map((p) => (p.id === 'agent' ? { ...p, settings: { max_credits: 20 } } : p))],
      [...app().connections, toolLink('gen', 'agent')],
    );
    // The text block connected as a tool is paid from the agent's limit, not counted on its own.
    expect(runCostRange(withAiTool, costs, isAi, { flowOf })).toEqual({ min: 3, max: 23 });
  });

  it('takes the limit’s default when the app leaves it out', () => {
    expect(
      runCostRange(app(), costs, isAi, {
        flowOf,
        settingDefault: (type, key) => (key === 'max_credits' ? 50 : undefined),
      }),
    ).toEqual({ min: 4, max: 54 }); // the agent and the pipeline's lone text block
  });
});

describe('the checklist of an app with tools', () => {
  const blocks: Record<string, ChecklistBlock> = {
    textInput: {
      name: 'Text Input',
      category: 'input',
      settings: {},
      outputs: [{ name: 'input_text', type: 'text', description: '' }],
      inputKind: 'text',
    },
    agent: {
      name: 'Agent',
      category: 'ai',
      settings: {},
      outputs: [{ name: 'agent_answer', type: 'text', description: '' }],
      flow: flows.agent!,
    },
    httpRequest: {
      name: 'HTTP Request',
      category: 'ai',
      settings: { url: { type: 'text', label: 'URL', template: true } },
      outputs: [{ name: 'response', type: 'text', description: '' }],
      flow: flows.httpRequest!,
    },
    textDisplay: { name: 'Text Display', category: 'output', settings: {}, outputs: [] },
  };
  const blockOf = (type: string) => blocks[type];
  const of = (problems: { nodeId: string }[]) => problems.filter((p) => p.nodeId === 'http');

  it('lets a tool’s templates use its arguments and the variables of its agent, and nothing else', () => {
    const withUrl = (url: string) =>
      config(
        app().plugins.map((p) => (p.id === 'http' ? { ...p, settings: { url } } : p)),
        app().connections,
      );
    expect(of(runChecklist(withUrl('https://x.test/{{city}}?q={{input_text}}'), blockOf))).toEqual([]);
    expect(of(runChecklist(withUrl('https://x.test/{{town}}'), blockOf))).toEqual([
      expect.objectContaining({ kind: 'unknownVariable', nodeId: 'http' }),
    ]);
  });
});
