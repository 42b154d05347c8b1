import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../data/database';
import { User } from '../data/entities';
import { DiskFileStore } from '../providers/disk-file-store';
import { OfflineProvider } from '../providers/ai';
import { OFFLINE_EMBEDDING_DIMENSIONS, offlineEmbedding } from '../providers/ai/offline-embedding';
import { InProcessIngestionQueue, KnowledgeService } from '../services/knowledge';

export interface KnowledgeBenchResult {
  chunks: number;
  loadSeconds: number;
  /** Building the HNSW index over every vector, once loaded (part of loadSeconds). */
  indexSeconds: number;
  searches: number;
  p50Ms: number;
  p95Ms: number;
  /**
   * The process's CPU time (user and system, all its threads) per search: what a search costs
   * whatever else the machine runs, where the wall-clock times above also hold the waits for a core.
   */
  cpuP50Ms: number;
  cpuP95Ms: number;
  /** The machine's 1-minute load average as the searches began and ended. */
  searchLoadAverage: { before: number; after: number };
  /** Share of questions (six words of one passage) finding that passage among the first three. */
  recallAt3: number;
  pdf: { pages: number; chunks: number; seconds: number; progressSeen: number[] } | null;
}

/** A made-up vocabulary: syllables joined, so passages differ in words as real ones do. */
function vocabulary(size: number): string[] {
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ne',
    'ru',
    'ta',
    'vo',
    'si',
    'pe',
    'da',
    'fu',
    'gor',
    'lin',
    'mar',
    'tes',
  ];
  const words = new Set<string>();
  let seed = 7;
  // 32-bit LCG (exact with Math.imul), its high bits: the low ones repeat after a few steps.
  const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) >>> 8;
  while (words.size < size) {
    const n = 2 + (next() % 3);
    words.add(Array.from({ length: n }, () => syllables[next() % syllables.length]).join(''));
  }
  return [...words];
}

/**
 * Search over `chunks` passages of one knowledge base on PGlite (full text plus HNSW vectors of the
 * offline embedding, fused), and the ingestion of a PDF of `pdfPages` pages with its progress.
 */
