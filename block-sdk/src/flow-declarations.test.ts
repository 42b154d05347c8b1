import type { SettingsSpec } from '@blocksmith/schema';
import type { BlockSpec } from './block-definition';
import { catalogueEntry } from './catalogue-entry';
import { blockFlow, defineBlock, definitionProblems } from './define-block';
import { field } from './fields';
import { output, type OutputsSpec } from './outputs';
import { runBlock } from './testing';

const gate = defineBlock({
  kind: 'gate',
  name: 'Gate',
  description: 'Lets text through when it is long enough.',
  category: 'ai',
  settings: {
    min: field.number({ label: 'Shortest', default: 3, integer: true }),
    extra: field.text({ label: 'Extra routes', default: '', required: false, multiline: true }),
  },
  outputs: { gated: output.text() },
  routes: { ports: ['long', 'short'], linesOf: 'extra' },
  run(ctx) {
    const text = ctx.primaryText();
    ctx.route(text.length >= ctx.settings.min ? 'long' : 'short');
    if (text === 'both') ctx.route('Both');
    return { gated: text };
  },
});

const repeat = defineBlock({
  kind: 'repeat',
  name: 'Repeat',
  description: 'Runs the blocks after it once per line.',
  category: 'ai',
  settings: {
    most: field.number({ label: 'Most items', default: 10, integer: true }),
    atOnce: field.number({ label: 'At once', default: 2, integer: true }),
  },
  outputs: { line: output.text(), lines: output.list() },
  loop: { items: 'lines', maxItems: 'most', concurrency: 'atOnce' },
  run: (ctx) => ({ line: '', lines: ctx.primaryText().split('\n') }),
});

const gather = defineBlock({
  kind: 'gather',
  name: 'Gather',
  description: 'Joins what each item gave.',
  category: 'ai',
  settings: {},
  outputs: { joined: output.text() },
  endsLoop: true,
  run: (ctx) => ({ joined: ctx.gathered.map((g) => `${g.index}:${String(g.upstream[0]?.value)}`).join(',') }),
});

function problemsOf(spec: Partial<BlockSpec<SettingsSpec, OutputsSpec>>): string[] {
  return definitionProblems({
    kind: 'flowy',
    name: 'Flowy',
    description: '',
    category: 'ai',
    settings: { n: field.number({ label: 'N', default: 1 }), t: field.text({ label: 'T', default: '' }) },
    outputs: { first: output.text(), list: output.list() },
    run: () => ({ first: '', list: [] }),
    ...spec,
  } as BlockSpec<SettingsSpec, OutputsSpec>);
}

describe('route outputs and loops', () => {
  it('lets blocks that only steer a run be free, and no other AI block', () => {
    expect(gate.cost).toBe(0);
    expect(problemsOf({})).toEqual(['an AI block must cost at least 1 credit']);
  });

  it('refuses routes and loops that do not fit the block', () => {
    expect(problemsOf({ routes: {} })).toEqual(['routes need ports or linesOf']);
    expect(problemsOf({ routes: { ports: ['yes', ' '] } })).toEqual([
      'routes.ports must be a list of route names',
    ]);
    expect(problemsOf({ routes: { linesOf: 'n' } })).toEqual([
      'routes.linesOf must name a text setting, not "n"',
    ]);
    expect(problemsOf({ loop: { items: 'first', maxItems: 't', concurrency: 'nope' } })).toEqual([
      'loop.items cannot be the first output: inside the loop the first output is the current item',
      'loop.maxItems must name a number setting, not "t"',
      'loop.concurrency must name a number setting, not "nope"',
    ]);
    expect(problemsOf({ loop: { items: 'gone', maxItems: 'n', concurrency: 'n' } })).toEqual([
      'loop.items must name an output, not "gone"',
    ]);
    expect(problemsOf({ endsLoop: true, routes: { ports: ['a'] } })).toEqual([
      'a block declares one of routes, loop and endsLoop, not routes and endsLoop',
    ]);
    expect(problemsOf({ category: 'output', outputs: {}, endsLoop: true, run: () => ({}) })).toEqual([
      'endsLoop is only for blocks that feed other blocks (category ai)',
    ]);
  });

  it('names settings and outputs by their declared names only', () => {
    expect(() =>
      defineBlock({
        ...repeat,
        kind: 'typedLoop',
        // @ts-expect-error `line` is an output, not a number setting
        loop: { items: 'lines', maxItems: 'line', concurrency: 'atOnce' },
      }),
    ).toThrow('loop.maxItems must name a number setting, not "line"');
    expect(() =>
      defineBlock({
        ...gate,
        kind: 'typedRoutes',
        // @ts-expect-error `min` is a number setting, not a text one
        routes: { linesOf: 'min' },
      }),
    ).toThrow('routes.linesOf must name a text setting, not "min"');
  });

  it('describes its routes and loops to the workbench as plain data', () => {
    expect(blockFlow(gate)).toEqual({ routes: { ports: ['long', 'short'], linesOf: 'extra' } });
    expect(catalogueEntry(repeat).flow).toEqual({
      loop: { items: 'lines', maxItems: 'most', concurrency: 'atOnce' },
    });
    expect(catalogueEntry(gather).flow).toEqual({ endsLoop: true });
    expect('flow' in catalogueEntry({ ...gate, routes: undefined })).toBe(false);
  });

  it('records the routes a block takes in the harness, and refuses one it does not declare', async () => {
    expect((await runBlock(gate, { upstream: { text: 'hello' } })).routes).toEqual(['long']);
    expect((await runBlock(gate, { upstream: { text: 'hi' } })).routes).toEqual(['short']);
    expect(
      (await runBlock(gate, { upstream: { text: 'both' }, settings: { extra: 'Both' } })).routes,
    ).toEqual(['long', 'Both']);
    await expect(runBlock(gate, { upstream: { text: 'both' } })).rejects.toThrow(
      // The engine's own check, as a run says it (runBlock runs the block inside a graph).
      'Gate failed: it took the route "Both", which is not one of its routes (long, short)',
    );
    const noRoutes = defineBlock({
      kind: 'noRoutes',
      name: 'No routes',
      description: '',
      category: 'ai',
      cost: 1,
      settings: {},
      outputs: { out: output.text() },
      run: (ctx) => {
        ctx.route('x');
        return { out: '' };
      },
    });
    await expect(runBlock(noRoutes)).rejects.toThrow('This block declares no route outputs.');
  });

  it('hands a block that ends a loop what reached it from each item', async () => {
    const gathered = [
      { index: 0, item: 'a', upstream: [{ nodeId: 'n', kind: 'k', name: 'v', value: 'A' }] },
      { index: 2, item: 'c', upstream: [{ nodeId: 'n', kind: 'k', name: 'v', value: 'C' }] },
    ];
    expect((await runBlock(gather, { gathered })).outputs).toEqual({ joined: '0:A,2:C' });
    expect((await runBlock(gather)).outputs).toEqual({ joined: '' });
  });
});
