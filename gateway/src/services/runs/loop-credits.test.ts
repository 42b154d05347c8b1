import { randomUUID } from 'node:crypto';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import type { AppConfig, PlanId, RunEvent } from '@blocksmith/schema';
import type { Database } from '../../data/database';
import { User } from '../../data/entities';
import { BlockRegistry } from '../../kernel';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import {
  collectDisplay,
  echoInput,
  failingBlock,
  probeApp as app,
  probeCollect,
  probeCondition,
  probeLoop,
  probePlugin as plugin,
  templateBlock,
} from '../../testing/probe-blocks';
import { AppService } from '../apps/app-service';
import { CreditLedger } from '../credits';
import { RunEventHub } from './run-event-hub';
import { RunService } from './run-service';

const registry = new BlockRegistry();
for (const block of [
  echoInput,
  templateBlock,
  collectDisplay,
  probeCondition,
  probeLoop,
  probeCollect,
  failingBlock,
])
  registry.register(block, 'test');

/** in -> each (4 at once) -> per (2 credits an item) -> end. */
const looping: AppConfig = app(
  [
    plugin('in', 'echoInput'),
    plugin('each', 'probeLoop', { concurrency: 4, max_items: 500 }),
    plugin('per', 'template', { template: '<{{item}}>' }),
    plugin('end', 'probeCollect'),
  ],
  [
    ['in', 'each'],
    ['each', 'per'],
    ['per', 'end'],
  ],
);

/** in -> each -> if (contains y): true -> yes (2), false -> no (2) -> end: at most 4 an item, 2 used. */
const routedLoop: AppConfig = app(
  [
    plugin('in', 'echoInput'),
    plugin('each', 'probeLoop', { concurrency: 2 }),
    plugin('if', 'probeCondition', { contains: 'y' }),
    plugin('yes', 'template', { template: 'Y{{item}}' }),
    plugin('no', 'template', { template: 'N{{item}}' }),
    plugin('end', 'probeCollect'),
  ],
  [
    ['in', 'each'],
    ['each', 'if'],
    ['if', 'yes', 'true'],
    ['if', 'no', 'false'],
    ['yes', 'end'],
    ['no', 'end'],
  ],
);

/** in -> each (one at a time) -> per (2) -> fail (1, always fails) -> end. */
const failingLoop: AppConfig = app(
  [
    plugin('in', 'echoInput'),
    plugin('each', 'probeLoop', { concurrency: 1 }),
    plugin('per', 'template', { template: '<{{item}}>' }),
    plugin('fail', 'failing'),
    plugin('end', 'probeCollect'),
  ],
  [
    ['in', 'each'],
    ['each', 'per'],
    ['per', 'fail'],
    ['fail', 'end'],
  ],
);

const lines = (count: number, word = 'x') =>
  Array.from({ length: count }, (_, i) => `${word}${i}`).join('\n');

