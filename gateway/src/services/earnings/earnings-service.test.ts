import { randomUUID } from 'node:crypto';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import type { AppConfig } from '@blocksmith/schema';
import type { Database } from '../../data/database';
import { AppRecord, User } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { ForbiddenError, InputError, NotFoundError } from '../../errors';
import { BlockRegistry } from '../../kernel';
import {
  echoInput,
  failingBlock,
  gatedBlock,
  probeApp,
  probePlugin,
  templateBlock,
} from '../../testing/probe-blocks';
import { AppService } from '../apps/app-service';
import { CreditLedger } from '../credits';
import { RunEventHub } from '../runs/run-event-hub';
import { RunService } from '../runs/run-service';
import { EarningsService } from './earnings-service';

const gates = new Map<string, { started: () => void; result: Promise<string> }>();
const registry = new BlockRegistry();
for (const block of [echoInput, templateBlock, failingBlock, gatedBlock(gates)])
  registry.register(block, 'test');

/** Input, then a 2-credit AI block. */
const greeter: AppConfig = probeApp(
  [probePlugin('in', 'echoInput'), probePlugin('gen', 'template', { template: 'Hello {{input_text}}' })],
  [['in', 'gen']],
);
/** Input, then an AI block that always fails (1 credit). */
const broken: AppConfig = probeApp(
  [probePlugin('in', 'echoInput'), probePlugin('bad', 'failing')],
  [['in', 'bad']],
);

