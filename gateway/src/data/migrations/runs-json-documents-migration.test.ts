import { randomUUID } from 'node:crypto';
import type { Database } from '../database';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { CreditLedger } from '../../services/credits';
import { RunRecords } from '../../services/runs/run-records';
import { compactSteps } from '../../services/runs/compact-steps';
import { SuccessWriter } from '../../services/runs/success-writer';
import { RunsJsonDocuments1767900000000 } from './1767900000000-runs-json-documents';

const answer =
  "[Offline preview] Here is where the answer to 'Write about one two three' would go. No AI service is connected.";

/** A three-block text app's ending as the engine hands it over: the answer in its output and artifact. */
function textRun() {
  const result = {
    blocks: { gen: { kind: 'textGeneration', outputs: { generated_text: answer } } },
    layout: [
      { id: 'in', outputs: ['input_text'], variable: 'input_text' },
      { id: 'gen', outputs: ['generated_text'], variable: 'generated_text' },
      { id: 'show', outputs: [] },
    ],
    artifacts: [{ nodeId: 'show', artifact: { kind: 'text', text: answer, format: 'card', copyable: true } }],
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
    in: {
      ...step('textInput', 0),
      inputs: { input_text: 'one two three' },
      outputs: { input_text: 'one two three' },
    },
    gen: {
      ...step('textGeneration', 1),
      inputs: { input_text: 'one two three' },
      outputs: { generated_text: answer },
    },
    show: {
      ...step('textDisplay', 2),
      inputs: { generated_text: answer },
      outputs: {},
      artifacts: [result.artifacts[0]!.artifact],
    },
  };
  return { result, nodes };
}

describe.each(databaseTargets)('The runs-json-documents migration on %s', (_name, databaseUrl) => {
  let db: Database;
  let records: RunRecords;
  let userId: string;
  let appId: string;
  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    records = new RunRecords({ dataSource: db.dataSource, ledger: new CreditLedger(db.dataSource) });
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
      await new RunsJsonDocuments1767900000000()[direction](runner);
    } finally {
      await runner.release();
    }
  }

  async function newRun(): Promise<string> {
    const runId = randomUUID();
    await db.dataSource.query(
      `INSERT INTO runs (id, app_id, user_id, action_type, status, cost, inputs)
       VALUES ($1, $2, $3, 'published', 'running', 1, $4::jsonb)`,
      [runId, appId, userId, JSON.stringify({ input_text: 'one two three' })],
    );
    return runId;
  }

  const columns = async (runId: string) =>
    (
      (await db.dataSource.query(
        `SELECT pg_typeof(result)::text AS type, pg_column_size(result) + pg_column_size(nodes) AS bytes
           FROM runs WHERE id = $1`,
        [runId],
      )) as { type: string; bytes: number }[]
    )[0]!;

  it('keeps a run stored before as it read, and a run stored after in a fifth less room than as jsonb', async () => {
    const { result, nodes } = textRun();
    await migrate('down');
    const before = await newRun();
    // As the previous release stored a success: the result whole and the steps compacted, as jsonb
    // (a row under 2 KB: not compressed).
    await db.dataSource.query(
      `UPDATE runs SET status = 'succeeded', result = $2::jsonb, nodes = $3::jsonb WHERE id = $1`,
      [before, JSON.stringify(result), JSON.stringify(compactSteps(nodes, result))],
    );
    expect((await columns(before)).type).toBe('jsonb');
    await migrate('up');
    expect(await columns(before)).toMatchObject({ type: 'json' });
    const after = await newRun();
    await new SuccessWriter(db.dataSource).store({ runId: after, result, nodes, finishedAt: new Date() });
    // The same values as jsonb, as the previous release would have stored them.
    const [asJsonb] = (await db.dataSource.query(
      `SELECT pg_column_size(result::jsonb) + pg_column_size(nodes::jsonb) AS bytes FROM runs WHERE id = $1`,
      [after],
    )) as { bytes: number }[];
    expect((await columns(after)).bytes).toBeLessThan(asJsonb!.bytes * 0.8);
    for (const runId of [before, after]) {
      const read = await records.read(runId);
      expect(read).toMatchObject({ status: 'succeeded', inputs: { input_text: 'one two three' } });
      expect(read.result).toEqual(result);
      expect(read.nodes).toEqual(nodes);
    }
  });

  it("still ends a run keeping its stored steps, each one that was running failed (SQL inside the steps' JSON)", async () => {
    const runId = await newRun();
    await records.storeSteps([
      {
        id: runId,
        nodes: {
          in: { status: 'succeeded', order: 0 },
          gen: { status: 'running', order: 1, title: 'Text AI' },
        },
      },
    ]);
    const failed = await records.storeFailure(runId, {
      status: 'failed',
      error: 'The server stopped.',
      errorCode: 'UNAVAILABLE',
      nodes: null,
    });
    expect(failed).not.toBeNull();
    const read = await records.read(runId);
    expect(read.nodes).toMatchObject({
      in: { status: 'succeeded' },
      gen: { status: 'failed', error: expect.stringContaining('Text AI') },
    });
  });

  it('goes back to jsonb with every value as it was', async () => {
    const runId = await newRun();
    const { result, nodes } = textRun();
    await new SuccessWriter(db.dataSource).store({ runId, result, nodes, finishedAt: new Date() });
    await migrate('down');
    try {
      expect((await columns(runId)).type).toBe('jsonb');
      const read = await records.read(runId);
      expect(read.result).toEqual(result);
      expect(read.nodes).toEqual(nodes);
    } finally {
      await migrate('up');
    }
  });
});