describe.each(databaseTargets)('A loop’s credits set aside and settled once on %s', (_name, databaseUrl) => {
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
    runs = new RunService({
      dataSource: db.dataSource,
      registry,
      apps,
      ledger,
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
      hub,
    });
  });

  afterAll(async () => {
    await runs.drain();
    await db.close();
  });

  async function user(credits: number, plan: PlanId = 'free'): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com`, plan });
    await ledger.initialize(id, plan);
    if (plan !== 'enterprise') {
      const balance = await ledger.balance(id);
      await db.dataSource.query('UPDATE credit_balances SET balance = $2 WHERE user_id = $1', [id, credits]);
      await db.dataSource.query(
        `INSERT INTO credit_ledger (id, user_id, delta, kind, grant_period) VALUES ($1, $2, $3, 'grant', 'test')`,
        [randomUUID(), id, credits - balance],
      );
    }
    return id;
  }

  async function runApp(owner: string, config: AppConfig, input: string) {
    const saved = await apps.create(owner, { name: 'Flow', config });
    const started = await runs.start({ userId: owner, appId: saved.id!, inputs: { input_text: input } });
    const events: RunEvent[] = [];
    for await (const event of hub.watch(started.runId)) events.push(event);
    return { started, record: await started.done, events };
  }

  /** The run's ledger entries, `kind:block_type:delta`, sorted. */
  async function entries(runId: string): Promise<string[]> {
    const found = (await db.dataSource.query(
      `SELECT kind, block_type, delta FROM credit_ledger WHERE run_id = $1 ORDER BY kind, block_type, delta`,
      [runId],
    )) as { kind: string; block_type: string | null; delta: number }[];
    return found.map((row) => `${row.kind}:${row.block_type}:${row.delta}`);
  }

  /** Per-step credits as the run's history shows them, by block. */
  function stepCredits(events: RunEvent[]): Record<string, number> {
    const credits: Record<string, number> = {};
    for (const event of events)
      if (event.type === 'node_finished' && event.credits) {
        credits[event.nodeId] = (credits[event.nodeId] ?? 0) + event.credits;
      }
    return credits;
  }

  it('charges a loop of 300 items with one debit per block, agreeing with its steps', async () => {
    const owner = await user(1000);
    const { record, events } = await runApp(owner, looping, lines(300));
    expect(record).toMatchObject({ status: 'succeeded', cost: 600 });
    expect(stepCredits(events)).toEqual({ per: 600 });
    expect(await entries(record.id)).toEqual(['debit:template:-600']);
    expect(await ledger.balance(owner)).toBe(400);
    expect(await ledger.stats(owner)).toEqual({ totalCreditsUsed: 600, totalExecutions: 1 });
    expect((await ledger.audit(owner)).consistent).toBe(true);
  }, 60_000);

  it('gives back what the routes not taken did not use, and charges each block for its items', async () => {
    const owner = await user(12);
    const { record, events } = await runApp(owner, routedLoop, 'y1\nn2\nn3');
    // 3 items at up to 4 credits each were set aside (12, all there was); 6 were used.
    expect(record).toMatchObject({ status: 'succeeded', cost: 6 });
    expect(stepCredits(events)).toEqual({ yes: 2, no: 4 });
    expect(await entries(record.id)).toEqual(['debit:template:-4', 'debit:template:-2']);
    expect(await ledger.balance(owner)).toBe(6);
    expect((await ledger.audit(owner)).consistent).toBe(true);
  });

  it('refuses the loop, saying its limit, when the balance covers what it uses but not its most', async () => {
    const owner = await user(11);
    const { record, events } = await runApp(owner, routedLoop, 'y1\nn2\nn3');
    expect(record).toMatchObject({ status: 'failed', errorCode: 'INSUFFICIENT_CREDITS', cost: 0 });
    expect(record.error).toContain('its 3 items can cost up to 12 credits and you have 11');
    expect(events.some((e) => e.type === 'node_started' && (e.nodeId === 'yes' || e.nodeId === 'no'))).toBe(
      false,
    );
    expect(await entries(record.id)).toEqual([]);
    expect(await ledger.balance(owner)).toBe(11);
    expect((await ledger.audit(owner)).consistent).toBe(true);
  });

  it('refunds all a loop used when its run fails inside it', async () => {
    const owner = await user(100);
    const { record } = await runApp(owner, failingLoop, 'a\nb\nc');
    // Item 1's blocks drew 3 of the 9 set aside: the run was charged 3, and refunded them.
    expect(record).toMatchObject({ status: 'failed', cost: 3 });
    expect(await entries(record.id)).toEqual([
      'debit:failing:-1',
      'debit:template:-2',
      'refund:failing:1',
      'refund:template:2',
    ]);
    expect(await ledger.balance(owner)).toBe(100);
    expect(await ledger.stats(owner)).toEqual({ totalCreditsUsed: 0, totalExecutions: 0 });
    expect((await ledger.audit(owner)).consistent).toBe(true);
  });

  it('records an unlimited plan’s loop as used, its cover matching, without moving its balance', async () => {
    const owner = await user(0, 'enterprise');
    const before = await ledger.balance(owner);
    const { record } = await runApp(owner, routedLoop, 'y1\ny2\nn3');
    expect(record).toMatchObject({ status: 'succeeded', cost: 6 });
    expect(await entries(record.id)).toEqual(['debit:template:-4', 'debit:template:-2', 'grant:null:6']);
    expect(await ledger.balance(owner)).toBe(before);
    expect((await ledger.audit(owner)).consistent).toBe(true);
  });

  it('never overspends one balance with many loop runs at once, and the totals are exact', async () => {
    const owner = await user(100);
    const saved = await apps.create(owner, { name: 'Flow', config: routedLoop });
    // Each run sets aside 4 items x 4 = 16 and uses 8: some are refused while others hold credits.
    const started = await Promise.all(
      Array.from({ length: 16 }, () =>
        runs.start({ userId: owner, appId: saved.id!, inputs: { input_text: 'y1\ny2\nn3\nn4' } }),
      ),
    );
    const records = await Promise.all(started.map((s) => s.done));
    const succeeded = records.filter((r) => r.status === 'succeeded');
    const refused = records.filter((r) => r.status !== 'succeeded');
    expect(succeeded.length).toBeGreaterThanOrEqual(6); // 100 credits hold 16 at least six times at once
    for (const r of succeeded) expect(r.cost).toBe(8);
    for (const r of refused) expect(r).toMatchObject({ errorCode: 'INSUFFICIENT_CREDITS', cost: 0 });
    expect(await ledger.balance(owner)).toBe(100 - 8 * succeeded.length);
    expect(await ledger.stats(owner)).toEqual({
      totalCreditsUsed: 8 * succeeded.length,
      totalExecutions: succeeded.length,
    });
    const [unsettled] = (await db.dataSource.query(
      `SELECT count(*)::int AS holds FROM credit_ledger WHERE user_id = $1 AND kind = 'debit' AND delta < -4`,
      [owner],
    )) as { holds: number }[];
    expect(unsettled?.holds).toBe(0); // every hold was settled into what its blocks used
    expect((await ledger.audit(owner)).consistent).toBe(true);
  }, 120_000);
});
