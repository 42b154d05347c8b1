import { randomUUID } from 'node:crypto';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { flatResult, type AppConfig, type PlanId, type RunEvent } from '@blocksmith/schema';
import type { Database } from '../../data/database';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { RunRecord, User } from '../../data/entities';
import { InsufficientCreditsError } from '../../errors';
import { BlockRegistry } from '../../kernel';
import {
  collectDisplay,
  echoInput,
  probeApp as app,
  probeCollect,
  probeCondition,
  probeLoop,
  probePlugin as plugin,
  templateBlock,
} from '../../testing/probe-blocks';
import { AppService } from '../apps/app-service';
import { CreditLedger } from '../credits';
import { chargeStartedBlocks } from './run-charges';
import { RunEventHub } from './run-event-hub';
import { RunService } from './run-service';

const registry = new BlockRegistry();
for (const block of [echoInput, templateBlock, collectDisplay, probeCondition, probeLoop, probeCollect])
  registry.register(block, 'test');

/** in -> first (2) -> if: true -> yes (2), false -> no (2); both -> show. */
const branching: AppConfig = app(
  [
    plugin('in', 'echoInput'),
    plugin('first', 'template', { template: '{{input_text}}' }),
    plugin('if', 'probeCondition', { contains: 'yes' }),
    plugin('yes', 'template', { template: 'YES' }),
    plugin('no', 'template', { template: 'NO' }),
    plugin('show', 'collectDisplay'),
  ],
  [
    ['in', 'first'],
    ['first', 'if'],
    ['if', 'yes', 'true'],
    ['if', 'no', 'false'],
    ['yes', 'show'],
    ['no', 'show'],
  ],
);

/** in -> each (one item at a time) -> per (2 credits an item) -> end. */
const looping: AppConfig = app(
  [
    plugin('in', 'echoInput'),
    plugin('each', 'probeLoop', { concurrency: 1 }),
    plugin('per', 'template', { template: '<{{item}}>' }),
    plugin('end', 'probeCollect'),
  ],
  [
    ['in', 'each'],
    ['each', 'per'],
    ['per', 'end'],
  ],
);

