import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../data/database';
import { KnowledgeDocument, User } from '../../data/entities';
import { DiskFileStore } from '../../providers/disk-file-store';
import { OpenAiProvider } from '../../providers/ai/openai-provider';
import { openTestDatabase } from '../../testing/database';
import { fakeEmbedding } from '../../testing/fake-embeddings';
import {
  listenOnLoopback,
  readJsonBody,
  sendJson,
  type LoopbackServer,
} from '../../testing/fake-vendor-answers';
import { InProcessIngestionQueue } from './ingestion-queue';
import { KnowledgeService } from './knowledge-service';
import { HANDBOOK, QUESTIONS } from './testing/handbook-corpus';

// An embedding model configured and failing: a loopback server speaking OpenAI's /v1/embeddings
// wire format (answers as the API does; when told to fail, a 503 error body, or no answer at all),
// reached through the real `openai` SDK. PGlite, where vectors are kept.

type Mode = 'answer' | 'fail' | 'hang';

describe('knowledge search when the embedding model fails (PGlite)', () => {
  let db: Database;
  let dataDir: string;
  let server: LoopbackServer;
  let mode: Mode = 'answer';
  let embeddingCalls = 0;
  const logged: string[] = [];
  let knowledge: KnowledgeService;
  let owner: string;

  beforeAll(async () => {
    server = await listenOnLoopback(async (req, res) => {
      const { body } = await readJsonBody(req);
      if (req.url !== '/v1/embeddings') return sendJson(res, 404, { error: { message: 'Not found' } });
      embeddingCalls += 1;
      if (mode === 'hang') return; // never answers: the caller's time limit ends it
      if (mode === 'fail') {
        return sendJson(res, 503, {
          error: {
            message: 'The engine is currently overloaded, please try again later',
            type: 'server_error',
            param: null,
            code: null,
          },
        });
      }
      const input = (body as { input: string[] }).input;
      sendJson(res, 200, {
        object: 'list',
        data: input.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) })),
        model: 'text-embedding-3-small',
        usage: { prompt_tokens: input.length, total_tokens: input.length },
      });
    });
    db = await openTestDatabase(undefined);
    dataDir = mkdtempSync(path.join(tmpdir(), 'knowledge-fallback-'));
    knowledge = new KnowledgeService({
      dataSource: db.dataSource,
      files: new DiskFileStore(db.dataSource, dataDir),
      provider: new OpenAiProvider({
        apiKey: 'test-key',
        baseURL: `${server.url}/v1`,
        maxRetries: 0,
        timeoutMs: 2_000,
      }),
      queue: new InProcessIngestionQueue(),
      log: (line) => logged.push(line),
    });
    await knowledge.start();
    owner = randomUUID();
    await db.dataSource
      .getRepository(User)
      .insert({ id: owner, email: `${owner}@example.com`, plan: 'enterprise' });
  });

  afterAll(async () => {
    await knowledge.stop();
    await db.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const vectorCount = async (baseId: string) =>
    Number(
      (
        (await db.dataSource.query(
          'SELECT count(*)::int AS n FROM knowledge_vectors WHERE knowledge_base_id = $1',
          [baseId],
        )) as { n: number }[]
      )[0]!.n,
    );

  async function recallAt3(baseId: string): Promise<number> {
    let found = 0;
    for (const { question, answer } of QUESTIONS) {
      const passages = await knowledge.search(owner, baseId, { query: question, topK: 3 });
      if (passages.some((p) => p.text.includes(answer))) found += 1;
    }
    return found / QUESTIONS.length;
  }

  it('indexes documents for text search when the model fails, searches by text saying so once, and makes the vectors once it answers again', async () => {
    mode = 'fail';
    logged.length = 0;
    const base = await knowledge.create(owner, { name: 'Handbook', chunkSize: 250, chunkOverlap: 30 });
    for (const doc of HANDBOOK) await knowledge.addDocument(owner, base.id, doc);
    await knowledge.idle();

    const documents = await db.dataSource
      .getRepository(KnowledgeDocument)
      .findBy({ knowledgeBaseId: base.id });
    expect(documents.map((d) => [d.status, d.vectorsMissing, d.embeddingModel])).toEqual(
      HANDBOOK.map(() => ['ready', true, null]),
    );
    // The owner's list of documents (GraphQL `knowledgeDocuments`) says so.
    expect((await knowledge.documents(owner, base.id)).map((d) => d.vectorsMissing)).toEqual(
      HANDBOOK.map(() => true),
    );
    expect(documents.every((d) => d.chunkCount > 0 && d.error === null)).toBe(true);
    expect(await vectorCount(base.id)).toBe(0);
    expect(logged.filter((line) => line.includes('kept for text search without vectors'))).toHaveLength(
      HANDBOOK.length,
    );

    // Every question still finds its passage, from the text; the log says so once, not per search.
    const calls = embeddingCalls;
    expect(await recallAt3(base.id)).toBeGreaterThanOrEqual(0.8);
    expect(embeddingCalls - calls).toBe(QUESTIONS.length);
    const textOnly = logged.filter((line) => line.startsWith('Knowledge search by text alone'));
    expect(textOnly).toHaveLength(1);
    expect(textOnly[0]).toContain('overloaded');

    // The model answers again: the next search gets a vector, says so, and the missing vectors are made.
    mode = 'answer';
    const passages = await knowledge.search(owner, base.id, { query: QUESTIONS[0]!.question, topK: 3 });
    expect(passages.some((p) => p.text.includes(QUESTIONS[0]!.answer))).toBe(true);
    expect(logged).toContain(
      'Knowledge search: the embedding model answers again; searching by meaning too.',
    );
    await knowledge.fillMissingVectors();
    const chunks = documents.reduce((n, d) => n + d.chunkCount, 0);
    expect(await vectorCount(base.id)).toBe(chunks);
    const after = await db.dataSource.getRepository(KnowledgeDocument).findBy({ knowledgeBaseId: base.id });
    expect(after.map((d) => [d.vectorsMissing, d.embeddingModel])).toEqual(
      HANDBOOK.map(() => [false, 'text-embedding-3-small']),
    );
    expect((await knowledge.documents(owner, base.id)).map((d) => d.vectorsMissing)).toEqual(
      HANDBOOK.map(() => false),
    );
    expect(await recallAt3(base.id)).toBeGreaterThanOrEqual(0.8);
  }, 120_000);

  it('answers from the text when the model does not answer in time', async () => {
    mode = 'answer';
    const base = await knowledge.create(owner, { name: 'Timed', chunkSize: 250, chunkOverlap: 30 });
    for (const doc of HANDBOOK) await knowledge.addDocument(owner, base.id, doc);
    await knowledge.idle();
    expect(await vectorCount(base.id)).toBeGreaterThan(0);
    mode = 'hang';
    logged.length = 0;
    const { question, answer } = QUESTIONS[1]!;
    const passages = await knowledge.search(owner, base.id, { query: question, topK: 3 });
    expect(passages.some((p) => p.text.includes(answer))).toBe(true);
    expect(logged.filter((line) => line.startsWith('Knowledge search by text alone'))).toHaveLength(1);
    mode = 'answer';
  }, 120_000);
});
