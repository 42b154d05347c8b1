import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AiProvider } from '@blocksmith/block-sdk';
import type { Database } from '../../data/database';
import { AppRecord, KnowledgeChunk, KnowledgeDocument, User } from '../../data/entities';
import { ForbiddenError, InputError, NotFoundError } from '../../errors';
import { DiskFileStore } from '../../providers/disk-file-store';
import { OfflineProvider } from '../../providers/ai';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { InProcessIngestionQueue } from './ingestion-queue';
import { KnowledgeService } from './knowledge-service';
import { NO_PGVECTOR_MESSAGE } from './knowledge-vectors';
import { HANDBOOK, QUESTIONS } from './testing/handbook-corpus';

/** The offline provider without its embeddings: a server whose providers make none. */
function textOnlyProvider(): AiProvider {
  const offline = new OfflineProvider();
  return {
    name: 'text-only',
    offline: true,
    streamText: (r, o) => offline.streamText(r, o),
    completeJson: (r, o) => offline.completeJson(r, o),
    generateImage: (r, o) => offline.generateImage(r, o),
    describeImage: (r, o) => offline.describeImage(r, o),
    models: () => offline.models(),
  };
}

describe.each(databaseTargets)('KnowledgeService on %s', (_name, databaseUrl) => {
  let db: Database;
  let dataDir: string;
  let files: DiskFileStore;
  let knowledge: KnowledgeService;
  const logged: string[] = [];

  function service(provider: AiProvider = new OfflineProvider()): KnowledgeService {
    return new KnowledgeService({
      dataSource: db.dataSource,
      files,
      provider,
      queue: new InProcessIngestionQueue(),
      log: (line) => logged.push(line),
    });
  }

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    dataDir = mkdtempSync(path.join(tmpdir(), 'knowledge-files-'));
    files = new DiskFileStore(db.dataSource, dataDir);
    knowledge = service();
    await knowledge.start();
  });

  afterAll(async () => {
    await knowledge.stop();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function person(plan: 'free' | 'enterprise' = 'enterprise'): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com`, plan });
    return id;
  }

  async function handbookBase(owner: string, on = knowledge): Promise<string> {
    const base = await on.create(owner, { name: 'Handbook', chunkSize: 250, chunkOverlap: 30 });
    for (const doc of HANDBOOK) await on.addDocument(owner, base.id, doc);
    await on.idle();
    return base.id;
  }

  /** Share of questions whose answering passage is among the first three found. */
  async function recallAt3(on: KnowledgeService, owner: string, baseId: string): Promise<number> {
    let found = 0;
    for (const { question, answer } of QUESTIONS) {
      const passages = await on.search(owner, baseId, { query: question, topK: 3 });
      if (passages.some((p) => p.text.includes(answer))) found += 1;
    }
    return found / QUESTIONS.length;
  }

  it('creates, lists, renames and deletes knowledge bases of their owner alone', async () => {
    const ada = await person();
    const bob = await person();
    const base = await knowledge.create(ada, { name: ' Handbook ' });
    expect(base).toMatchObject({ name: 'Handbook', chunkSize: 1000, chunkOverlap: 150, documentCount: 0 });
    expect((await knowledge.list(ada)).map((b) => b.id)).toEqual([base.id]);
    expect(await knowledge.list(bob)).toEqual([]);
    const renamed = await knowledge.update(ada, base.id, { name: 'Staff handbook', chunkSize: 500 });
    expect(renamed).toMatchObject({ name: 'Staff handbook', chunkSize: 500, chunkOverlap: 150 });
    for (const attempt of [
      () => knowledge.get(bob, base.id),
      () => knowledge.update(bob, base.id, { name: 'Mine' }),
      () => knowledge.delete(bob, base.id),
      () => knowledge.documents(bob, base.id),
      () => knowledge.search(bob, base.id, { query: 'refund' }),
      () => knowledge.addDocument(bob, base.id, { name: 'x', text: 'y' }),
      () => knowledge.get(ada, 'not-an-id'),
    ]) {
      await expect(attempt()).rejects.toThrow(new NotFoundError('There is no such knowledge base.'));
    }
    await knowledge.delete(ada, base.id);
    expect(await knowledge.list(ada)).toEqual([]);
  });

  it('refuses bad names, chunking and searches saying what to fix', async () => {
    const ada = await person();
    await expect(knowledge.create(ada, { name: '' })).rejects.toThrow(new InputError('Give it a name.'));
    await expect(knowledge.create(ada, { name: 'x', chunkSize: 50 })).rejects.toThrow(
      'The chunk size must be a whole number from 100 to 8000.',
    );
    await expect(knowledge.create(ada, { name: 'x', chunkSize: 200, chunkOverlap: 200 })).rejects.toThrow(
      'The chunk overlap (200) must be smaller than the chunk size (200).',
    );
    const base = await knowledge.create(ada, { name: 'x' });
    await expect(knowledge.search(ada, base.id, { query: '  ' })).rejects.toThrow(
      'Give a question to search for.',
    );
    await expect(knowledge.search(ada, base.id, { query: 'a', topK: 0 })).rejects.toThrow('`topK` must be');
    await expect(knowledge.search(ada, base.id, { query: 'a', minScore: 2 })).rejects.toThrow(
      'minimum score',
    );
    await expect(knowledge.addDocument(ada, base.id, { url: 'ftp://example.com/a' })).rejects.toThrow(
      'Only http and https addresses can be read, not ftp:.',
    );
    await expect(knowledge.addDocument(ada, base.id, { fileId: randomUUID() })).rejects.toThrow(
      'Upload the file first',
    );
  });

  it('indexes documents with vectors and finds the passage that answers (top-3 recall)', async () => {
    const ada = await person();
    const baseId = await handbookBase(ada);
    const documents = await knowledge.documents(ada, baseId);
    expect(documents.map((d) => [d.name, d.status, d.progress])).toEqual(
      HANDBOOK.map((d) => [d.name, 'ready', 1]),
    );
    expect(documents.every((d) => d.chunkCount >= 2 && d.error === null)).toBe(true);
    const stored = await db.dataSource.getRepository(KnowledgeDocument).findBy({ knowledgeBaseId: baseId });
    const vectors = await knowledge.vectors.available();
    // PGlite has pgvector built in; CI's Debian PostgreSQL has none (the text-only path).
    if (!databaseUrl) expect(vectors).toBe(true);
    else if (!vectors) expect(logged).toContain(NO_PGVECTOR_MESSAGE);
    expect(stored.every((d) => d.embeddingModel === (vectors ? 'offline-embedding' : null))).toBe(true);
    const [first] = await knowledge.search(ada, baseId, {
      query: 'How many days do I have to return an item?',
      topK: 3,
    });
    expect(first).toMatchObject({
      documentName: 'returns.md',
      chunk: expect.any(Number),
      score: expect.any(Number),
    });
    expect(first!.text).toContain('within 30 days of delivery');
    expect(first!.score).toBeGreaterThan(0.5);
    expect(first!.score).toBeLessThanOrEqual(1);
    expect(await recallAt3(knowledge, ada, baseId)).toBeGreaterThanOrEqual(0.9);
    // A minimum score leaves out the weak ones; a question sharing no word finds nothing by text.
    const strict = await knowledge.search(ada, baseId, { query: 'refund', topK: 10, minScore: 0.99 });
    expect(strict.every((p) => p.score >= 0.99)).toBe(true);
  });

  it('searches by text alone where the providers make no embeddings, recall intact', async () => {
    const textOnly = service(textOnlyProvider());
    await textOnly.start();
    const ada = await person();
    const baseId = await handbookBase(ada, textOnly);
    const stored = await db.dataSource.getRepository(KnowledgeDocument).findBy({ knowledgeBaseId: baseId });
    expect(stored.every((d) => d.status === 'ready' && d.embeddingModel === null)).toBe(true);
    expect(await recallAt3(textOnly, ada, baseId)).toBeGreaterThanOrEqual(0.9);
    await textOnly.stop();
  });

  it('deletes a document with its chunks and vectors at once; reindexes with new chunking', async () => {
    const ada = await person();
    const baseId = await handbookBase(ada);
    const [returns, shipping] = await knowledge.documents(ada, baseId);
    const chunks = db.dataSource.getRepository(KnowledgeChunk);
    expect(await chunks.countBy({ documentId: returns!.id })).toBeGreaterThan(0);
    await knowledge.deleteDocument(ada, baseId, returns!.id);
    expect(await chunks.countBy({ documentId: returns!.id })).toBe(0);
    if (await knowledge.vectors.available()) {
      const [row] = (await db.dataSource.query(
        'SELECT count(*)::int AS n FROM knowledge_vectors v JOIN knowledge_chunks c ON c.id = v.chunk_id WHERE c.document_id = $1',
        [returns!.id],
      )) as { n: number }[];
      expect(Number(row!.n)).toBe(0);
    }
    const found = await knowledge.search(ada, baseId, { query: 'return an item for a refund', topK: 5 });
    expect(found.some((p) => p.documentId === returns!.id)).toBe(false);
    await expect(knowledge.deleteDocument(ada, baseId, returns!.id)).rejects.toThrow(
      'There is no such document in this knowledge base.',
    );

    const before = shipping!.chunkCount;
    await knowledge.update(ada, baseId, { chunkSize: 100, chunkOverlap: 0 });
    const queued = await knowledge.reindexDocument(ada, baseId, shipping!.id);
    expect(queued.status).toMatch(/queued|indexing|ready/);
    await knowledge.idle();
    const after = await knowledge.document(ada, baseId, shipping!.id);
    expect(after.status).toBe('ready');
    expect(after.chunkCount).toBeGreaterThan(before);
    expect(await chunks.countBy({ documentId: shipping!.id })).toBe(after.chunkCount);
  });

  it('marks a document it cannot read as failed, saying why', async () => {
    const ada = await person();
    const base = await knowledge.create(ada, { name: 'Odd files' });
    const fileId = await knowledge.keepUpload(ada, base.id, {
      name: 'archive.zip',
      mime: 'application/zip',
      data: new Uint8Array([0x50, 0x4b, 3, 4]),
    });
    const doc = await knowledge.addDocument(ada, base.id, { fileId });
    await knowledge.idle();
    const failed = await knowledge.document(ada, base.id, doc.id);
    expect(failed).toMatchObject({ status: 'failed', progress: 0, chunkCount: 0 });
    expect(failed.error).toContain('"archive.zip" is a .zip file, which this block cannot read.');
  });

  it('indexes a document longer than a run reads (1,500,000 characters) section by section, in order, with rising progress', async () => {
    const ada = await person();
    const base = await knowledge.create(ada, { name: 'Manual', chunkSize: 2000, chunkOverlap: 0 });
    const lines = Array.from({ length: 25_000 }, (_, i) => `Line ${i} of the manual explains step ${i}.`);
    const text = lines.join('\n').padEnd(1_500_000, ' x');
    const fileId = await knowledge.keepUpload(ada, base.id, {
      name: 'manual.txt',
      mime: 'text/plain',
      data: Buffer.from(text, 'utf8'),
    });
    const doc = await knowledge.addDocument(ada, base.id, { fileId });
    const seen: number[] = [];
    for (;;) {
      const now = await knowledge.document(ada, base.id, doc.id);
      if (seen.at(-1) !== now.progress) seen.push(now.progress);
      if (now.status === 'ready' || now.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ready = await knowledge.document(ada, base.id, doc.id);
    expect(ready).toMatchObject({ status: 'ready', error: null, progress: 1, charCount: text.trim().length });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // The progress bar moves: values between reading and done are seen while indexing.
    expect(seen.filter((p) => p > 0.1 && p < 1).length).toBeGreaterThanOrEqual(2);
    const chunks = await db.dataSource
      .getRepository(KnowledgeChunk)
      .find({ where: { documentId: doc.id }, order: { position: 'ASC' } });
    expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
    expect(ready.chunkCount).toBe(chunks.length);
    // Nothing lost between sections: the passages hold every line, in order.
    const joined = chunks.map((c) => c.text).join('\n');
    expect(joined).toContain('Line 0 of the manual');
    expect(joined).toContain('Line 24999 of the manual explains step 24999.');
    const found = await knowledge.search(ada, base.id, { query: 'step 17321', topK: 3 });
    expect(found.some((p) => p.text.includes('Line 17321 of the manual explains step 17321.'))).toBe(true);
  }, 120_000);

  it('takes up documents left queued by a stopped process when it starts', async () => {
    const ada = await person();
    const stopped = service();
    const base = await stopped.create(ada, { name: 'Left behind' });
    // Added while no process indexes (its queue never started): it stays queued.
    const doc = await stopped.addDocument(ada, base.id, {
      name: 'note.txt',
      text: 'The spare key is under the blue flowerpot.',
    });
    expect((await stopped.document(ada, base.id, doc.id)).status).toBe('queued');
    const next = service();
    await next.start();
    await next.idle();
    expect((await next.document(ada, base.id, doc.id)).status).toBe('ready');
    const [found] = await next.search(ada, base.id, { query: 'where is the spare key?' });
    expect(found!.text).toContain('blue flowerpot');
    await next.stop();
  });

  it("holds as many documents as the owner's plan allows", async () => {
    const free = await person('free');
    const base = await knowledge.create(free, { name: 'Notes' });
    for (let i = 0; i < 20; i++)
      await knowledge.addDocument(free, base.id, { name: `n${i}`, text: `note ${i}` });
    await expect(knowledge.addDocument(free, base.id, { name: 'one more', text: 'x' })).rejects.toThrow(
      new ForbiddenError(
        "Your Free plan's knowledge bases hold 20 documents; delete one you no longer need, or upgrade for more.",
      ),
    );
    await knowledge.idle();
  });

  it("lets a run of the owner's app search the owner's bases only", async () => {
    const ada = await person();
    const bob = await person();
    const baseId = await handbookBase(ada);
    const appOf = async (ownerId: string) => {
      const id = randomUUID();
      await db.dataSource.getRepository(AppRecord).insert({
        id,
        ownerId,
        name: 'Ask the handbook',
        slug: `ask-${id}`,
        config: { plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
      });
      return id;
    };
    const passages = await knowledge
      .forApp(await appOf(ada))
      .search({ knowledgeBaseId: baseId, query: 'parental leave', topK: 2 });
    expect(passages[0]!.text).toContain('sixteen weeks');
    await expect(
      knowledge.forApp(await appOf(bob)).search({ knowledgeBaseId: baseId, query: 'parental leave' }),
    ).rejects.toThrow(new NotFoundError('There is no such knowledge base.'));
  });
});
