import { defineBlock, output, type CallOptions, type TextRequest } from '@blocksmith/block-sdk';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { flatResult, type AppConfig, type RunEvent } from '@blocksmith/schema';
import { executeRun, type ExecuteOptions } from './executor';
import {
  collectDisplay,
  echoInput,
  failingBlock,
  gatedBlock,
  passThrough,
  probeApp as app,
  probePlugin as plugin,
  templateBlock,
  wrongTypeBlock,
  TestBlocks,
} from './testing';
import { planRun } from './run-plan';

type Gate = {
  started: () => void;
  result: Promise<string>;
  open: (text: string) => void;
  hasStarted: boolean;
};
const gates = new Map<string, Gate>();
function gate(name: string): Gate {
  let open!: (text: string) => void;
  const g: Gate = {
    hasStarted: false,
    started: () => (g.hasStarted = true),
    result: new Promise<string>((resolve) => (open = resolve)),
    open: (text) => open(text),
  };
  gates.set(name, g);
  return g;
}

const registry = new TestBlocks();
for (const block of [
  echoInput,
  templateBlock,
  gatedBlock(gates),
  failingBlock,
  wrongTypeBlock,
  collectDisplay,
  passThrough,
]) {
  registry.register(block);
}

function run(config: AppConfig, options: Partial<ExecuteOptions> = {}) {
  const events: RunEvent[] = [];
  const outcome = executeRun(planRun(config, registry), {
    runId: 'run_1',
    provider: new ScriptedProvider(),
    files: new MemoryFileStore(),
    onEvent: (e) => events.push(e),
    ...options,
  });
  return { outcome, events };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('executeRun', () => {
  it('feeds each block its upstream outputs and merges the results', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('gen', 'template', { template: 'Say hi to {{input_text}}!' }),
        plugin('show', 'collectDisplay'),
      ],
      [
        ['in', 'gen'],
        ['gen', 'show'],
      ],
    );
    const { outcome, events } = run(config, { inputs: { input_text: 'Ada' } });
    const result = await outcome;
    expect(result.status).toBe('succeeded');
    expect(result.results.blocks).toEqual({
      gen: { kind: 'template', outputs: { generated_text: 'Say hi to Ada!', length: 14 } },
    });
    expect(flatResult(result.results)).toEqual({
      generated_text: 'Say hi to Ada!',
      length: 14,
      artifacts: result.results.artifacts,
    });
    expect(result.nodes.gen!.outputs).toEqual({ generated_text: 'Say hi to Ada!', length: 14 });
    expect(result.results.artifacts).toEqual([
      {
        nodeId: 'show',
        artifact: { kind: 'text', format: 'plain', text: 'Say hi to Ada!', copyable: false },
      },
    ]);
    expect(events.map((e) => `${e.type}${'nodeId' in e ? ':' + e.nodeId : ''}`)).toEqual([
      'run_started',
      'node_started:in',
      'node_finished:in',
      'node_started:gen',
      'node_partial:gen',
      'node_finished:gen',
      'node_started:show',
      'node_finished:show',
      'run_finished',
    ]);
    const finished = events.find((e) => e.type === 'node_finished' && e.nodeId === 'gen');
    expect(finished).toMatchObject({ durationMs: expect.any(Number) });
  });

  it("gives a block each connected block's first output and every output it gave", async () => {
    const seen: unknown[] = [];
    const watcher = defineBlock({
      kind: 'upstreamWatcher',
      name: 'Upstream Watcher',
      description: 'Keeps what reached it.',
      category: 'output',
      settings: {},
      outputs: {},
      run(ctx) {
        seen.push(...ctx.upstream);
      },
    });
    const local = new TestBlocks();
    for (const block of [echoInput, templateBlock, watcher]) local.register(block);
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('gen', 'template', { template: 'Hi {{input_text}}' }),
        plugin('watch', 'upstreamWatcher'),
      ],
      [
        ['in', 'gen'],
        ['gen', 'watch'],
      ],
    );
    const result = await executeRun(planRun(config, local), {
      runId: 'run_outputs',
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
      inputs: { input_text: 'Ada' },
      onEvent: () => {},
    });
    expect(result.status).toBe('succeeded');
    expect(seen).toEqual([
      {
        nodeId: 'gen',
        kind: 'template',
        name: 'generated_text',
        value: 'Hi Ada',
        outputs: { generated_text: 'Hi Ada', length: 6 },
      },
    ]);
  });

  it('accepts run inputs keyed by block id when no variable name is given', async () => {
    const config = app([plugin('in', 'echoInput'), plugin('gen', 'template')], [['in', 'gen']]);
    const result = await run(config, { inputs: { in: 'by id' } }).outcome;
    expect(flatResult(result.results).generated_text).toBe('by id');
  });

  it('gives two upstream blocks with the same output distinct variables', async () => {
    const config = app(
      [
        plugin('a', 'echoInput'),
        plugin('b', 'echoInput'),
        plugin('gen', 'template', { template: '{{input_text}} + {{input_text_2}}' }),
      ],
      [
        ['a', 'gen'],
        ['b', 'gen'],
      ],
    );
    const result = await run(config, { inputs: { input_text: 'one', input_text_2: 'two' } }).outcome;
    expect(flatResult(result.results).generated_text).toBe('one + two');
  });

  it('lets a block use variables from further upstream, but not from other branches', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('g1', 'template', { template: 'first {{input_text}}' }),
        plugin('g2', 'template', { template: '{{input_text}} / {{generated_text}} / {{generated_text_3}}' }),
        plugin('g3', 'template', { template: 'side' }),
      ],
      [
        ['in', 'g1'],
        ['g1', 'g2'],
        ['in', 'g3'],
      ],
    );
    const result = await run(config, { inputs: { input_text: 'x' } }).outcome;
    expect(result.nodes.g2!.outputs.generated_text).toBe('x / first x / {{generated_text_3}}');
    expect(flatResult(result.results)).toMatchObject({
      generated_text: 'first x',
      generated_text_2: 'x / first x / {{generated_text_3}}',
    });
  });

  it("answers each block's outputs under its id, two blocks of one kind side by side, with the layout", async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('g1', 'template', { template: 'one {{input_text}}' }),
        plugin('g2', 'template', { template: 'two {{input_text}}' }),
      ],
      [
        ['in', 'g1'],
        ['in', 'g2'],
      ],
    );
    const { results } = await run(config, { inputs: { input_text: 'x' } }).outcome;
    expect(results.blocks).toEqual({
      g1: { kind: 'template', outputs: { generated_text: 'one x', length: 5 } },
      g2: { kind: 'template', outputs: { generated_text: 'two x', length: 5 } },
    });
    expect(results.layout).toEqual([
      { id: 'in', variable: 'input_text', outputs: ['input_text'] },
      { id: 'g1', variable: 'generated_text', outputs: ['generated_text', 'length'] },
      { id: 'g2', variable: 'generated_text_2', outputs: ['generated_text', 'length'] },
    ]);
    expect(results.artifacts).toEqual([]);
  });

  it('runs independent branches at the same time', async () => {
    const left = gate('left');
    const right = gate('right');
    const config = app([plugin('l', 'gated', { gate: 'left' }), plugin('r', 'gated', { gate: 'right' })], []);
    const { outcome } = run(config);
    await flush();
    expect(left.hasStarted && right.hasStarted).toBe(true);
    right.open('R');
    left.open('L');
    const result = await outcome;
    expect(flatResult(result.results)).toEqual({ gated: 'L', gated_2: 'R', artifacts: [] });
  });

  it('never runs more blocks at once than allowed', async () => {
    const a = gate('ca');
    const b = gate('cb');
    const config = app([plugin('a', 'gated', { gate: 'ca' }), plugin('b', 'gated', { gate: 'cb' })], []);
    const { outcome } = run(config, { maxConcurrency: 1 });
    await flush();
    expect([a.hasStarted, b.hasStarted]).toEqual([true, false]);
    a.open('A');
    await flush();
    expect(b.hasStarted).toBe(true);
    b.open('B');
    expect((await outcome).status).toBe('succeeded');
  });

  it('stops on the first failure, names the block and skips what depends on it', async () => {
    const slow = gate('slow');
    const config = app(
      [plugin('bad', 'failing'), plugin('after', 'template'), plugin('sib', 'gated', { gate: 'slow' })],
      [['bad', 'after']],
    );
    const { outcome, events } = run(config);
    const result = await outcome;
    expect(slow.hasStarted).toBe(true);
    expect(result.status).toBe('failed');
    expect(result.error).toBe('Failing failed: Connect a block that provides the text.');
    expect(result.errorCode).toBe('BAD_USER_INPUT');
    expect(result.failedNodeId).toBe('bad');
    expect(result.nodes.after!.status).toBe('skipped');
    expect(result.nodes.sib!.status).toBe('failed');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed' });
  });

  it('names a failing block by its title: its label setting, else its kind’s name, never its id', async () => {
    const result = await run(app([plugin('plugin_17_x3', 'echoInput', { label: 'Your name' })], [])).outcome;
    expect(result.error).toBe('Your name failed: Please fill in "Your name".');
    expect(result.error).not.toContain('plugin_17_x3');
  });

  it('reports the model and the tokens a block’s AI calls used on its node_finished', async () => {
    class Reporting extends ScriptedProvider {
      override async *streamText(request: TextRequest, options: CallOptions): AsyncIterable<string> {
        yield* super.streamText(request, options);
        options.onUsage?.({ model: 'model-a', promptTokens: 5, completionTokens: 2, totalTokens: 7 });
      }
    }
    registry.register(
      defineBlock({
        kind: 'asking',
        name: 'Asking',
        description: 'Asks twice.',
        category: 'ai',
        cost: 1,
        settings: {},
        outputs: { answer_text: output.text() },
        async run(ctx) {
          return { answer_text: (await ctx.ai.text({ prompt: 'a' })) + (await ctx.ai.text({ prompt: 'b' })) };
        },
      }),
    );
    const { outcome, events } = run(app([plugin('ask', 'asking')], []), {
      provider: new Reporting({ text: ['one ', 'two'] }),
    });
    expect((await outcome).status).toBe('succeeded');
    expect(events.find((e) => e.type === 'node_finished')).toMatchObject({
      nodeId: 'ask',
      outputs: { answer_text: 'one two' },
      model: 'model-a',
      usage: { promptTokens: 10, completionTokens: 4, totalTokens: 14 },
      credits: 1,
    });
  });

  it('gives blocks the owner’s secrets and cleans what they answer or fail with of the values read', async () => {
    registry.register(
      defineBlock({
        kind: 'secretEcho',
        name: 'Secret Echo',
        description: 'Says its secret out loud, or fails with it.',
        category: 'ai',
        cost: 1,
        settings: {},
        outputs: { echoed: output.json() },
        async run(ctx) {
          const token = await ctx.secret('TOKEN');
          const missing = await ctx.secret('MISSING');
          if ((await ctx.secret('FAIL')) !== undefined) throw new Error(`the server refused ${token}`);
          ctx.present({ kind: 'text', text: `sent ${token}` } as never);
          return { echoed: { header: `Bearer ${token}`, [String(token)]: missing ?? 'none' } };
        },
      }),
    );
    const secrets = async (name: string) => (name === 'TOKEN' ? 'ghp_s3cret' : undefined);
    const { outcome, events } = run(app([plugin('echo', 'secretEcho')], []), { secrets });
    const done = await outcome;
    expect(done.status).toBe('succeeded');
    expect(done.nodes.echo!.outputs).toEqual({
      echoed: { header: 'Bearer [secret TOKEN]', '[secret TOKEN]': 'none' },
    });
    expect(JSON.stringify(events)).not.toContain('ghp_s3cret');
    expect(JSON.stringify(done)).not.toContain('ghp_s3cret');
    const failed = await run(app([plugin('echo', 'secretEcho')], []), {
      secrets: async (name) => (name === 'FAIL' ? 'yes' : secrets(name)),
    }).outcome;
    expect(failed.error).toBe('Secret Echo failed: the server refused [secret TOKEN]');
    // Without a way to read secrets, a block finds none.
    const none = await run(app([plugin('echo', 'secretEcho')], [])).outcome;
    expect(none.nodes.echo!.outputs).toEqual({ echoed: { header: 'Bearer undefined', undefined: 'none' } });
  });

  it('fails a block whose result does not match its declared outputs', async () => {
    const result = await run(app([plugin('w', 'wrongType')], [])).outcome;
    expect(result.error).toBe(
      'Wrong Type failed: it returned a bad result: output text_out must be a string',
    );
  });

  it('stops when the caller aborts', async () => {
    gate('held');
    const controller = new AbortController();
    const { outcome } = run(
      app([plugin('h', 'gated', { gate: 'held' }), plugin('next', 'template')], [['h', 'next']]),
      {
        signal: controller.signal,
      },
    );
    await flush();
    controller.abort();
    const result = await outcome;
    expect(result.status).toBe('aborted');
    expect(result.error).toBe('The run was stopped.');
    expect(result.nodes.next!.status).toBe('skipped');
  });

  it('runs a chain of thousands of instant blocks without exhausting the stack', async () => {
    const n = 5000;
    const plugins = Array.from({ length: n }, (_, i) => plugin(`p${i}`, 'passThrough'));
    const edges = plugins.slice(1).map((p, i): [string, string] => [`p${i}`, p.id]);
    const result = await executeRun(planRun(app(plugins, edges), registry), {
      runId: 'long',
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
    });
    expect(result.status).toBe('succeeded');
    expect(result.nodes[`p${n - 1}`]!.outputs.value).toBe('start');
  });
});

