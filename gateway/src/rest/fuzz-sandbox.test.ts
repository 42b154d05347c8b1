// The package the server loads the Code block from: its worker thread runs from the package's build.
import { sandboxes } from '../../../blocks/code/src/code';
import { buildForWorkers } from '../../../blocks/code/src/testing/build-for-workers';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * Parallel sandbox load from two accounts over real HTTP: Ann runs 4 apps at once whose Code block
 * never ends (`while (true) {}`), and another each time one ends for as long as Bob is measured,
 * saturating her share of the sandbox threads; meanwhile Bob runs `return 42` again and again.
 * Bob's runs must not wait behind Ann's: the sandbox serves accounts in turn and caps the threads
 * one account holds, so Bob always finds a thread.
 *
 * Timing on a loaded CI machine: the figure is a p99 under 500 ms, but a shared 2-core
 * machine can push even an unloaded `return 42` past that, so Bob's runs are first measured in this
 * test with no load (the baseline), then the same way under Ann's load, and compared:
 * - p99 under load below 5 s, which no load explains for one `return 42` (the slowest of 50 runs
 *   on a machine at load 10 was 1.1 s while the baseline's was 0.16 s: a bound tied to the
 *   baseline's slowest run measures the machine, not the sandbox);
 * - median under load within the baseline's median plus 500 ms, which holds Bob to the figure
 *   in the ordinary case and does not bend to one outlier.
 * Served first come first served, as the issue found, Bob waited behind every runaway ahead of him
 * (4 runaways of 1 s on 2 threads: 2 s, each run), which fails these bounds by far. Served in turn
 * but without a cap on Ann's threads, he would wait for one of her two to end, a quarter to half a
 * second on most runs: within the median's margin (this test passed so), which is why the cap has
 * its own tests (sandbox-pool.test.ts: another account served at once while one's share is stuck).
 *
 * Ann's flood is kept full rather than made of 30 scripts at once, as it once was: each runaway
 * spins a core for its second, and the ones left after Bob's last run spun 20 s more for nothing.
 */

jest.setTimeout(300_000);

/**
 * Ann's scripts in the sandbox at any time: more than the sandbox has threads (2, of which she may
 * hold 1), so most wait their turn. No more: those still waiting when Bob's last run is measured run
 * one after another on her one thread, a second of CPU each, and on a starved test process (a loaded
 * machine, Jest at a lower priority) 8 of them took 75 s.
 */
const RUNAWAYS = 4;
/** Bob's runs in each phase (their p99 is the slowest of them). */
const QUIET_RUNS = 50;

const codeApp = (code: string) =>
  probeApp(
    [probePlugin('in', 'textInput', { label: 'Text' }), probePlugin('code', 'code', { code })],
    [['in', 'code']],
  );

/** The `q` quantile of `samples` (nearest rank). */
function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))]!;
}
const p99 = (samples: number[]) => quantile(samples, 0.99);
const median = (samples: number[]) => quantile(samples, 0.5);

describe('the Code block sandbox under load from one account', () => {
  let t: ApiTestGateway;
  let ann: string;
  let bob: string;
  let runaway: string;
  let quiet: string;

  beforeAll(async () => {
    buildForWorkers();
    t = await startApiTestGateway();
    ann = (await t.signUpViaApi('ann@example.com', { credits: true })).token;
    bob = (await t.signUpViaApi('bob@example.com', { credits: true })).token;
    // Code is a full block: both need a plan that includes them (Enterprise: credits without end).
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan = 'enterprise' WHERE email IN ('ann@example.com', 'bob@example.com')",
    );
    const create = async (token: string, name: string, code: string) => {
      const answer = await t.api('POST', '/apps', {
        token,
        body: { name, category: 'Content', config: codeApp(code) },
      });
      expect(answer.status).toBe(201);
      return answer.body.id as string;
    };
    runaway = await create(ann, 'Runaway', 'while (true) {}');
    quiet = await create(bob, 'Answer', 'return 42;');
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await sandboxes().close();
  });

  const runQuiet = async (): Promise<number> => {
    const started = performance.now();
    const answer = await t.api('POST', `/apps/${quiet}/execute`, {
      token: bob,
      body: { inputData: { input_text: 'x' } },
    });
    const took = performance.now() - started;
    expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
    expect(answer.body).toMatchObject({ output: { code_result: 42 } });
    return took;
  };

  it('answers the quiet account promptly while the other saturates the sandbox, and stays up', async () => {
    await runQuiet(); // starts the threads and loads the engine once
    const baseline: number[] = [];
    for (let i = 0; i < QUIET_RUNS; i += 1) baseline.push(await runQuiet());

    const before = sandboxes().received;
    const runaways: ReturnType<ApiTestGateway['api']>[] = [];
    let measuring = true;
    let settled = 0;
    const runRunaway = (): void => {
      const answer = t.api('POST', `/apps/${runaway}/execute`, {
        token: ann,
        body: { inputData: { input_text: 'x' } },
      });
      runaways.push(answer);
      // Another starts as each ends, answered or not (a failed one fails the test through
      // `runaways` below, not as a rejection nobody handled).
      const next = (): void => {
        settled += 1;
        if (measuring) runRunaway();
      };
      answer.then(next, next);
    };
    for (let i = 0; i < RUNAWAYS; i += 1) runRunaway();
    // Every one of Ann's first scripts has reached the sandbox (running or waiting its turn) before
    // Bob's runs are measured, so they meet the sandbox at its fullest, not the server starting runs.
    while (sandboxes().received < before + RUNAWAYS && settled < RUNAWAYS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const loaded: number[] = [];
    for (let i = 0; i < QUIET_RUNS; i += 1) loaded.push(await runQuiet());
    // Still saturated when Bob's last run was measured: Ann's scripts were still waiting their turn.
    expect(sandboxes().scripts).toBeGreaterThan(1);
    measuring = false;

    expect(p99(loaded)).toBeLessThan(5_000);
    expect(median(loaded)).toBeLessThan(median(baseline) + 500);

    const answers = await Promise.all(runaways);
    for (const answer of answers) {
      expect(answer.body.message ?? answer.body.error).toMatch(/ran longer than 1 second/);
    }
    // The server is still there and answers.
    expect((await t.api('GET', '/my-apps', { token: bob })).status).toBe(200);
    await runQuiet();
  });
});
