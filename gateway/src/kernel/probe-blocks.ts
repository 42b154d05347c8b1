import { BlockInputError, defineBlock, field, output } from '@blocksmith/block-sdk';
import type { AppConfig, PluginInstance } from '@blocksmith/schema';

/** Small blocks for engine tests and benchmarks: no AI, fully controllable. */
export const echoInput = defineBlock({
  kind: 'echoInput',
  name: 'Echo Input',
  description: 'Passes the run input on.',
  category: 'input',
  inputKind: 'text',
  settings: { label: field.text({ label: 'Label', default: 'Text' }) },
  outputs: { input_text: output.text() },
  run(ctx) {
    if (typeof ctx.runInput !== 'string')
      throw new BlockInputError(`Please fill in "${ctx.settings.label}".`);
    return { input_text: ctx.runInput };
  },
});

export const templateBlock = defineBlock({
  kind: 'template',
  name: 'Template',
  description: 'Renders its template with upstream variables.',
  category: 'ai',
  cost: 2,
  settings: { template: field.prompt({ label: 'Template', default: '{{input_text}}' }) },
  outputs: { generated_text: output.text(), length: output.number() },
  run(ctx) {
    const text = ctx.render(ctx.settings.template, { input_text: ctx.primaryText() });
    ctx.progress(text);
    return { generated_text: text, length: text.length };
  },
});

/** A block whose run is resolved by the test, to observe scheduling. */
export function gatedBlock(gates: Map<string, { started: () => void; result: Promise<string> }>) {
  return defineBlock({
    kind: 'gated',
    name: 'Gated',
    description: 'Waits for the test.',
    category: 'ai',
    cost: 1,
    settings: { gate: field.text({ label: 'Gate', default: 'a' }) },
    outputs: { gated: output.text() },
    async run(ctx) {
      const gate = gates.get(ctx.settings.gate);
      if (!gate) throw new Error(`no gate ${ctx.settings.gate}`);
      gate.started();
      const text = await Promise.race([
        gate.result,
        new Promise<never>((_, reject) =>
          ctx.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }),
        ),
      ]);
      return { gated: text };
    },
  });
}

export const failingBlock = defineBlock({
  kind: 'failing',
  name: 'Failing',
  description: 'Always fails.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { never: output.text() },
  run() {
    throw new BlockInputError('Connect a block that provides the text.');
  },
});

export const wrongTypeBlock = defineBlock({
  kind: 'wrongType',
  name: 'Wrong Type',
  description: 'Returns a number where text is declared.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { text_out: output.text() },
  run() {
    return { text_out: 42 as unknown as string };
  },
});

export const collectDisplay = defineBlock({
  kind: 'collectDisplay',
  name: 'Collect Display',
  description: 'Presents what reaches it.',
  category: 'output',
  settings: {},
  outputs: {},
  run(ctx) {
    ctx.present({ kind: 'text', format: 'plain', text: ctx.primaryText(), copyable: false });
  },
});

/** The cheapest possible block: the engine's own cost dominates a run of these. */
export const passThrough = defineBlock({
  kind: 'passThrough',
  name: 'Pass Through',
  description: 'Returns its first upstream value.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { value: output.text() },
  run(ctx) {
    const first = ctx.upstream[0];
    return { value: typeof first?.value === 'string' ? first.value : 'start' };
  },
});

/** A block instance at the origin, for engine tests and benchmarks. */
export function probePlugin(
  id: string,
  type: string,
  settings: Record<string, unknown> = {},
  version?: number,
): PluginInstance {
  return { id, type, position: { x: 0, y: 0 }, settings, ...(version ? { version } : {}) };
}

/** An app from blocks and `[from, to]` pairs. */
export function probeApp(
  plugins: PluginInstance[],
  edges: readonly (readonly [string, string])[],
): AppConfig {
  return {
    plugins,
    connections: edges.map(([from, to], i) => ({
      id: `c${i}`,
      from,
      to,
      fromPort: 'output',
      toPort: 'input',
    })),
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  };
}

/** The everyday app: a text input, a text generation using it, and a text display. */
export function probeTextApp(inputLabel = 'Topic'): AppConfig {
  return probeApp(
    [
      probePlugin('in', 'textInput', { label: inputLabel }),
      probePlugin('gen', 'textGeneration', { prompt_template: 'Write about {{input_text}}' }),
      probePlugin('show', 'textDisplay'),
    ],
    [
      ['in', 'gen'],
      ['gen', 'show'],
    ],
  );
}