describe('the variables a block sees', () => {
  it('are a read-only view that lists only upstream variables', async () => {
    const seen: { keys: string[]; write: boolean; inherited: string }[] = [];
    const probe = (await import('@blocksmith/block-sdk')).defineBlock({
      kind: 'scopeProbe',
      name: 'Scope Probe',
      description: '',
      category: 'ai',
      cost: 1,
      settings: {},
      outputs: { probe: (await import('@blocksmith/block-sdk')).output.text() },
      run(ctx) {
        const vars = ctx.variables as Record<string, unknown>;
        let write = true;
        try {
          vars.injected = 'x';
        } catch {
          write = false;
        }
        const child = Object.create(vars) as Record<string, unknown>;
        child.own = 'mine';
        seen.push({
          keys: Object.keys(vars).sort(),
          write,
          inherited: `${String(child.input_text)}/${String(child.own)}`,
        });
        return { probe: ctx.render('{{input_text}}|{{generated_text}}|{{own}}', { own: 'extra' }) };
      },
    });
    const local = new TestBlocks();
    for (const block of [echoInput, templateBlock, probe]) local.register(block);
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('gen', 'template'),
        plugin('side', 'template'),
        plugin('p', 'scopeProbe'),
      ],
      [
        ['in', 'gen'],
        ['in', 'side'],
        ['gen', 'p'],
      ],
    );
    const result = await executeRun(planRun(config, local), {
      runId: 'r',
      inputs: { input_text: 'hi' },
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
    });
    expect(result.nodes.p!.outputs.probe).toBe('hi|hi|extra');
    expect(seen).toEqual([{ keys: ['generated_text', 'input_text'], write: false, inherited: 'hi/mine' }]);
  });
});
