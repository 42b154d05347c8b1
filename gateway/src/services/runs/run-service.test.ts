import { flatResult } from '@blocksmith/schema';
import { randomUUID } from 'node:crypto';
import { defineBlock, output } from '@blocksmith/block-sdk';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { block as textInput } from '@blocksmith/block-text-input';
import type { RunEvent } from '@blocksmith/schema';
import type { Database } from '../../data/database';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { AppRecord, RunRecord, User } from '../../data/entities';
import { InsufficientCreditsError, NotFoundError } from '../../errors';
import { BlockRegistry } from '../../kernel';
import { echoInput, failingBlock, probeApp, probePlugin, templateBlock } from '../../testing/probe-blocks';
import { AppService } from '../apps/app-service';
import { CreditLedger } from '../credits';
import { ProcessLease } from './process-lease';
import { RunEventHub } from './run-event-hub';
import { RunService, type RunServiceDeps } from './run-service';
import { runTimedOutMessage } from './run-timeout';

/** An AI block that waits until its run is stopped, like a model that never answers. */
const hangingBlock = defineBlock({
  kind: 'hanging',
  name: 'Hanging',
  description: 'Answers only when stopped.',
  category: 'ai',
  cost: 3,
  settings: {},
  outputs: { never_text: output.text() },
  run(ctx) {
    return new Promise((_resolve, reject) =>
      ctx.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }),
    );
  },
});

/** An AI block that never answers and does not listen when asked to stop. */
const deafBlock = defineBlock({
  kind: 'deaf',
  name: 'Deaf',
  description: 'Never answers.',
  category: 'ai',
  cost: 3,
  settings: {},
  outputs: { silent_text: output.text() },
  run() {
    return new Promise<never>(() => undefined);
  },
});

const registry = new BlockRegistry();
for (const block of [echoInput, templateBlock, failingBlock, hangingBlock, deafBlock])
  registry.register(block, 'test');
registry.register(textInput, '@blocksmith/block-text-input');

const greeter = probeApp(
  [probePlugin('in', 'echoInput'), probePlugin('gen', 'template', { template: 'Hello {{input_text}}' })],
  [['in', 'gen']],
);

