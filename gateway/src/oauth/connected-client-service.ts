import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { OAuthClientRun, OAuthConnection } from '../data/entities';
import { AppError, InputError, NotFoundError } from '../errors';
import { isUuid } from '../ids';

/** The most credits per day a person may let one client spend (a typo guard, not a policy). */
export const MAX_DAILY_CREDIT_LIMIT = 1_000_000;
/** What the consent page proposes. */
export const SUGGESTED_DAILY_CREDIT_LIMIT = 50;
/** last_used_at is written at most this often per client, not on every call. */
const LAST_USED_PRECISION_MS = 60_000;
/** A hold lapses after this long (runs stop at RUN_TIMEOUT_SECONDS, 15 minutes by default). */
export const DEFAULT_HOLD_TTL_MS = 30 * 60_000;
/** Longer than any token the authorization server issues; refuses to look up megabytes. */
const MAX_TOKEN_LENGTH = 512;

/** A connected client as its person lists it. */
export interface ConnectedClientView {
  id: string;
  clientId: string;
  name: string;
  redirectHost: string;
  connectedAt: string;
  lastUsedAt: string | null;
  dailyCreditLimit: number;
  /** Credits charged through it since midnight UTC, refunds taken off. */
  spentToday: number;
  spentTotal: number;
}

/** Who an OAuth access token speaks for. */
export interface OAuthAccessTokenCaller {
  userId: string;
  clientId: string;
  dailyCreditLimit: number;
}

/** A paid call through a connected client that would pass the credits per day its person allowed. */
export class ClientDailyLimitError extends AppError {
  constructor(clientName: string, limit: number, spentToday: number, heldForCalls = 0) {
    super(
      'FORBIDDEN',
      `${clientName} may spend ${limit} credits a day on your account and has spent ${spentToday} today` +
        (heldForCalls > 0 ? ` (${heldForCalls} more are set aside for calls under way)` : '') +
        '; this call could pass that. Raise its daily limit under Connected apps on your account, or try again tomorrow.',
      { dailyCreditLimit: limit, spentToday, heldForCalls },
    );
  }
}

/** A daily credit limit from any input: a whole number from 0 to MAX_DAILY_CREDIT_LIMIT. */
export function readDailyCreditLimit(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_DAILY_CREDIT_LIMIT) {
    throw new InputError(
      `Set the daily credit limit as a whole number of credits from 0 to ${MAX_DAILY_CREDIT_LIMIT.toLocaleString('en-US')}.`,
      { field: 'dailyCreditLimit' },
    );
  }
  return value;
}

/** Text that may be stored and shown: no control characters (U+0000 included), at most `max` characters. */
export function displayText(value: unknown, max: number): string {
  const text = typeof value === 'string' ? value.replace(/\p{Cc}/gu, '').trim() : '';
  return [...text].slice(0, max).join('');
}

function startOfUtcDay(now: number): Date {
  const day = new Date(now);
  day.setUTCHours(0, 0, 0, 0);
  return day;
}

/** Credits set aside for one paid call through a connected client (`reserveClientAllowance`). */
export interface ClientAllowanceHold {
  /** Counts the call's run towards the client's spend. */
  recordRun(runId: string): Promise<void>;
  /** Ends the hold once the call has ended (its run's charges count instead). */
  release(): Promise<void>;
}

export interface NewConnection {
  userId: string;
  clientId: string;
  clientName: string;
  redirectHost: string;
  grantId: string;
  dailyCreditLimit: number;
}

/**
 * The clients people connected through OAuth (AI assistants calling apps as MCP tools): made on the
 * consent page, listed on the account page with their spend, their daily limit changed, revoked.
 * Also what the MCP endpoint asks: who an access token speaks for, and whether a paid call stays
 * within the client's daily limit. Everything is in the database, so every process agrees at once.
 */
