import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';

interface PgResult {
  rows: unknown[];
  rowCount: number;
  command: string;
  fields: { name: string; dataTypeID: number }[];
}

type Release = (error?: unknown) => void;
type ConnectCallback = (error: Error | null, client: PgliteClient | null, release: Release) => void;

/** One PGlite session seen through node-postgres' client interface. */
class PgliteClient extends EventEmitter {
  constructor(
    private readonly db: PGlite,
    readonly release: Release,
  ) {
    super();
  }

  async query(text: string, values?: unknown[]): Promise<PgResult> {
    if (values && values.length > 0) return this.db.query(text, values) as Promise<PgResult>;
    // Without parameters a string may hold several statements (migrations); answer with the last.
    const results = await this.db.exec(text);
    return (results.at(-1) as PgResult | undefined) ?? { rows: [], rowCount: 0, command: '', fields: [] };
  }
}

/**
 * A node-postgres-shaped pool over one embedded PGlite database, for TypeORM's postgres driver
 * (`driver: { Pool }`). PGlite is a single session, so the pool hands out one client at a time:
 * a transaction owns the session from BEGIN to COMMIT and every other query waits its turn,
 * which gives the same isolation a real server's pool would.
 */
export class PglitePool extends EventEmitter {
  private tail: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(private readonly db: PGlite) {
    super();
  }

  connect(): Promise<PgliteClient>;
  connect(callback: ConnectCallback): void;
  connect(callback?: ConnectCallback): Promise<PgliteClient> | void {
    const acquired = this.acquire();
    if (!callback) return acquired;
    acquired.then(
      (client) => callback(null, client, client.release),
      (error: Error) =>
        callback(error, null, () => {
          /* nothing was acquired */
        }),
    );
  }

  async query(text: string, values?: unknown[]): Promise<PgResult> {
    const client = await this.acquire();
    try {
      return await client.query(text, values);
    } finally {
      client.release();
    }
  }

  end(callback?: (error?: Error) => void): Promise<void> {
    this.ended = true;
    const closed = this.tail.then(() => this.db.close());
    closed.then(
      () => callback?.(),
      (error: Error) => callback?.(error),
    );
    return closed;
  }

  private acquire(): Promise<PgliteClient> {
    if (this.ended) return Promise.reject(new Error('The embedded database is closed.'));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => held);
    return previous.then(() => {
      let released = false;
      return new PgliteClient(this.db, () => {
        if (!released) {
          released = true;
          release();
        }
      });
    });
  }
}

/** The `driver` option for TypeORM's postgres driver: `new DataSource({ type: 'postgres', driver: pgliteDriver(db) })`. */
export function pgliteDriver(db: PGlite): { Pool: new () => PglitePool } {
  return {
    Pool: class extends PglitePool {
      constructor() {
        super(db);
      }
    },
  };
}
