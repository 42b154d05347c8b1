import { BlockInputError, RunPause, defineBlock, field, output } from '@blocksmith/block-sdk';

/**
 * Small blocks for engine tests (and the gateway's): no AI, fully controllable. The app builders
 * and the block the benchmarks share with the tests are in probe-apps.ts.
 */

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

/**
 * A route block: takes `true` when its text contains `contains`, else `false`; with `take` set,
 * takes the routes listed there (comma separated) instead, known or not (`-`: none).
 */
export const probeCondition = defineBlock({
  kind: 'probeCondition',
  name: 'Probe Condition',
  description: 'Routes by whether its text contains a value.',
  category: 'ai',
  settings: {
    contains: field.text({ label: 'Contains', default: '' }),
    take: field.text({ label: 'Take', default: '', required: false }),
  },
  outputs: { checked: output.text() },
  routes: { ports: ['true', 'false'] },
  run(ctx) {
    const text = ctx.primaryText();
    if (ctx.settings.take === '-') return { checked: text };
    if (ctx.settings.take !== '') for (const route of ctx.settings.take.split(',')) ctx.route(route.trim());
    else ctx.route(text.includes(ctx.settings.contains) ? 'true' : 'false');
    return { checked: text };
  },
});

/** A loop over the lines of its text. */
export const probeLoop = defineBlock({
  kind: 'probeLoop',
  name: 'Probe Loop',
  description: 'Runs the blocks after it once per line.',
  category: 'ai',
  settings: {
    max_items: field.number({ label: 'Most items', default: 100, integer: true, min: 0 }),
    concurrency: field.number({ label: 'At once', default: 4, integer: true, min: 1 }),
  },
  outputs: { item: output.json(), items: output.json(), item_count: output.number() },
  loop: { items: 'items', maxItems: 'max_items', concurrency: 'concurrency' },
  run(ctx) {
    const text = ctx.primaryText();
    const items = text === '' ? [] : text.split('\n');
    return { item: null, items, item_count: items.length };
  },
});

/**
 * Ends a loop: one entry per item that reached it, its upstream values joined with `+`; items in
 * which a block failed with its run going on are left out, as Collect does.
 */
export const probeCollect = defineBlock({
  kind: 'probeCollect',
  name: 'Probe Collect',
  description: 'Gathers what each item gave.',
  category: 'ai',
  settings: {},
  outputs: { collected: output.json() },
  endsLoop: true,
  run(ctx) {
    return {
      collected: ctx.gathered
        .filter((g) => g.error === undefined)
        .map((g) => `${g.index}:${g.upstream.map((u) => String(u.value)).join('+')}`),
    };
  },
});

/**
 * Stops the run to wait for the owner's approval of its text (as the Approval block does); once
 * the run goes on it hands on the text as approved and who approved it.
 */
export const probeApproval = defineBlock({
  kind: 'probeApproval',
  name: 'Probe Approval',
  description: 'Waits for an approval of its text.',
  category: 'ai',
  settings: {},
  outputs: { approved: output.text(), decided_by: output.text() },
  waits: true,
  run(ctx) {
    if (ctx.decision) return { approved: ctx.decision.text, decided_by: ctx.decision.decidedBy };
    throw new RunPause({
      text: ctx.primaryText(),
      editable: true,
      approver: { kind: 'owner' },
      timeoutSeconds: 3600,
    });
  },
});
