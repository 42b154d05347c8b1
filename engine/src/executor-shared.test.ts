import { defineBlock, field, output, sharedKind } from '@blocksmith/block-sdk';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { executeRun } from './executor';
import { planRun } from './run-plan';
import {
  echoInput,
  probeApp as app,
  probeCollect,
  probeLoop,
  probePlugin as plugin,
  TestBlocks,
} from './testing';

/** What the test sees of the sessions its blocks share: each made and each closed, by key. */
const log: { made: string[]; closed: string[] } = { made: [], closed: [] };

const SESSIONS = sharedKind<{ key: string }>('test session', (session) => {
  log.closed.push(session.key);
});

/** Opens (or reuses) the run's session with its `server` (`down` cannot be opened), and says which it used. */
const sessionUser = defineBlock({
  kind: 'sessionUser',
  name: 'Session User',
  description: 'Uses the run’s session with a server.',
  category: 'ai',
  cost: 1,
  settings: { server: field.text({ label: 'Server', default: 'a' }) },
  outputs: { used: output.text() },
  async run(ctx) {
    const { server } = ctx.settings;
    const session = await ctx.shared.get(SESSIONS, server, async () => {
      log.made.push(server);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (server === 'down') throw new Error('the server is down');
      return { key: server };
    });
    return { used: `${ctx.primaryText()}@${session.key}` };
  },
});

const registry = new TestBlocks();
for (const block of [echoInput, probeLoop, probeCollect, sessionUser]) registry.register(block);

beforeEach(() => {
  log.made.length = 0;
  log.closed.length = 0;
});

function execute(config: ReturnType<typeof app>, inputs: Record<string, unknown>) {
  return executeRun(planRun(config, registry), {
    runId: 'run_1',
    inputs,
    provider: new ScriptedProvider(),
    files: new MemoryFileStore(),
  });
}

describe('values a run’s blocks share (ctx.shared)', () => {
  it('are made once per key for every block and loop item, and closed once when the run ends', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        plugin('each', 'probeLoop', { concurrency: 3 }),
        plugin('inside', 'sessionUser', { server: 'a' }),
        plugin('end', 'probeCollect'),
        plugin('before', 'sessionUser', { server: 'a' }),
        plugin('other', 'sessionUser', { server: 'b' }),
      ],
      [
        ['in', 'each'],
        ['each', 'inside'],
        ['inside', 'end'],
        ['in', 'before'],
        ['in', 'other'],
      ],
    );
    const outcome = await execute(config, { input_text: 'x\ny\nz' });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.nodes.end!.outputs.collected).toEqual(['0:x@a', '1:y@a', '2:z@a']);
    expect(outcome.nodes.other!.outputs.used).toBe('x\ny\nz@b');
    expect(log.made.sort()).toEqual(['a', 'b']);
    // Closed by the time the run's outcome is known, each once.
    expect(log.closed.sort()).toEqual(['a', 'b']);
  });

  it('keeps a making that failed for the rest of the run, and closes nothing it did not make', async () => {
    const config = app(
      [
        plugin('in', 'echoInput'),
        { ...plugin('one', 'sessionUser', { server: 'down' }), onError: 'continue' as const },
        { ...plugin('two', 'sessionUser', { server: 'down' }), onError: 'continue' as const },
      ],
      [
        ['in', 'one'],
        ['one', 'two'],
      ],
    );
    const outcome = await execute(config, { input_text: 'x' });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.nodes.one).toMatchObject({ status: 'failed', error: expect.stringContaining('down') });
    expect(outcome.nodes.two).toMatchObject({ status: 'failed', error: expect.stringContaining('down') });
    expect(log.made).toEqual(['down']);
    expect(log.closed).toEqual([]);
  });
});
