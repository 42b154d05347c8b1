import type PgBoss from 'pg-boss';

/** Indexes one document (ingestDocument bound to its dependencies). */
export type IngestOne = (documentId: string, signal: AbortSignal) => Promise<void>;

/** Where documents wait to be indexed. */
export interface IngestionQueue {
  readonly kind: 'in-process' | 'pg-boss';
  /** Starts taking documents; `unfinished` are those queued or indexing when the last process stopped. */
  start(ingest: IngestOne, unfinished: () => Promise<string[]>): Promise<void>;
  enqueue(documentId: string): Promise<void>;
  /** Resolves once nothing is waiting or indexing in this process (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The embedded database: documents are indexed in this process, two at a time, in the order they
 * came. Those left queued or half indexed by a stopped process are taken up again at start.
 */
export class InProcessIngestionQueue implements IngestionQueue {
  readonly kind = 'in-process';
  private ingest: IngestOne | null = null;
  private readonly waiting: string[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly controller = new AbortController();
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly concurrency = 2) {}

  async start(ingest: IngestOne, unfinished: () => Promise<string[]>): Promise<void> {
    this.ingest = ingest;
    for (const id of await unfinished()) await this.enqueue(id);
  }

  async enqueue(documentId: string): Promise<void> {
    if (!this.waiting.includes(documentId)) this.waiting.push(documentId);
    this.pump();
  }

  idle(): Promise<void> {
    if (this.waiting.length === 0 && this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.waiting.length = 0;
    this.controller.abort();
    await Promise.allSettled([...this.running]);
  }

  private pump(): void {
    while (this.ingest && this.running.size < this.concurrency && this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      const job = this.ingest(id, this.controller.signal).catch(() => undefined);
      this.running.add(job);
      void job.finally(() => {
        this.running.delete(job);
        this.pump();
        if (this.waiting.length === 0 && this.running.size === 0) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          waiters.forEach((resolve) => resolve());
        }
      });
    }
  }
}

export const INGESTION_QUEUE = 'knowledge-ingestion';

/**
 * Processes sharing PostgreSQL: each document is a pg-boss job that any process indexes; a job
 * whose process died is handed out again after its time limit. At start, documents still queued
 * with no job (the server was upgraded mid-way) are sent again; a document's job is a singleton.
 */
export class PgBossIngestionQueue implements IngestionQueue {
  readonly kind = 'pg-boss';
  private worker: string | null = null;
  private readonly running = new Set<Promise<void>>();
  private readonly controller = new AbortController();

  constructor(private readonly boss: PgBoss) {}

  async start(ingest: IngestOne, unfinished: () => Promise<string[]>): Promise<void> {
    await this.boss.createQueue(INGESTION_QUEUE, {
      name: INGESTION_QUEUE,
      retryLimit: 2,
      retryDelay: 5,
      expireInSeconds: 3600,
      retentionDays: 1,
    });
    this.worker = await this.boss.work<{ documentId: string }>(
      INGESTION_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (!job) return;
        const run = ingest(job.data.documentId, this.controller.signal);
        this.running.add(run);
        try {
          await run;
        } finally {
          this.running.delete(run);
        }
      },
    );
    for (const id of await unfinished()) await this.enqueue(id);
  }

  async enqueue(documentId: string): Promise<void> {
    await this.boss.send(INGESTION_QUEUE, { documentId }, { singletonKey: documentId });
    if (this.worker) this.boss.notifyWorker(this.worker);
  }

  async idle(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  async stop(): Promise<void> {
    if (this.worker) await this.boss.offWork({ id: this.worker });
    this.worker = null;
    this.controller.abort();
    await Promise.allSettled([...this.running]);
  }
}
