import { randomUUID } from 'node:crypto';
import type { PlanId } from '@blocksmith/schema';
import { User } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { Testing, type TestingDeps } from './app-tests';

describe.each(databaseTargets)('the gate for an owner (%s)', (_name, serverUrl) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase(serverUrl);
  }, 120_000);
  afterAll(() => database.close());

  async function owner(plan: PlanId): Promise<string> {
    const id = randomUUID();
    await database.dataSource.getRepository(User).insert({ id, email: `${id}@example.com`, plan });
    return id;
  }

  /** Testing with a plans table where Starter requires 3 cases at 80% (nothing else is used). */
  function testing(gate?: TestingDeps['gate']) {
    return new Testing({
      dataSource: database.dataSource,
      planGate: (plan: PlanId) =>
        plan === 'starter' ? { minCases: 3, minPassRate: 80 } : { minCases: 0, minPassRate: 0 },
      ...(gate && { gate }),
    } as unknown as TestingDeps);
  }

  it('applies the owner’s plan, naming it, and the server’s setting, the stricter of each', async () => {
    const starter = await owner('starter');
    const free = await owner('free');
    expect(await testing().gateFor(starter)).toEqual({
      minCases: 3,
      minPassRate: 80,
      casesFromPlan: 'Starter',
      passRateFromPlan: 'Starter',
    });
    expect(await testing({ minCases: 5, minPassRate: 50 }).gateFor(starter)).toEqual({
      minCases: 5,
      minPassRate: 80,
      casesFromPlan: null,
      passRateFromPlan: 'Starter',
    });
    expect(await testing({ minCases: 1, minPassRate: 0 }).gateFor(free)).toEqual({
      minCases: 1,
      minPassRate: 0,
      casesFromPlan: null,
      passRateFromPlan: null,
    });
  });

  it('refuses a submission below the plan’s minimum before running anything, naming the plan', async () => {
    const starter = await owner('starter');
    const tests = testing();
    // An app with no cases (its set read as the owner's own).
    jest.spyOn(tests.sets, 'get').mockResolvedValue({ appId: 'a', cases: [], updatedAt: null });
    const start = jest.spyOn(tests.runs, 'start');
    await expect(tests.beforeSubmit(starter, randomUUID())).rejects.toThrow(
      'Submitting for review on the Starter plan needs a test set of at least 3 cases; this app has 0. Add cases on its Tests page.',
    );
    expect(start).not.toHaveBeenCalled();
  });
});