export class ConnectedClientService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => number = Date.now,
    /** How long a hold counts at most: longer than any run may last, so a dead process's lapses. */
    private readonly holdTtlMs: number = DEFAULT_HOLD_TTL_MS,
  ) {}

  /**
   * Keeps the person's consent: one connection per person and client. Connecting the same client
   * again replaces the limit and the grant, and the previous grant's tokens stop working.
   */
  async connect(connection: NewConnection): Promise<void> {
    const limit = readDailyCreditLimit(connection.dailyCreditLimit);
    await this.dataSource.transaction(async (tx) => {
      const [previous] = (await tx.query(
        'SELECT grant_id FROM oauth_connections WHERE user_id = $1 AND client_id = $2 FOR UPDATE',
        [connection.userId, connection.clientId],
      )) as { grant_id: string }[];
      await tx.query(
        `INSERT INTO oauth_connections (id, user_id, client_id, client_name, redirect_host, grant_id, daily_credit_limit)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id, client_id) DO UPDATE SET client_name = EXCLUDED.client_name,
           redirect_host = EXCLUDED.redirect_host, grant_id = EXCLUDED.grant_id,
           daily_credit_limit = EXCLUDED.daily_credit_limit`,
        [
          randomUUID(),
          connection.userId,
          connection.clientId,
          connection.clientName,
          connection.redirectHost,
          connection.grantId,
          limit,
        ],
      );
      if (previous && previous.grant_id !== connection.grantId) await endGrant(tx, previous.grant_id);
    });
  }

  /** The person's connected clients, most recently connected first, with their spend. */
  async list(userId: string): Promise<ConnectedClientView[]> {
    const rows = (await this.dataSource.query(
      `SELECT c.*, s.today, s.total FROM oauth_connections c
       LEFT JOIN LATERAL (
         SELECT COALESCE(SUM(-l.delta) FILTER (WHERE l.created_at >= $2), 0) AS today,
                COALESCE(SUM(-l.delta), 0) AS total
         FROM oauth_client_runs r
         JOIN credit_ledger l ON l.run_id = r.run_id AND l.user_id = c.user_id AND l.kind IN ('debit', 'refund')
         WHERE r.connection_id = c.id
       ) s ON true
       WHERE c.user_id = $1 ORDER BY c.created_at DESC, c.id`,
      [userId, startOfUtcDay(this.now()).toISOString()],
    )) as ConnectionRow[];
    return rows.map(view);
  }

  /** Changes how many credits a day one of the person's clients may spend. */
  async setDailyCreditLimit(userId: string, id: unknown, limit: unknown): Promise<ConnectedClientView> {
    const dailyCreditLimit = readDailyCreditLimit(limit);
    const connectionId = this.ownId(id);
    const result = await this.dataSource
      .getRepository(OAuthConnection)
      .update({ id: connectionId, userId }, { dailyCreditLimit });
    if (!result.affected) throw notFound();
    const found = (await this.list(userId)).find((client) => client.id === connectionId);
    if (!found) throw notFound();
    return found;
  }

  /** Disconnects one of the person's clients: its tokens stop working at once, in every process. */
  async revoke(userId: string, id: unknown): Promise<void> {
    const connectionId = this.ownId(id);
    await this.dataSource.transaction(async (tx) => {
      // TypeORM answers a DELETE with [rows, count].
      const [[row]] = (await tx.query(
        'DELETE FROM oauth_connections WHERE id = $1 AND user_id = $2 RETURNING grant_id',
        [connectionId, userId],
      )) as [{ grant_id: string }[], number];
      if (!row) throw notFound();
      await endGrant(tx, row.grant_id);
    });
  }

  /**
   * Who an OAuth access token speaks for, or null when it is not one this server issued for its MCP
   * endpoint, has expired, or its client was disconnected.
   */
  async verifyOAuthAccessToken(token: string): Promise<OAuthAccessTokenCaller | null> {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
    if (token.includes('\u0000')) return null;
    const rows = (await this.dataSource.query(
      `SELECT m.payload, c.id, c.user_id, c.client_id, c.daily_credit_limit, c.last_used_at
       FROM oauth_models m
       JOIN oauth_connections c ON c.grant_id = m.grant_id
       WHERE m.kind = 'AccessToken' AND m.id = $1 AND m.expires_at > now()`,
      [token],
    )) as (Pick<ConnectionRow, 'id' | 'user_id' | 'client_id' | 'daily_credit_limit' | 'last_used_at'> & {
      payload: string;
    })[];
    const row = rows[0];
    if (!row) return null;
    const payload = JSON.parse(row.payload) as { accountId?: unknown; clientId?: unknown; exp?: unknown };
    const exp = typeof payload.exp === 'number' ? payload.exp : 0;
    if (payload.accountId !== row.user_id || payload.clientId !== row.client_id || exp * 1000 <= this.now()) {
      return null;
    }
    await this.touch(row.id, row.last_used_at);
    return { userId: row.user_id, clientId: row.client_id, dailyCreditLimit: Number(row.daily_credit_limit) };
  }

  /**
   * Refuses a paid call that could take the client's spend today past its daily limit (nothing is
   * set aside: `reserveClientAllowance` is the check to use before starting a call).
   */
  async assertClientAllowance(clientId: string, userId: string, maxCredits: number): Promise<void> {
    await (await this.reserveClientAllowance(clientId, userId, maxCredits)).release();
  }

  /**
   * Before a paid call through a connected client: refuses it (`ClientDailyLimitError`) when what
   * the client spent today, plus what its calls under way have set aside, plus `maxCredits` (the
   * most the call can cost) would pass its daily limit; else sets `maxCredits` aside until
   * `release()`. Checks are serialised per client (a row lock), so calls made at once, on any
   * process, cannot pass the limit together. Call `recordRun` once the run exists and `release`
   * when the call has ended (its run's charges count from then on).
   */
  async reserveClientAllowance(
    clientId: string,
    userId: string,
    maxCredits: number,
  ): Promise<ClientAllowanceHold> {
    const credits = Number.isFinite(maxCredits)
      ? Math.max(0, Math.ceil(maxCredits))
      : Number.MAX_SAFE_INTEGER;
    const holdId = randomUUID();
    const now = this.now();
    const connectionId = await this.dataSource.transaction(async (tx) => {
      const [connection] = (await tx.query(
        `SELECT id, client_name, daily_credit_limit FROM oauth_connections
         WHERE user_id = $1 AND client_id = $2 FOR UPDATE`,
        [userId, clientId],
      )) as Pick<ConnectionRow, 'id' | 'client_name' | 'daily_credit_limit'>[];
      if (!connection) throw notFound();
      const [usage] = (await tx.query(
        `SELECT
           (SELECT COALESCE(SUM(-l.delta), 0) FROM oauth_client_runs r
            JOIN credit_ledger l ON l.run_id = r.run_id AND l.user_id = $2 AND l.kind IN ('debit', 'refund')
            WHERE r.connection_id = $1 AND l.created_at >= $3) AS spent,
           (SELECT COALESCE(SUM(credits), 0) FROM oauth_allowance_holds
            WHERE connection_id = $1 AND expires_at > $4) AS held`,
        [connection.id, userId, startOfUtcDay(now).toISOString(), new Date(now).toISOString()],
      )) as { spent: number | string; held: number | string }[];
      const spent = Number(usage!.spent);
      const held = Number(usage!.held);
      const limit = Number(connection.daily_credit_limit);
      if (spent + held + credits > limit) {
        throw new ClientDailyLimitError(connection.client_name, limit, spent, held);
      }
      if (credits > 0) {
        await tx.query(
          'INSERT INTO oauth_allowance_holds (id, connection_id, credits, expires_at) VALUES ($1, $2, $3, $4)',
          [holdId, connection.id, credits, new Date(now + this.holdTtlMs).toISOString()],
        );
      }
      return connection.id;
    });
    return {
      recordRun: (runId) => this.link(connectionId, runId),
      release: async () => {
        await this.dataSource.query('DELETE FROM oauth_allowance_holds WHERE id = $1', [holdId]);
      },
    };
  }

  /** Counts a run a client started towards its spend (call it once the run exists). */
  async recordRun(clientId: string, userId: string, runId: string): Promise<void> {
    const connection = await this.dataSource.getRepository(OAuthConnection).findOneBy({ userId, clientId });
    if (!connection) throw notFound();
    await this.link(connection.id, runId);
  }

  private async link(connectionId: string, runId: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(OAuthClientRun)
      .values({ runId, connectionId })
      .orIgnore()
      .execute();
  }

  private ownId(id: unknown): string {
    if (!isUuid(id)) throw notFound();
    return id;
  }

  private async touch(id: string, lastUsedAt: Date | string | null): Promise<void> {
    const now = this.now();
    if (lastUsedAt !== null && now - new Date(lastUsedAt).getTime() < LAST_USED_PRECISION_MS) return;
    await this.dataSource.query('UPDATE oauth_connections SET last_used_at = $2 WHERE id = $1', [
      id,
      new Date(now).toISOString(),
    ]);
  }
}

interface ConnectionRow {
  id: string;
  user_id: string;
  client_id: string;
  client_name: string;
  redirect_host: string;
  daily_credit_limit: number | string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  today: number | string | null;
  total: number | string | null;
}

function view(row: ConnectionRow): ConnectedClientView {
  return {
    id: row.id,
    clientId: row.client_id,
    name: row.client_name,
    redirectHost: row.redirect_host,
    connectedAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
    dailyCreditLimit: Number(row.daily_credit_limit),
    spentToday: Number(row.today ?? 0),
    spentTotal: Number(row.total ?? 0),
  };
}

function notFound(): NotFoundError {
  return new NotFoundError('There is no connected app with that id on your account.');
}

/** Every record of a grant: the grant, its codes and tokens (oidc-provider's models). */
async function endGrant(tx: EntityManager, grantId: string): Promise<void> {
  await tx.query("DELETE FROM oauth_models WHERE grant_id = $1 OR (kind = 'Grant' AND id = $1)", [grantId]);
}
