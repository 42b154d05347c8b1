import { randomUUID } from 'node:crypto';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import * as engine from '@blocksmith/engine';
import type PgBoss from 'pg-boss';
import type { Database } from '../../data/database';
import { User } from '../../data/entities';
import { BlockRegistry } from '../../kernel';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { echoInput, probeApp, probePlugin, templateBlock } from '../../testing/probe-blocks';
import { AppService } from '../apps/app-service';
import { CreditLedger } from '../credits';
import { RunEventHub } from './run-event-hub';
import { PgBossRunQueue, type ExecuteRun, type RunJob, type RunQueue } from './run-queue';
import { RunService, type RunServiceDeps } from './run-service';

// Every plan the gateway makes goes through the engine's planRun: counted here.
jest.mock('@blocksmith/engine', () => {
  const actual = jest.requireActual<typeof engine>('@blocksmith/engine');
  return { ...actual, planRun: jest.fn(actual.planRun) };
});
const planRun = engine.planRun as jest.MockedFunction<typeof engine.planRun>;

/** Every run goes to another process: the job crosses as JSON, as through pg-boss. */
class OtherProcessQueue implements RunQueue {
  readonly kind = 'pg-boss';
  private execute: ExecuteRun | undefined;
  private readonly running = new Set<Promise<void>>();
  sent: unknown[] = [];

  async start(execute: ExecuteRun): Promise<void> {
    this.execute = execute;
  }

  takeLocal(): boolean {
    return false;
  }

  releaseLocal(): void {}

  async enqueue(job: RunJob): Promise<void> {
    const crossed = JSON.parse(JSON.stringify(job)) as RunJob;
    this.sent.push(crossed);
    const run = this.execute!(crossed, { retry: false });
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}

const registry = new BlockRegistry();
for (const block of [echoInput, templateBlock]) registry.register(block, 'test');

const greeter = probeApp(
  [probePlugin('in', 'echoInput'), probePlugin('gen', 'template', { template: 'Hello {{input_text}}' })],
  [['in', 'gen']],
);

describe.each(databaseTargets)('A run is planned once on %s', (_name, databaseUrl) => {
  let db: Database;
  let apps: AppService;
  let ledger: CreditLedger;
  const services: RunService[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    apps = new AppService(db.dataSource, registry);
    ledger = new CreditLedger(db.dataSource);
  });

  afterAll(async () => {
    for (const runs of services) await runs.drain();
    await db.close();
  });

  function runService(extra: Partial<RunServiceDeps> = {}): RunService {
    const runs = new RunService({
      dataSource: db.dataSource,
      registry,
      apps,
      ledger,
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
      hub: new RunEventHub(),
      ...extra,
    });
    services.push(runs);
    return runs;
  }

  async function greeterOfNewUser(): Promise<{ owner: string; appId: string }> {
    const owner = randomUUID();
    await db.dataSource.getRepository(User).insert({ id: owner, email: `${owner}@example.com` });
    await ledger.initialize(owner, 'free');
    const app = await apps.create(owner, { name: 'Greeter', config: greeter });
    return { owner, appId: app.id! };
  }

  it('plans a run executed by the process that started it once, from start to its stored outcome', async () => {
    const runs = runService();
    const { owner, appId } = await greeterOfNewUser();
    planRun.mockClear();
    const started = await runs.start({ userId: owner, appId, inputs: { input_text: 'Ada' } });
    const outcome = await started.done;
    expect(outcome).toMatchObject({ status: 'succeeded' });
    expect(JSON.stringify(outcome.result)).toContain('Hello Ada');
    expect(planRun).toHaveBeenCalledTimes(1);
  });

  it('checks the price of a run (the embed’s confirmation) on the plan it runs, before charging', async () => {
    const runs = runService();
    const { owner, appId } = await greeterOfNewUser();
    planRun.mockClear();
    const checkPrice = jest.fn(async () => undefined);
    const started = await runs.start({ userId: owner, appId, inputs: { input_text: 'Cy' }, checkPrice });
    expect((await started.done).status).toBe('succeeded');
    expect(checkPrice).toHaveBeenCalledWith({ min: 2, max: 2 });
    expect(planRun).toHaveBeenCalledTimes(1);

    const refusal = new Error('Confirm the price first.');
    await expect(
      runs.start({
        userId: owner,
        appId,
        inputs: { input_text: 'Di' },
        checkPrice: () => Promise.reject(refusal),
      }),
    ).rejects.toBe(refusal);
    expect(await ledger.balance(owner)).toBe(48);
  });

  it('plans a queued run again in the process that takes it, which runs it as well', async () => {
    const queue = new OtherProcessQueue();
    const runs = runService({ queue });
    const { owner, appId } = await greeterOfNewUser();
    planRun.mockClear();
    const started = await runs.start({ userId: owner, appId, inputs: { input_text: 'Bo' } });
    const outcome = await started.done;
    expect(outcome).toMatchObject({ status: 'succeeded' });
    expect(JSON.stringify(outcome.result)).toContain('Hello Bo');
    expect(queue.sent).toHaveLength(1);
    expect(queue.sent[0]).not.toHaveProperty('plan');
    expect(planRun).toHaveBeenCalledTimes(2);
    expect(await ledger.balance(owner)).toBe(48);
  });
});

describe('PgBossRunQueue', () => {
  it('never sends a plan through the shared queue: it holds block code, and another process plans again', async () => {
    const send = jest.fn(async () => 'job-1');
    const boss = { send, notifyWorker: jest.fn() } as unknown as PgBoss;
    const queue = new PgBossRunQueue(boss, { concurrency: 1, timeoutSeconds: 60 });
    const plan = engine.planRun(greeter, registry);
    const job: RunJob = {
      runId: randomUUID(),
      appId: randomUUID(),
      appName: 'Greeter',
      userId: randomUUID(),
      config: greeter,
      inputs: {},
      plan,
    };
    await queue.enqueue(job, { local: false });
    expect(send).toHaveBeenCalledTimes(1);
    const { plan: _plan, ...rest } = job;
    expect(send).toHaveBeenCalledWith('run', rest);
  });
});