describe.each(databaseTargets)('Charging routes and loops on %s', (_name, databaseUrl) => {
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

  async function user(credits = 50, plan: PlanId = 'free'): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com`, plan });
    await ledger.initialize(id, plan);
    if (plan !== 'enterprise' && credits !== 50) {
      await db.dataSource.query('UPDATE credit_balances SET balance = $2 WHERE user_id = $1', [id, credits]);
      await db.dataSource.query(
        `INSERT INTO credit_ledger (id, user_id, delta, kind, grant_period) VALUES ($1, $2, $3, 'grant', 'test')`,
        [randomUUID(), id, credits - 50],
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

  async function debits(userId: string): Promise<string[]> {
    const rows = (await db.dataSource.query(
      `SELECT delta, block_type FROM credit_ledger WHERE user_id = $1 AND kind = 'debit' ORDER BY delta, block_type`,
      [userId],
    )) as { delta: number; block_type: string }[];
    return rows.map((r) => `${r.block_type}:${-r.delta}`);
  }

  it('charges up front what every run pays, the route taken as it starts, and never the route skipped', async () => {
    const owner = await user();
    const { started, record, events } = await runApp(owner, branching, 'no thanks');
    expect(started.cost).toBe(2);
    expect(started.costRange).toEqual({ min: 2, max: 6 });
    expect(record).toMatchObject({ status: 'succeeded', cost: 4 });
    expect(record.nodes).toMatchObject({
      yes: { status: 'skipped' },
      no: { status: 'succeeded' },
      if: { status: 'succeeded', routes: ['false'] },
    });
    expect(events.filter((e) => e.type === 'node_skipped').map((e) => 'nodeId' in e && e.nodeId)).toEqual([
      'yes',
    ]);
    expect(await ledger.balance(owner)).toBe(46);
    expect(await debits(owner)).toEqual(['template:2', 'template:2']);
    expect(await ledger.stats(owner)).toEqual({ totalCreditsUsed: 4, totalExecutions: 1 });
    expect((await ledger.audit(owner)).consistent).toBe(true);
  });

  it('charges a loop once for each of its blocks over all items, with item i of n in its progress', async () => {
    const owner = await user();
    const { started, record, events } = await runApp(owner, looping, 'a\nb\nc');
    expect(started).toMatchObject({ cost: 0, costRange: { min: 0, max: 200 } });
    expect(record).toMatchObject({ status: 'succeeded', cost: 6 });
    expect(record.nodes).toMatchObject({ per: { status: 'succeeded', runs: 3 } });
    expect(flatResult(record.result!)).toMatchObject({ collected: ['0:<a>', '1:<b>', '2:<c>'] });
    expect(
      events
        .filter((e) => e.type === 'loop_progress')
        .map((e) => e.type === 'loop_progress' && `${e.done}/${e.items}`),
    ).toEqual(['0/3', '1/3', '2/3', '3/3']);
    expect(await ledger.balance(owner)).toBe(44);
    expect((await ledger.history(owner)).map((h) => h.credits_used)).toEqual([6]);
    expect((await ledger.audit(owner)).consistent).toBe(true);
  });

  it('refuses a loop the balance cannot pay for at its most before any item is charged, and refunds the run', async () => {
    const owner = await user(5);
    const { record, events } = await runApp(owner, looping, 'a\nb\nc\nd');
    expect(record).toMatchObject({
      status: 'failed',
      errorCode: 'INSUFFICIENT_CREDITS',
      error:
        'Your credits do not cover Probe Loop: its 4 items can cost up to 8 credits and you have 5. The loop did not start; the run was stopped and its credits refunded. Run it on fewer items, upgrade your plan or wait for your monthly credits.',
    });
    expect(events.some((e) => e.type === 'node_started' && e.nodeId === 'per')).toBe(false);
    const lowest = (await db.dataSource.query(
      `SELECT min(running) AS lowest FROM (SELECT sum(delta) OVER (ORDER BY created_at, kind <> 'grant') AS running
         FROM credit_ledger WHERE user_id = $1) balances`,
      [owner],
    )) as { lowest: number }[];
    expect(Number(lowest[0]!.lowest)).toBeGreaterThanOrEqual(0);
    expect(await ledger.balance(owner)).toBe(5);
    expect(await ledger.stats(owner)).toEqual({ totalCreditsUsed: 0, totalExecutions: 0 });
    expect((await ledger.audit(owner)).consistent).toBe(true);
  });

  it('refuses up front only a run whose certain part the balance cannot pay', async () => {
    const poor = await user(1);
    const saved = await apps.create(poor, { name: 'Flow', config: branching });
    await expect(
      runs.start({ userId: poor, appId: saved.id!, inputs: { input_text: 'x' } }),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    // A loop that may cost more but finds no items: a store run (an owner's preview with an empty
    // input is refused before it starts), by another person as poor.
    const reader = await user(1);
    const store = await apps.create(poor, { name: 'Flow', config: looping });
    await db.dataSource.query(
      `UPDATE apps SET is_published = true, verification_status = 'approved', live_version_id = draft_version_id,
         live = jsonb_build_object('name', name, 'description', description, 'category', category, 'config', config)
       WHERE id = $1`,
      [store.id],
    );
    apps.storeChanged();
    const started = await runs.start({
      userId: reader,
      appId: store.id!,
      inputs: { input_text: '' },
      actionType: 'published',
    });
    const record = await started.done;
    expect({ ...record, result: flatResult(record.result!) }).toMatchObject({
      status: 'succeeded',
      cost: 0,
      result: { collected: [] },
    });
    expect(await ledger.balance(reader)).toBe(1);
  });

  it('records an unlimited plan’s blocks as they start without moving its balance', async () => {
    const owner = await user(0, 'enterprise');
    const before = await ledger.balance(owner);
    const { record } = await runApp(owner, looping, 'a\nb');
    expect(record).toMatchObject({ status: 'succeeded', cost: 4 });
    expect(await ledger.balance(owner)).toBe(before);
    expect(await debits(owner)).toEqual(['template:4']);
    expect((await ledger.audit(owner)).consistent).toBe(true);
  });

  it('never charges a run that has already ended', async () => {
    const owner = await user();
    const stored = await db.dataSource.getRepository(RunRecord).count();
    const { record } = await runApp(owner, looping, 'x');
    expect(record.status).toBe('succeeded');
    await expect(
      chargeStartedBlocks(db.dataSource, {
        runId: record.id,
        userId: owner,
        charges: [{ nodeId: 'per', title: 'Template', blockType: 'template', credits: 2 }],
      }),
    ).rejects.toThrow('This run has already ended.');
    expect(await ledger.balance(owner)).toBe(48);
    expect(await db.dataSource.getRepository(RunRecord).count()).toBe(stored + 1);
  });
});
