import { EventEmitter } from 'node:events';
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { DataSource } from 'typeorm';

interface PgResult {
  rows: unknown[];
  rowCount: number;
  command: string;
  fields: { name: string; dataTypeID: number }[];
}

type Release = (error?: unknown) => void;
type ConnectCallback = (error: Error | null, client: PgliteClient | null, release: Release) => void;

/** A statement node-postgres would prepare by name (`{ name, text }`, see data/prepared.ts). */
interface NamedStatement {
  name: string;
  text: string;
}

/** What the pool knows of a database session's state. */
interface SessionState {
  /** The parameter types of each statement prepared in the session, by name. */
  prepared: Map<string, number[]>;
  /** Whether its `plan_cache_mode` is `force_generic_plan` now. */
  genericPlans: boolean;
}

const sessions = new WeakMap<PGlite, SessionState>();

function sessionOf(db: PGlite): SessionState {
  let state = sessions.get(db);
  if (!state) sessions.set(db, (state = { prepared: new Map(), genericPlans: false }));
  return state;
}

/**
 * Puts the session in the plan cache mode a statement wants: generic plans for the named statements
 * (data/prepared.ts: every run's point reads and writes by key), PostgreSQL's own choice for the
 * rest. Left to its choice PostgreSQL planned the run statements afresh on every call (their
 * generic plans looked costlier to it than their custom ones), which was a tenth of the charge's
 * time and a third of the stored successes'; the other statements' plans may depend on their
 * values (a history page's filters), so they keep the custom plans. Changed only between
 * transactions, where a SET is kept whatever comes after; inside one, the session stays as it was
 * when the transaction began, in the default mode (every transaction begins with an unnamed BEGIN).
 */
async function usePlans(db: PGlite, generic: boolean): Promise<void> {
  const session = sessionOf(db);
  if (session.genericPlans === generic || db.isInTransaction()) return;
  await db.exec(`SET plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`);
  session.genericPlans = generic;
}

/**
 * Runs a named statement the way a server's connection does: parsed and described once per
 * session, then each call is one Bind/Describe/Execute/Sync exchange. `db.query` parses, plans and
 * describes the text on every call, in six exchanges: for the statements every run sends that was
 * most of their cost.
 */
async function queryNamed(db: PGlite, statement: NamedStatement, values: unknown[]): Promise<PgResult> {
  await usePlans(db, true);
  const { prepared } = sessionOf(db);
  let parameterTypes = prepared.get(statement.name);
  if (!parameterTypes) {
    const { messages } = await db.execProtocol(
      Buffer.concat([
        protocol.serialize.parse({ name: statement.name, text: statement.text }),
        protocol.serialize.describe({ type: 'S', name: statement.name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    parameterTypes = parse.parseDescribeStatementResults(messages);
    prepared.set(statement.name, parameterTypes);
  }
  const types = parameterTypes;
  const serialized = values.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serialize = db.serializers[types[i]!];
    return serialize ? serialize(value) : String(value);
  });
  const { messages } = await db.execProtocol(
    Buffer.concat([
      protocol.serialize.bind({ statement: statement.name, values: serialized }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]),
  );
  const [result] = parse.parseResults(messages, db.parsers);
  const rows = result?.rows ?? [];
  const complete = messages.findLast((message) => message.name === 'commandComplete') as
    { text?: string } | undefined;
  return {
    rows,
    rowCount: result?.affectedRows ?? rows.length,
    command: complete?.text?.split(' ')[0] ?? '',
    fields: (result?.fields ?? []).map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
  };
}

/** Statements that change no rows: a SELECT that is no data-modifying WITH cannot be told apart cheaply, so WITH counts as a write. */
const READS = /^\s*(SELECT|SHOW|VACUUM|ANALYZE|BEGIN|COMMIT|ROLLBACK|START TRANSACTION)\b/i;

/**
 * The tables a statement may write (INSERT INTO, UPDATE, DELETE FROM, in any WITH part), as
 * written. May name what is no table (`FOR UPDATE SKIP LOCKED` gives SKIP): its reader checks.
 */
const WRITE_TARGET =
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:ONLY\s+)?((?:"(?:[^"]|"")+"|[a-z_][\w$]*)(?:\s*\.\s*(?:"(?:[^"]|"")+"|[a-z_][\w$]*))?)/gi;

/** The write targets of each statement text seen (statements are mostly the same few texts). */
const targetsOf = new Map<string, string[]>();

function writeTargets(text: string): string[] {
  let targets = targetsOf.get(text);
  if (!targets) {
    targets = [...new Set(Array.from(text.matchAll(WRITE_TARGET), (match) => match[1]!))];
    if (targetsOf.size < 1000) targetsOf.set(text, targets);
  }
  return targets;
}

/** One PGlite session seen through node-postgres' client interface. */
class PgliteClient extends EventEmitter {
  constructor(
    private readonly db: PGlite,
    readonly release: Release,
    private readonly sent: (text: string) => void,
  ) {
    super();
  }

  async query(text: string | NamedStatement, values?: unknown[]): Promise<PgResult> {
    this.sent(typeof text === 'string' ? text : text.text);
    if (typeof text !== 'string') return queryNamed(this.db, text, values ?? []);
    await usePlans(this.db, false);
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
  /** Statements sent that may change rows (not SELECT, SHOW or the maintenance's own). */
  writes = 0;
  /** The tables those statements may have written since `takeWritten` (data/pglite-maintenance.ts). */
  private written = new Set<string>();
  private readonly count = (text: string) => {
    if (READS.test(text)) return;
    this.writes += 1;
    for (const target of writeTargets(text)) this.written.add(target);
  };

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

  /** The tables written since the last call (names as the statements wrote them; some may be no table). */
  takeWritten(): string[] {
    const written = [...this.written];
    this.written.clear();
    return written;
  }

  async query(text: string | NamedStatement, values?: unknown[]): Promise<PgResult> {
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
      return new PgliteClient(
        this.db,
        () => {
          if (!released) {
            released = true;
            release();
          }
        },
        this.count,
      );
    });
  }
}

/** The drivers `pgliteDriver` made: what `isPglite` recognises. */
const drivers = new WeakSet<object>();

/**
 * The `driver` option for TypeORM's postgres driver: `new DataSource({ type: 'postgres', driver:
 * pgliteDriver(db) })`; `writes()` counts the statements its pools sent that may change rows,
 * `written()` names the tables they wrote since its last call.
 */
export function pgliteDriver(db: PGlite): {
  Pool: new () => PglitePool;
  writes(): number;
  written(): string[];
} {
  const pools: PglitePool[] = [];
  const driver = {
    Pool: class extends PglitePool {
      constructor() {
        super(db);
        pools.push(this);
      }
    },
    writes: () => pools.reduce((sum, pool) => sum + pool.writes, 0),
    written: () => [...new Set(pools.flatMap((pool) => pool.takeWritten()))],
  };
  drivers.add(driver);
  return driver;
}

/**
 * Whether `dataSource` is on an embedded PGlite database (`pgliteDriver`): its statements then run
 * on the calling thread, from start to end, and their cost is the gateway's own CPU.
 */
export function isPglite(dataSource: DataSource): boolean {
  const { driver } = dataSource.options as { driver?: unknown };
  return typeof driver === 'object' && driver !== null && drivers.has(driver);
}
