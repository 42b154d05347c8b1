import type { AiProvider, ToolTurn, ToolTurnRequest } from '@blocksmith/block-sdk';
import { MemoryFileStore } from '@blocksmith/block-sdk/testing';
import { TOOLS_PORT, type AppConfig } from '@blocksmith/schema';
import { executeRun, planRun, type BlockCharge } from '@blocksmith/engine';
import { probeTool } from '@blocksmith/engine/testing';
import { BlockRegistry, DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { StepRecorder } from '../services/runs/run-steps';
import { fixed, repeat } from './measure';
import { probeApp, probePlugin } from './probe-apps';

/** Steps the measured agent takes: each a model turn that calls the tool once. */
const STEPS = 20;

/**
 * A model that answers at once: it calls the first tool until the conversation holds `steps`
 * tool results, then answers. No streaming, no copies: what is measured is the agent around it.
 */
function instantModel(steps: number): AiProvider {
  return {
    name: 'instant',
    offline: true,
    streamText: async function* () {
      yield '';
    },
    completeJson: async () => '{}',
    generateImage: async () => ({ data: new Uint8Array(), mime: 'image/png' }),
    describeImage: async () => '',
    models: () => ({ text: ['gpt-4'], image: [], defaultText: 'gpt-4', defaultImage: '' }),
    toolTurn: async (request: ToolTurnRequest): Promise<ToolTurn> => {
      const done = (request.messages.length - 1) / 2;
      if (done >= steps || request.tools.length === 0) return { text: 'Done.', toolCalls: [] };
      return {
        text: '',
        toolCalls: [{ id: `c${done}`, name: request.tools[0]!.name, arguments: { text: 'Oslo' } }],
      };
    },
  } as AiProvider;
}

/** Text input -> Agent, with an instant tool on its tools handle; without `agent`, text input -> the tool. */
function app(agent: boolean): AppConfig {
  if (!agent)
    return probeApp([probePlugin('in', 'textInput'), probePlugin('tool', 'probeTool')], [['in', 'tool']]);
  const config = probeApp(
    [
      probePlugin('in', 'textInput'),
      probePlugin('agent', 'agent', { max_steps: 25, max_credits: 1000 }),
      probePlugin('tool', 'probeTool'),
    ],
    [['in', 'agent']],
  );
  config.connections.push({ id: 'tool', from: 'tool', to: 'agent', fromPort: 'output', toPort: TOOLS_PORT });
  return config;
}

/**
 * Agent overhead per step: an agent app whose model calls an instant tool `STEPS` times, against
 * the same app whose model answers at once, with the run's bookkeeping (events folded into steps
 * as the gateway stores them, every paid call charged through a charge that resolves at once).
 * The difference over the steps is what one step costs beyond the model and the tool themselves.
 * The app without the agent (text input -> the tool) is the baseline of one run.
 */
export async function runAgentBenchmarks(runs = 200) {
  const built = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' });
  const registry = new BlockRegistry();
  for (const kind of ['textInput', 'agent']) registry.register(built.get(kind)!, built.packageOf(kind)!);
  registry.register(probeTool, 'probe');
  const files = new MemoryFileStore();
  let charged = 0;
  const charge = async (charges: BlockCharge[]) => {
    for (const c of charges) charged += c.credits;
  };
  const once = async (config: AppConfig, steps: number) => {
    const plan = planRun(config, registry);
    const recorder = new StepRecorder(plan);
    const outcome = await executeRun(plan, {
      runId: 'bench',
      inputs: { input_text: 'Oslo' },
      provider: instantModel(steps),
      files,
      charge,
      onEvent: (event) => recorder.observe(event),
    });
    if (outcome.status !== 'succeeded') throw new Error(`agent bench run failed: ${outcome.error}`);
    recorder.snapshot({});
  };
  charged = 0;
  await once(app(true), STEPS);
  if (charged !== STEPS) throw new Error(`the agent made ${charged} paid calls, not ${STEPS}`);
  const withoutAgent = await repeat(() => once(app(false), 0), runs);
  const answersAtOnce = await repeat(() => once(app(true), 0), runs);
  const withSteps = await repeat(() => once(app(true), STEPS), runs);
  return {
    steps: STEPS,
    runs,
    appWithoutAgentMs: fixed(withoutAgent.p50Ms, 3),
    agentAnsweringAtOnceMs: fixed(answersAtOnce.p50Ms, 3),
    agentWithStepsMs: fixed(withSteps.p50Ms, 3),
    overheadPerStepMs: fixed((withSteps.p50Ms - answersAtOnce.p50Ms) / STEPS, 3),
    targetPerStepMs: 2,
  };
}