describe.each(databaseTargets)('RunService on %s', (_name, databaseUrl) => {
  let db: Database;
  let apps: AppService;
  let ledger: CreditLedger;
  let hub: RunEventHub;
  let runs: RunService;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    apps = new AppService(db.dataSource, registry);
    ledger = new CreditLedger(db.dataSource);
    hub = new RunEventHub();
    runs = runService();
  });

  /** A run service on the test database, the scripted provider and the shared hub. */
  function runService(extra: Partial<RunServiceDeps> = {}): RunService {
    return new RunService({
      dataSource: db.dataSource,
      registry,
      apps,
      ledger,
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
      hub,
      ...extra,
    });
  }

  afterAll(async () => {
    await runs.drain();
    await db.close();
  });

  async function user(credits = 50): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com` });
    await ledger.initialize(id, 'free');
    if (credits < 50) {
      await db.dataSource.query('UPDATE credit_balances SET balance = $2 WHERE user_id = $1', [id, credits]);
      await db.dataSource.query(
        `INSERT INTO credit_ledger (id, user_id, delta, kind, grant_period) VALUES ($1, $2, $3, 'grant', 'test')`,
        [randomUUID(), id, credits - 50],
      );
    }
    return id;
  }

  it('runs an app end to end: debits, streams progress, stores the outcome and counts the use', async () => {
    const owner = await user();
    const app = await apps.create(owner, { name: 'Greeter', config: greeter });
    const started = await runs.start({
      userId: owner,
      appId: app.id!,
      inputs: { input_text: 'Ada' },
      actionType: 'test_execution',
    });
    expect(started.cost).toBe(2);
    const events: RunEvent[] = [];
    for await (const event of hub.watch(started.runId)) events.push(event);
    const outcome = await started.done;
    expect(flatResult(outcome.result!).generated_text).toBe('Hello Ada');
    expect(events.map((e) => e.type)).toEqual([
      'run_started',
      'node_started',
      'node_finished',
      'node_started',
      'node_partial',
      'node_finished',
      'run_finished',
    ]);
    const record = await db.dataSource.getRepository(RunRecord).findOneByOrFail({ id: started.runId });
    expect(record).toMatchObject({ status: 'succeeded', cost: 2, actionType: 'test_execution', error: null });
    expect(flatResult(record.result!)).toMatchObject({ generated_text: 'Hello Ada' });
    expect(await ledger.balance(owner)).toBe(48);
    expect((await ledger.history(owner))[0]).toMatchObject({ block_type: 'template', credits_used: 2 });
    expect((await db.dataSource.getRepository(AppRecord).findOneByOrFail({ id: app.id! })).uses).toBe(1);
    expect(await hub.canWatch(started.runId, randomUUID())).toBe(false);
  });

  it('refunds a failed run and records why it failed', async () => {
    const owner = await user();
    const config = probeApp([probePlugin('bad', 'failing')], []);
    const app = await apps.create(owner, { config });
    const started = await runs.start({ userId: owner, appId: app.id!, actionType: 'test_execution' });
    const outcome = await started.done;
    expect(outcome.status).toBe('failed');
    expect(await ledger.balance(owner)).toBe(50);
    const record = await db.dataSource.getRepository(RunRecord).findOneByOrFail({ id: started.runId });
    expect(record).toMatchObject({
      status: 'failed',
      error: 'Failing failed: Connect a block that provides the text.',
    });
  });

  it('refuses a run the balance cannot pay, leaving no run record', async () => {
    const owner = await user(1);
    const app = await apps.create(owner, { config: greeter });
    await expect(
      runs.start({
        userId: owner,
        appId: app.id!,
        inputs: { input_text: 'x' },
        actionType: 'test_execution',
      }),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await db.dataSource.getRepository(RunRecord).countBy({ appId: app.id! })).toBe(0);
  });

  it('lets exactly as many of 50 concurrent runs through as the balance pays for', async () => {
    const owner = await user(20);
    const app = await apps.create(owner, { config: greeter });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        runs.start({
          userId: owner,
          appId: app.id!,
          inputs: { input_text: 'x' },
          actionType: 'test_execution',
        }),
      ),
    );
    const started = results.filter((r) => r.status === 'fulfilled');
    expect(started).toHaveLength(10);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => r.reason instanceof InsufficientCreditsError),
    ).toBe(true);
    await Promise.all(
      started.map((r) => (r as PromiseFulfilledResult<{ done: Promise<unknown> }>).value.done),
    );
    expect(await ledger.balance(owner)).toBe(0);
    expect((await ledger.audit(owner)).consistent).toBe(true);
    expect((await db.dataSource.getRepository(AppRecord).findOneByOrFail({ id: app.id! })).uses).toBe(10);
  });

  it('never runs someone else’s unpublished app, and checks inputs', async () => {
    const owner = await user();
    const stranger = await user();
    const app = await apps.create(owner, { config: greeter });
    for (const actionType of ['test_execution', 'published'] as const) {
      await expect(runs.start({ userId: stranger, appId: app.id!, actionType })).rejects.toBeInstanceOf(
        NotFoundError,
      );
    }
    await expect(
      runs.start({ userId: owner, appId: app.id!, inputs: 'text', actionType: 'test_execution' }),
    ).rejects.toThrow('Send the inputs as an object keyed by input name.');
    expect(await ledger.balance(stranger)).toBe(50);
  });

  it('applies the LinkedIn rule to text inputs labelled LinkedIn', async () => {
    const owner = await user();
    const config = probeApp(
      [probePlugin('in', 'textInput', { label: 'Your LinkedIn URL' }), probePlugin('gen', 'template')],
      [['in', 'gen']],
    );
    const app = await apps.create(owner, { config });
    await expect(
      runs.start({
        userId: owner,
        appId: app.id!,
        inputs: { input_text: 'https://example.com/ada' },
        actionType: 'test_execution',
      }),
    ).rejects.toThrow(
      "Invalid LinkedIn URL: Please enter a valid LinkedIn profile URL that includes 'linkedin.com/in/'",
    );
    const started = await runs.start({
      userId: owner,
      appId: app.id!,
      inputs: { input_text: 'https://www.linkedin.com/in/ada' },
      actionType: 'test_execution',
    });
    expect(flatResult((await started.done).result!).generated_text).toBe('https://www.linkedin.com/in/ada');
  });

  it('names the process executing a run; a run left by a process that stopped is ended and refunded', async () => {
    const owner = await user();
    const app = await apps.create(owner, { name: 'Greeter', config: greeter });
    const balance = async () =>
      (
        (await db.dataSource.query('SELECT balance FROM credit_balances WHERE user_id = $1', [owner])) as {
          balance: number;
        }[]
      )[0]!.balance;

    // A process executes a run of its own and names itself on the run's record.
    const lease = new ProcessLease(
      db.dataSource,
      30,
      (ids) => named.endLapsed(ids),
      () => named.executing(),
    );
    const named: RunService = runService({ lease });
    const started = await named.start({ userId: owner, appId: app.id!, inputs: { input_text: 'Ada' } });
    const record = await started.done;
    expect(record).toMatchObject({ status: 'succeeded', executor: lease.id });

    // Another process died with a charged run under way: it never beats again.
    const dead = randomUUID();
    const orphan = randomUUID();
    await ledger.chargeNewRun(
      { id: orphan, appId: app.id!, userId: owner, actionType: 'test_execution', inputs: {}, executor: dead },
      [{ blockType: 'text_generation', credits: 2 }],
    );
    const charged = await balance();
    await lease.tick(); // this process's heartbeat and sweep
    const ended = await db.dataSource.getRepository(RunRecord).findOneByOrFail({ id: orphan });
    expect(ended).toMatchObject({ status: 'failed', errorCode: 'UNAVAILABLE' });
    expect(ended.error).toMatch(/interrupted because the server running it stopped/);
    expect(await balance()).toBe(charged + 2);
    expect((await ledger.audit(owner)).consistent).toBe(true);

    // A second sweep finds nothing to do: each run is ended and refunded once.
    await lease.tick();
    expect(await balance()).toBe(charged + 2);
    await named.drain();
    const left = (await db.dataSource.query('SELECT 1 FROM gateway_processes WHERE id = $1', [
      lease.id,
    ])) as unknown[];
    expect(left).toEqual([]);
  });

  it('stops a run that outlives the time limit: failed, refunded, and its watchers told why', async () => {
    const owner = await user();
    const stuck = probeApp(
      [probePlugin('in', 'echoInput'), probePlugin('wait', 'hanging')],
      [['in', 'wait']],
    );
    const app = await apps.create(owner, { name: 'Stuck', config: stuck });
    const timed = runService({ timeoutMs: 1_000 });
    const started = await timed.start({ userId: owner, appId: app.id!, inputs: { input_text: 'x' } });
    const events: RunEvent[] = [];
    for await (const event of hub.watch(started.runId)) events.push(event);
    const record = await started.done;
    const message = runTimedOutMessage(1_000);
    expect(message).toBe(
      'This run took longer than the 1-second limit and was stopped. Your credits were refunded.',
    );
    expect(record).toMatchObject({ status: 'failed', errorCode: 'RUN_TIMEOUT', error: message });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', error: message });
    expect((await ledger.audit(owner)).balance).toBe(50);
    expect(runTimedOutMessage(900_000)).toBe(
      'This run took longer than the 15-minute limit and was stopped. Your credits were refunded.',
    );
    await timed.drain();
  });

  it('ends a run whose block ignores the stop request once the grace period has passed', async () => {
    const owner = await user();
    const deaf = probeApp([probePlugin('in', 'echoInput'), probePlugin('mute', 'deaf')], [['in', 'mute']]);
    const app = await apps.create(owner, { name: 'Deaf', config: deaf });
    const timed = runService({ timeoutMs: 1_000 });
    const started = await timed.start({ userId: owner, appId: app.id!, inputs: { input_text: 'x' } });
    const record = await started.done; // 1 s limit + 2 s grace
    expect(record).toMatchObject({ status: 'failed', errorCode: 'RUN_TIMEOUT' });
    expect((await ledger.audit(owner)).balance).toBe(50);
    expect(timed.executing()).toEqual([]);
    await timed.drain();
  }, 15_000);
});