describe.each(databaseTargets)('Creator earnings on %s', (_name, databaseUrl) => {
  let db: Database;
  let apps: AppService;
  let ledger: CreditLedger;
  let runs: RunService;
  let earnings: EarningsService;
  const recorded: { name: string; props: Record<string, unknown>; userId: string | null | undefined }[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    apps = new AppService(db.dataSource, registry);
    ledger = new CreditLedger(db.dataSource);
    earnings = new EarningsService({ dataSource: db.dataSource, apps, connect: null, publicUrl: 'http://x' });
    runs = new RunService({
      dataSource: db.dataSource,
      registry,
      apps,
      ledger,
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
      hub: new RunEventHub(),
      earnings,
      analytics: { record: (name, props, userId) => void recorded.push({ name, props, userId }) },
      concurrency: 8,
    });
  });

  afterAll(async () => {
    await runs.drain();
    await db.close();
  });

  async function person(plan: 'free' | 'starter' | 'enterprise' = 'free', credits = 50): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com`, plan });
    await ledger.initialize(id, plan);
    if (credits !== 50 && plan !== 'enterprise') {
      await db.dataSource.query('UPDATE credit_balances SET balance = $2 WHERE user_id = $1', [id, credits]);
      await db.dataSource.query(
        `INSERT INTO credit_ledger (id, user_id, delta, kind, grant_period) VALUES ($1, $2, $3, 'grant', 'test')`,
        [randomUUID(), id, credits - (await ledger.audit(id)).ledgerTotal],
      );
    }
    return id;
  }

  /** An app of `owner`'s, published and approved (its draft is the live version). */
  async function liveApp(owner: string, config: AppConfig = greeter): Promise<string> {
    const app = await apps.create(owner, { name: 'Greeter', category: 'Content', config });
    const repo = db.dataSource.getRepository(AppRecord);
    const record = await repo.findOneByOrFail({ id: app.id! });
    Object.assign(record, {
      isPublished: true,
      verificationStatus: 'approved',
      liveVersionId: record.draftVersionId,
      live: { name: 'Greeter', description: '', category: 'Content', config },
    });
    await repo.save(record);
    apps.storeChanged();
    return app.id!;
  }

  const run = (userId: string, appId: string) =>
    runs.runToEnd({ userId, appId, inputs: { input_text: 'Ada' }, actionType: 'published' });

  it('refuses a price on Free, naming the plan, and takes only whole credits from 0 to 100 on Starter', async () => {
    const free = await person('free');
    const appId = await liveApp(free);
    await expect(earnings.setPrice(free, appId, 5)).rejects.toThrow(
      new ForbiddenError(
        'Creator earnings come with the Starter plan and up; your plan is Free. Upgrade to use them.',
      ),
    );
    expect((await earnings.setPrice(free, appId, 0)).creatorPrice).toBe(0);
    const starter = await person('starter');
    const priced = await liveApp(starter);
    for (const bad of [-1, 101, 2.5, '3', null]) {
      await expect(earnings.setPrice(starter, priced, bad)).rejects.toBeInstanceOf(InputError);
    }
    expect((await earnings.setPrice(starter, priced, 100)).creatorPrice).toBe(100);
    await expect(earnings.setPrice(free, priced, 0)).rejects.toBeInstanceOf(NotFoundError);
    await expect(earnings.setPrice(starter, 'nope', 1)).rejects.toBeInstanceOf(NotFoundError);
    // Others see the price on the app; it is what their runs cost on top of the blocks.
    const shown = await apps.read({ userId: free, isAdmin: false }, priced);
    expect(shown.creatorPrice).toBe(100);
  });

  it('keeps earnings exact under 30 parallel runs of a priced app by several people', async () => {
    const owner = await person('starter');
    const appId = await liveApp(owner);
    await earnings.setPrice(owner, appId, 3);
    const runners = await Promise.all(Array.from({ length: 5 }, () => person('free', 50)));
    const started = await Promise.all(
      runners.flatMap((runner) => Array.from({ length: 6 }, () => run(runner, appId))),
    );
    expect(started.map((record) => record.status)).toEqual(Array(30).fill('succeeded'));
    expect(started.every((record) => record.cost === 2 + 3)).toBe(true);
    const summary = await earnings.summary(owner);
    expect(summary).toMatchObject({ balance: 90, total: 90, paidOut: 0, monetization: true });
    expect(summary.byApp).toMatchObject([{ appId, creatorPrice: 3, credits: 90, runs: 30 }]);
    const today = new Date().toISOString().slice(0, 10);
    expect(summary.byDay).toEqual([{ date: today, appId, credits: 90 }]);
    expect(await earnings.audit(owner)).toEqual({ balance: 90, ledgerTotal: 90, consistent: true });
    for (const runner of runners) {
      expect(await ledger.audit(runner)).toEqual({ balance: 50 - 6 * 5, ledgerTotal: 20, consistent: true });
      const history = await ledger.history(runner, 50);
      expect(history.filter((entry) => entry.block_type === 'creator_price')).toHaveLength(6);
    }
    // The owner's spendable credits did not move: earnings are apart.
    expect(await ledger.balance(owner)).toBe(500);
    // The product analytics count what each runner paid: the blocks and the price.
    const executed = recorded.filter(
      (event) => event.name === 'app_executed' && event.props.app_id === appId,
    );
    expect(executed).toHaveLength(30);
    expect(
      executed.every((event) => event.props.credits_used === 2 + 3 && event.props.success === true),
    ).toBe(true);
  });

  it('pays nothing for the owner’s own runs, and a failed run earns nothing and refunds its price', async () => {
    const owner = await person('starter');
    const appId = await liveApp(owner);
    await earnings.setPrice(owner, appId, 4);
    const own = await run(owner, appId);
    expect([own.status, own.cost]).toEqual(['succeeded', 2]);

    const brokenApp = await liveApp(owner, broken);
    await earnings.setPrice(owner, brokenApp, 4);
    const runner = await person('free', 50);
    const failed = await run(runner, brokenApp);
    expect(failed.status).toBe('failed');
    expect(await ledger.audit(runner)).toEqual({ balance: 50, ledgerTotal: 50, consistent: true });
    expect((await earnings.summary(owner)).total).toBe(0);
    expect(await earnings.audit(owner)).toEqual({ balance: 0, ledgerTotal: 0, consistent: true });

    // A run the owner's credits pay for (an embed's visitor) pays no price either.
    expect(await earnings.priceFor(appId, runner, { visitor: true })).toBe(0);
    expect(await earnings.priceFor(appId, runner)).toBe(4);
  });

  it('charges the price of the moment a run starts: a change applies to runs started after it', async () => {
    const owner = await person('starter');
    const gated = probeApp(
      [probePlugin('in', 'echoInput'), probePlugin('wait', 'gated', { gate: 'midstream' })],
      [['in', 'wait']],
    );
    const appId = await liveApp(owner, gated);
    await earnings.setPrice(owner, appId, 3);
    const runner = await person('free', 50);
    let release!: (text: string) => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    gates.set('midstream', {
      started: () => started(),
      result: new Promise((resolve) => (release = resolve)),
    });
    const first = runs.start({ userId: runner, appId, inputs: { input_text: 'a' }, actionType: 'published' });
    await running;
    expect((await first).cost).toBe(1 + 3);
    // The price changes while the first run goes on.
    await earnings.setPrice(owner, appId, 7);
    release('done');
    expect((await (await first).done).status).toBe('succeeded');
    const second = await run(runner, appId);
    expect([second.status, second.cost]).toEqual(['succeeded', 1 + 7]);
    const summary = await earnings.summary(owner);
    expect(summary.total).toBe(3 + 7);
    expect(await ledger.audit(runner)).toMatchObject({ balance: 50 - 4 - 8, consistent: true });
  });

  it('stops charging the price when the owner’s plan no longer has creator earnings', async () => {
    const owner = await person('starter');
    const appId = await liveApp(owner);
    await earnings.setPrice(owner, appId, 5);
    await db.dataSource.query("UPDATE users SET plan = 'free' WHERE id = $1", [owner]);
    apps.storeChanged();
    const runner = await person('free', 50);
    expect((await apps.read({ userId: runner, isAdmin: false }, appId)).creatorPrice).toBe(0);
    expect((await run(runner, appId)).cost).toBe(2);
    const summary = await earnings.summary(owner);
    expect(summary).toMatchObject({ total: 0, monetization: false, requiredPlan: 'Starter' });
    expect(summary.byApp[0]).toMatchObject({ appId, creatorPrice: 5 });
  });

  it('refuses a run whose price the runner cannot pay, and writes nothing', async () => {
    const owner = await person('starter');
    const appId = await liveApp(owner);
    await earnings.setPrice(owner, appId, 10);
    const runner = await person('free', 11);
    await expect(run(runner, appId)).rejects.toThrow(
      'This run costs 12 credits and you have 11. Upgrade your plan or wait for your monthly credits.',
    );
    expect(await ledger.audit(runner)).toEqual({ balance: 11, ledgerTotal: 11, consistent: true });
    expect((await earnings.summary(owner)).total).toBe(0);
  });

  it('answers the earnings page over 7, 30 or 90 days only', async () => {
    const owner = await person('starter');
    await expect(earnings.summary(owner, 12)).rejects.toBeInstanceOf(InputError);
    expect((await earnings.summary(owner, 7)).days).toBe(7);
  });
});
