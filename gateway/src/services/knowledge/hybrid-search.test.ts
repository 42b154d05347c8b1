import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../data/database';
import { User } from '../../data/entities';
import { OfflineProvider } from '../../providers/ai';
import { DiskFileStore } from '../../providers/disk-file-store';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { allWordsQuery, hybridSearch, TEXT_RANK_LIMIT, textQuery } from './hybrid-search';
import { InProcessIngestionQueue } from './ingestion-queue';
import { KnowledgeService } from './knowledge-service';

describe('text queries', () => {
  it('joins the distinct words of a question with OR, and with AND', () => {
    expect(textQuery('Refund within 14 days, refund?')).toBe('refund | within | 14 | days');
    expect(allWordsQuery('Refund within 14 days, refund?')).toBe('refund & within & 14 & days');
    expect(textQuery(' ?! ')).toBe('');
  });
});

describe.each(databaseTargets)('hybridSearch by text on %s', (_name, databaseUrl) => {
  let db: Database;
  let dataDir: string;
  let knowledge: KnowledgeService;
  let baseId: string;

  async function addPassages(texts: readonly string[]): Promise<void> {
    const documentId = randomUUID();
    await db.dataSource.query(
      `INSERT INTO knowledge_documents (id, knowledge_base_id, name, source, status, progress, chunk_count)
       VALUES ($1, $2, 'passages.txt', 'text', 'ready', 1, $3)`,
      [documentId, baseId, texts.length],
    );
    const values: unknown[] = [];
    const tuples = texts.map((text, i) => {
      values.push(randomUUID(), documentId, baseId, i, text);
      return `($${i * 5 + 1}, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5})`;
    });
    await db.dataSource.query(
      `INSERT INTO knowledge_chunks (id, document_id, knowledge_base_id, position, text) VALUES ${tuples.join(', ')}`,
      values,
    );
  }

  const search = (text: string, topK = 3) =>
    hybridSearch({ dataSource: db.dataSource, vectors: null }, baseId, { text }, { topK, minScore: 0 });

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    dataDir = mkdtempSync(path.join(tmpdir(), 'hybrid-search-'));
    knowledge = new KnowledgeService({
      dataSource: db.dataSource,
      files: new DiskFileStore(db.dataSource, dataDir),
      provider: new OfflineProvider(),
      queue: new InProcessIngestionQueue(),
      log: () => undefined,
    });
    await knowledge.start();
    const owner = randomUUID();
    await db.dataSource.getRepository(User).insert({ id: owner, email: `${owner}@example.com` });
    baseId = (await knowledge.create(owner, { name: 'Policies' })).id;
    // More passages share the common words than are ranked, each repeating them.
    await addPassages(
      Array.from(
        { length: TEXT_RANK_LIMIT + 100 },
        (_, i) => `Shipping shipping shipping parcels leave the warehouse within days, batch ${i}.`,
      ),
    );
    await addPassages([
      'Our office is closed on public holidays.',
      'A refund for damaged parcels is paid within fourteen days of the claim.',
      'Gift cards cannot be exchanged for cash.',
    ]);
  });

  afterAll(async () => {
    await knowledge.stop();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts the passage holding every word first, above passages repeating some of them', async () => {
    const [first] = await search('parcels within days, refund for damage within fourteen days');
    expect(first?.text).toBe('A refund for damaged parcels is paid within fourteen days of the claim.');
  });

  it('finds passages holding some of the words when none holds them all', async () => {
    const results = await search('refund of gift cards by bank transfer');
    expect(results.map((r) => r.text).sort()).toEqual([
      'A refund for damaged parcels is paid within fourteen days of the claim.',
      'Gift cards cannot be exchanged for cash.',
    ]);
  });

  it('answers a word shared by more passages than are ranked with top-k of them', async () => {
    const results = await search('warehouse', 10);
    expect(results).toHaveLength(10);
    expect(results.every((r) => r.text.includes('warehouse'))).toBe(true);
  });

  it('keeps the full-text index without a pending list, so a search never reads one', async () => {
    const [index] = (await db.dataSource.query(
      `SELECT reloptions FROM pg_class WHERE relname = 'knowledge_chunks_terms'`,
    )) as { reloptions: string[] | null }[];
    expect(index?.reloptions).toContain('fastupdate=off');
  });
});