export async function runKnowledgeBenchmarks(
  options: { chunks?: number; searches?: number; pdfPages?: number; log?: (line: string) => void } = {},
): Promise<KnowledgeBenchResult> {
  const total = options.chunks ?? 100_000;
  const searches = options.searches ?? 200;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blocksmith-knowledge-bench-'));
  const db = await openDatabase({ dataDir });
  try {
    const knowledge = new KnowledgeService({
      dataSource: db.dataSource,
      files: new DiskFileStore(db.dataSource, dataDir),
      provider: new OfflineProvider(),
      queue: new InProcessIngestionQueue(),
      log: () => undefined,
    });
    await knowledge.start();
    const owner = randomUUID();
    await db.dataSource
      .getRepository(User)
      .insert({ id: owner, email: `${owner}@example.com`, plan: 'enterprise' });
    const base = await knowledge.create(owner, { name: 'Benchmark' });
    const words = vocabulary(20_000);
    let seed = 11;
    // 32-bit LCG (exact with Math.imul), its high bits: the low ones repeat after a few steps.
    const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) >>> 8;
    const passages: string[] = [];
    const loadStart = performance.now();
    const perDocument = 1000;
    for (let d = 0; d < total / perDocument; d++) {
      const documentId = randomUUID();
      await db.dataSource.query(
        `INSERT INTO knowledge_documents (id, knowledge_base_id, name, source, status, progress, chunk_count)
         VALUES ($1, $2, $3, 'text', 'ready', 1, $4)`,
        [documentId, base.id, `document-${d}.txt`, perDocument],
      );
      for (let start = 0; start < perDocument; start += 500) {
        const rows = Array.from({ length: 500 }, (_, i) => {
          const text = Array.from({ length: 70 }, () => words[next() % words.length]).join(' ');
          passages.push(text);
          return { id: randomUUID(), position: start + i, text };
        });
        const values: unknown[] = [];
        const tuples = rows.map((row, i) => {
          values.push(row.id, documentId, base.id, row.position, row.text);
          return `($${i * 5 + 1}, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5})`;
        });
        await db.dataSource.query(
          `INSERT INTO knowledge_chunks (id, document_id, knowledge_base_id, position, text) VALUES ${tuples.join(', ')}`,
          values,
        );
        // Written straight, without the index: it is built once after the load (see ensureIndex).
        const vectorValues: unknown[] = [];
        const vectorTuples = rows.map((row, i) => {
          vectorValues.push(row.id, base.id, `[${offlineEmbedding(row.text).join(',')}]`);
          return `($${i * 3 + 1}, $${i * 3 + 2}, 'offline-embedding', ${OFFLINE_EMBEDDING_DIMENSIONS}, $${i * 3 + 3}::vector)`;
        });
        await db.dataSource.query(
          `INSERT INTO knowledge_vectors (chunk_id, knowledge_base_id, model, dims, embedding) VALUES ${vectorTuples.join(', ')}`,
          vectorValues,
        );
      }
    }
    options.log?.(`loaded ${total} passages in ${Math.round((performance.now() - loadStart) / 1000)} s`);
    const indexStart = performance.now();
    await knowledge.vectors.ensureIndex(OFFLINE_EMBEDDING_DIMENSIONS);
    const indexSeconds = (performance.now() - indexStart) / 1000;
    const loadSeconds = (performance.now() - loadStart) / 1000;
    await db.dataSource.query('ANALYZE');
    options.log?.(`indexed in ${Math.round((performance.now() - indexStart) / 1000)} s`);

    const times: number[] = [];
    const cpuTimes: number[] = [];
    let found = 0;
    const loadBefore = loadavg()[0]!;
    for (let i = 0; i < searches + 20; i++) {
      const target = passages[next() % passages.length]!;
      const targetWords = target.split(' ');
      const from = next() % (targetWords.length - 6);
      const query = targetWords.slice(from, from + 6).join(' ');
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      const results = await knowledge.search(owner, base.id, { query, topK: 3 });
      if (i < 20) continue;
      times.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuStarted);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      if (results.some((r) => r.text === target)) found += 1;
    }
    const loadAfter = loadavg()[0]!;
    const at = (sample: number[], q: number) => {
      const sorted = [...sample].sort((a, b) => a - b);
      return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
    };

    options.log?.(`searched ${searches} times`);
    let pdf: KnowledgeBenchResult['pdf'] = null;
    if (options.pdfPages !== 0) {
      const pages = options.pdfPages ?? 300;
      const { PDFDocument, StandardFonts } = await import('pdf-lib');
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (let p = 0; p < pages; p++) {
        const page = doc.addPage([600, 800]);
        for (let line = 0; line < 45; line++) {
          const text = Array.from({ length: 12 }, () => words[next() % words.length]).join(' ');
          page.drawText(text, { x: 40, y: 760 - line * 16, size: 10, font });
        }
      }
      const bytes = await doc.save();
      const book = await knowledge.create(owner, { name: 'Manual' });
      const fileId = await knowledge.keepUpload(owner, book.id, {
        name: 'manual.pdf',
        mime: 'application/pdf',
        data: bytes,
      });
      const started = performance.now();
      const added = await knowledge.addDocument(owner, book.id, { fileId });
      const progressSeen: number[] = [];
      for (;;) {
        const document = await knowledge.document(owner, book.id, added.id);
        if (progressSeen.at(-1) !== document.progress)
          progressSeen.push(Math.round(document.progress * 100) / 100);
        if (document.status === 'ready' || document.status === 'failed') {
          if (document.status === 'failed') throw new Error(`The PDF failed: ${document.error}`);
          pdf = {
            pages,
            chunks: document.chunkCount,
            seconds: (performance.now() - started) / 1000,
            progressSeen,
          };
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await knowledge.stop();
    return {
      chunks: total,
      loadSeconds: Math.round(loadSeconds),
      indexSeconds: Math.round(indexSeconds),
      searches,
      p50Ms: at(times, 0.5),
      p95Ms: at(times, 0.95),
      cpuP50Ms: at(cpuTimes, 0.5),
      cpuP95Ms: at(cpuTimes, 0.95),
      searchLoadAverage: {
        before: Math.round(loadBefore * 100) / 100,
        after: Math.round(loadAfter * 100) / 100,
      },
      recallAt3: found / searches,
      pdf,
    };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
