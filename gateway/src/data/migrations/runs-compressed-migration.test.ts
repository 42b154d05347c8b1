import { randomUUID } from 'node:crypto';
import type { Database } from '../database';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { CreditLedger } from '../../services/credits';
import { RunRecords } from '../../services/runs/run-records';
import { SuccessWriter } from '../../services/runs/success-writer';
import { RunsCompressed1767700000000 } from './1767700000000-runs-compressed';

/** A run of a three-block text app as the run service stores it: its answer in the result twice. */
function textRun(answer: string) {
  const result = {
    outputs: { generated_text: answer },
    blocks: {
      input: { kind: 'textInput', outputs: { text: 'one two three' } },
      gen: { kind: 'textGeneration', outputs: { generated_text: answer } },
      show: { kind: 'textDisplay', outputs: {} },
    },
    artifacts: [{ nodeId: 'show', artifact: { type: 'text', content: answer } }],
  };
  const step = (kind: string, order: number) => ({
    kind,
    order,
    title: kind,
    status: 'succeeded',
    startedAt: 1795915906921,
    finishedAt: 1795915906922,
    durationMs: 1,
  });
  const nodes = {
    input: { ...step('textInput', 0), inputs: {}, outputs: { text: 'one two three' } },
    gen: {
      ...step('textGeneration', 1),
      inputs: { prompt: 'one two three' },
      outputs: { generated_text: answer },
    },
    show: {
      ...step('textDisplay', 2),
      inputs: { text: answer },
      outputs: {},
      artifacts: [{ type: 'text', content: answer }],
    },
  };
  return { result, nodes };
}

describe.each(databaseTargets)('The runs-compressed migration on %s', (_name, databaseUrl) => {
  let db: Database;
  let userId: string;
  let appId: string;
  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    userId = randomUUID();
    appId = randomUUID();
    await db.dataSource.query(`INSERT INTO users (id, email) VALUES ($1, $2)`, [
      userId,
      `${userId}@example.com`,
    ]);
    await db.dataSource.query(
      `INSERT INTO apps (id, owner_id, name, slug, config) VALUES ($1, $2, 'App', $3, '{}'::jsonb)`,
      [appId, userId, `app-${appId}`],
    );
  });
  afterAll(() => db.close());

  /** Runs the migration one way on a connection of its own (PGlite has one: released at once). */
  async function migrate(direction: 'up' | 'down') {
    const runner = db.dataSource.createQueryRunner();
    try {
      await new RunsCompressed1767700000000()[direction](runner);
    } finally {
      await runner.release();
    }
  }

  /** A run stored as a success by the writer, as it reads back and its bytes in the row. */
  async function storedRun(answer: string) {
    const runId = randomUUID();
    await db.dataSource.query(
      `INSERT INTO runs (id, app_id, user_id, action_type, status, cost, inputs)
       VALUES ($1, $2, $3, 'published', 'running', 3, $4::jsonb)`,
      [runId, appId, userId, JSON.stringify({ input_text: 'one two three' })],
    );
    const { result, nodes } = textRun(answer);
    await new SuccessWriter(db.dataSource).store({ runId, result, nodes, finishedAt: new Date() });
    const [sizes] = (await db.dataSource.query(
      `SELECT pg_column_size(inputs) + pg_column_size(result) + pg_column_size(nodes) AS stored, pg_column_compression(result) AS result,
              pg_column_compression(nodes) AS nodes
         FROM runs WHERE id = $1`,
      [runId],
    )) as { stored: number; result: string | null; nodes: string | null }[];
    return { runId, result, nodes, sizes: sizes! };
  }

  it('compresses every value of a run over 2 KB stored after it, not only the largest; runs stored before read back as they were', async () => {
    const records = new RunRecords({ dataSource: db.dataSource, ledger: new CreditLedger(db.dataSource) });
    // A model's answer of about 650 characters: the run's row (its result and steps as JSON text,
    // RunsJsonDocuments1767900000000) is just over PostgreSQL's 2 KB threshold, where only its
    // largest value (the result) was compressed.
    const answer = (n: number) =>
      `Answer ${n}: ${'the quick brown fox jumps over the lazy dog, '.repeat(14)}`;
    {
      await migrate('down');
      const before = await storedRun(answer(1));
      expect(before.sizes.nodes).toBeNull();
      await migrate('up');
      const after = await storedRun(answer(2));
      expect(after.sizes).toMatchObject({ result: 'pglz', nodes: 'pglz' });
      expect(after.sizes.stored).toBeLessThan(before.sizes.stored * 0.75);

      for (const run of [before, after]) {
        const read = await records.read(run.runId);
        expect(read).toMatchObject({ status: 'succeeded', inputs: { input_text: 'one two three' }, cost: 3 });
        expect(read.result).toEqual(run.result);
        expect(read.nodes).toEqual(run.nodes);
      }
    }
  });

  it('keeps values too large for a page in the TOAST table, whole', async () => {
    const large = Array.from({ length: 4000 }, (_, i) => `${i.toString(36)}:${Math.sin(i).toFixed(12)}`).join(
      ' ',
    );
    const run = await storedRun(large);
    expect(run.sizes.result).toBe('pglz');
    const read = await new RunRecords({
      dataSource: db.dataSource,
      ledger: new CreditLedger(db.dataSource),
    }).read(run.runId);
    expect(read.result).toEqual(run.result);
    expect(read.nodes).toEqual(run.nodes);
  });
});
