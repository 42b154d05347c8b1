import { defineBlock, output } from '@blocksmith/block-sdk';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import type { RunEvent } from '@blocksmith/schema';
import { probeApp as app, probePlugin as plugin, TestBlocks } from './testing';
import { executeRun } from './executor';
import { planRun } from './run-plan';

const TOKEN = 'tok_live_9f8A7b6C5d4E3f2G1h0iJk';

/** Every 8-character part of TOKEN that `text` shows. */
function fragments(text: string): string[] {
  const shown: string[] = [];
  for (let i = 0; i + 8 <= TOKEN.length; i++)
    if (text.includes(TOKEN.slice(i, i + 8))) shown.push(TOKEN.slice(i, i + 8));
  return shown;
}

/** Reads TOKEN and says all but its last character (as an excerpt cut short would) everywhere it can. */
const talker = defineBlock({
  kind: 'secretTalker',
  name: 'Secret Talker',
  description: 'Says most of its secret as progress, in its result, or in its failure.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { said: output.text() },
  async run(ctx) {
    const token = (await ctx.secret('TOKEN'))!;
    const cut = token.slice(0, -1);
    ctx.progress(`sending Bearer ${cut}`);
    ctx.progress(`and the end: ${token.slice(10)}`);
    ctx.present({ kind: 'text', text: `sent ${token.slice(3)}` } as never);
    if ((await ctx.secret('FAIL')) !== undefined) throw new Error(`400 Bad Request: Bearer ${cut}`);
    return { said: `Bearer ${cut}` };
  },
});

/** Takes a route named after most of its secret, which is not one of its routes. */
const router = defineBlock({
  kind: 'secretRouter',
  name: 'Secret Router',
  description: 'Takes a route it does not have.',
  category: 'ai',
  settings: {},
  outputs: { checked: output.text() },
  routes: { ports: ['yes', 'no'] },
  async run(ctx) {
    ctx.route((await ctx.secret('TOKEN'))!.slice(1));
    return { checked: 'done' };
  },
});

const registry = new TestBlocks();
registry.register(talker);
registry.register(router);

async function run(fail: boolean) {
  const events: RunEvent[] = [];
  const outcome = await executeRun(planRun(app([plugin('talk', 'secretTalker')], []), registry), {
    runId: 'run_1',
    provider: new ScriptedProvider(),
    files: new MemoryFileStore(),
    onEvent: (event) => events.push(event),
    secrets: async (name) => (name === 'TOKEN' ? TOKEN : fail && name === 'FAIL' ? 'yes' : undefined),
  });
  return { outcome, events };
}

describe('secrets a block read, cut short', () => {
  it('are masked in progress events, outputs and artifacts', async () => {
    const { outcome, events } = await run(false);
    expect(outcome.status).toBe('succeeded');
    expect(events.filter((e) => e.type === 'node_partial').map((e) => e.text)).toEqual([
      'sending Bearer [secret TOKEN]',
      'and the end: [secret TOKEN]',
    ]);
    expect(outcome.nodes.talk!.outputs).toEqual({ said: 'Bearer [secret TOKEN]' });
    expect(fragments(JSON.stringify(events))).toEqual([]);
    expect(fragments(JSON.stringify(outcome))).toEqual([]);
  });

  it('are masked in the failure, its event and the run’s error', async () => {
    const { outcome, events } = await run(true);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toBe('Secret Talker failed: 400 Bad Request: Bearer [secret TOKEN]');
    expect(fragments(JSON.stringify(events))).toEqual([]);
    expect(fragments(JSON.stringify(outcome))).toEqual([]);
  });

  it('are masked in a failure the engine words itself', async () => {
    const outcome = await executeRun(planRun(app([plugin('route', 'secretRouter')], []), registry), {
      runId: 'run_2',
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
      secrets: async (name) => (name === 'TOKEN' ? TOKEN : undefined),
    });
    expect(outcome.error).toBe(
      'Secret Router failed: it took the route "[secret TOKEN]", which is not one of its routes (yes, no)',
    );
  });
});
