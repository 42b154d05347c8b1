import { defineBlock, output } from '@blocksmith/block-sdk';
import type { AppConfig, PluginInstance } from '@blocksmith/schema';

// The apps and the block the benchmarks run; the engine's tests and the gateway's use them too.

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

/** A block instance at the origin, for benchmarks and engine tests. */
export function probePlugin(
  id: string,
  type: string,
  settings: Record<string, unknown> = {},
  version?: number,
): PluginInstance {
  return { id, type, position: { x: 0, y: 0 }, settings, ...(version ? { version } : {}) };
}

/** An app from blocks and `[from, to]` pairs; `[from, to, route]` leaves from one of `from`'s routes. */
export function probeApp(
  plugins: PluginInstance[],
  edges: readonly (readonly [string, string] | readonly [string, string, string])[],
): AppConfig {
  return {
    plugins,
    connections: edges.map(([from, to, route], i) => ({
      id: `c${i}`,
      from,
      to,
      fromPort: route ?? 'output',
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
