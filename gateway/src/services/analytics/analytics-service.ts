import { createHash } from 'node:crypto';
import {
  EVENT_NAMES,
  PLANS,
  SERVER_EVENT_NAMES,
  entitlementMessage,
  isPlainObject,
  isPlanId,
  planHas,
  type AnalyticsLevel,
  type EventName,
} from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { queryPrepared, type PreparedStatement } from '../../data/prepared';
import { TurnBatches, type Settlers } from '../../data/write-batch';
import { ForbiddenError, InputError, NotFoundError } from '../../errors';
import { isUuid, timeOrderedUuid } from '../../ids';

/** The events the server records itself; `track` refuses them from clients. */
export const SERVER_EVENTS: ReadonlySet<EventName> = new Set<EventName>(SERVER_EVENT_NAMES);

export const ANALYTICS_PERIODS = ['7d', '30d'] as const;
export const SUMMARY_RANGES = ['1d', '7d', '30d', 'all'] as const;
const DAYS: Record<string, number> = { '1d': 1, '7d': 7, '30d': 30 };
const MAX_PROPS = 20;
const MAX_VALUE = 500;

/** At most MAX_VALUE characters as people see them: never half of an emoji's surrogate pair. */
function cut(value: string): string {
  if (value.length <= MAX_VALUE) return value;
  return Array.from(value.slice(0, MAX_VALUE + 1))
    .slice(0, MAX_VALUE)
    .join('')
    .slice(0, MAX_VALUE)
    .replace(/[\ud800-\udbff]$/, '');
}
/** Events written by one INSERT at most (they travel as one JSON parameter: this bounds its size). */
const MAX_BATCH = 500;
/**
 * How long an event the server witnessed waits for others before they are written together:
 * nobody waits on those (a browser's event, whose sender does, and `settled` cut the wait short),
 * and at hundreds of runs a second one INSERT then carries tens of them instead of a handful (the
 * events were a sixth of a REST run's statements, written after each batch of stored successes).
 */
const GATHER_MS = 50;

/** A row of `events`. */
interface EventRow {
  id: string;
  name: EventName;
  user_id: string | null;
  app_id: string | null;
  props: Record<string, unknown>;
  created_at: Date;
}

/** Writes event rows; $1 is a JSON array of them. */
const INSERT_EVENTS: PreparedStatement = {
  name: 'insert_events',
  text: `INSERT INTO events (id, name, user_id, app_id, props, created_at)
SELECT * FROM jsonb_to_recordset($1::jsonb)
  AS e(id uuid, name text, user_id uuid, app_id uuid, props jsonb, created_at timestamptz)`,
};

/** An event row waiting to be written, and its writer's answer. */
interface Waiting extends Settlers<void> {
  row: EventRow;
}

export interface MyAppAnalytics {
  id: string;
  name: string;
  isPublished: boolean;
  isPrivate: boolean;
  category: string;
  createdAt: string;
  views: number;
  runs: number;
  upvotes: number;
}

export interface MyAnalytics {
  period: string;
  /** What the owner's plan shows (`Plan.analytics`). */
  level: AnalyticsLevel;
  /** The one app the history is about (advanced analytics), or null for all the owner's apps. */
  appId: string | null;
  apps: MyAppAnalytics[];
  /**
   * Per day over the period, oldest first, every day present: runs, and on advanced analytics page
   * views (null below it). Empty on a plan without analytics.
   */
  history: { date: string; runs: number; views: number | null }[];
  totals: { views: number; runs: number; upvotes: number };
}

/** Keeps only short scalar fields; the e-mail of a password reset is never kept as written. */
function cleanProps(name: EventName, props: unknown): Record<string, string | number | boolean | null> {
  if (props === undefined || props === null) return {};
  if (!isPlainObject(props)) throw new InputError('Event properties must be an object.');
  const entries = Object.entries(props);
  if (entries.length > MAX_PROPS) throw new InputError(`An event may carry at most ${MAX_PROPS} properties.`);
  const clean: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of entries) {
    if (
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value))
    ) {
      clean[key] = value;
    } else if (typeof value === 'string') {
      clean[key] = cut(value);
    } else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      clean[key] = cut(value.join(','));
    }
  }
  if (name === 'password_reset_requested' && 'email' in clean) {
    const email = String(clean.email).trim().toLowerCase();
    delete clean.email;
    clean.email_hash = createHash('sha256').update(email).digest('hex').slice(0, 16);
  }
  return clean;
}

/**
 * First-party product analytics: events the server witnesses, events people's browsers send, and
 * the figures shown back.
 */
export class AnalyticsService {
  private readonly pending = new Set<Promise<void>>();
  /** Events waiting to be written together: one INSERT for all recorded within GATHER_MS. */
  private readonly batches = new TurnBatches<Waiting>((items) => this.write(items), {
    maxBatch: MAX_BATCH,
    gatherMs: GATHER_MS,
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (message: string) => void = (message) => console.error(message),
  ) {}

  /** An event a browser sends: known page events only. */
  async track(input: { name: string; props?: unknown; userId: string | null }): Promise<void> {
    if (!(EVENT_NAMES as readonly string[]).includes(input.name)) {
      throw new InputError(`Unknown event "${String(input.name).slice(0, 60)}".`);
    }
    if (SERVER_EVENTS.has(input.name as EventName)) {
      throw new InputError(`"${input.name}" is recorded by the server when it happens; do not send it.`);
    }
    // Its sender waits for it: written once the loop turns, with whatever else is waiting.
    const stored = this.enqueue(this.row(input.name as EventName, input.props, input.userId));
    this.keep(stored.catch(() => undefined));
    this.batches.flush();
    await stored;
  }

  /**
   * An event the server witnessed. Recorded in the background: analytics never slows down or
   * fails the operation it describes; a failure to record is logged.
   */
  record(
    name: EventName,
    props: Record<string, unknown>,
    userId: string | null,
    options: { describeApp?: string } = {},
  ): void {
    const stored = (options.describeApp ? this.withApp(options.describeApp, props) : Promise.resolve(props))
      .then((full) => this.enqueue(this.row(name, full, userId)))
      .catch((error: unknown) => {
        this.log(
          `Could not record the ${name} event: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    this.keep(stored);
  }

  /** Keeps a write in `pending` until it settles (`settled`). */
  private keep(stored: Promise<void>): void {
    this.pending.add(stored);
    void stored.finally(() => this.pending.delete(stored));
  }

  /** Adds a row to the next INSERT; settles when the row is written, or fails with its own error. */
  private enqueue(row: EventRow): Promise<void> {
    return this.batches.submit((settle) => ({ row, ...settle }));
  }

  private async write(items: Waiting[]): Promise<void> {
    await queryPrepared(this.dataSource, INSERT_EVENTS, [
      JSON.stringify(items.map(({ row }) => ({ ...row, created_at: row.created_at.toISOString() }))),
    ]);
    for (const one of items) one.resolve();
  }

  /** Adds app_id, app_name and publisher_id of an app to an event's fields. */
  private async withApp(appId: string, props: Record<string, unknown>): Promise<Record<string, unknown>> {
    const rows = (await this.dataSource.query('SELECT name, owner_id FROM apps WHERE id = $1', [appId])) as {
      name: string;
      owner_id: string;
    }[];
    const app = rows[0];
    return { app_id: appId, ...(app ? { app_name: app.name, publisher_id: app.owner_id } : {}), ...props };
  }

  /** Waits for events being recorded (tests, shutdown). */
  async settled(): Promise<void> {
    this.batches.flush();
    await Promise.all([...this.pending]);
  }

  /**
   * An event's row. An app id among its fields is kept once, in `app_id` (read back into the
   * fields by `summary`); any other `app_id` field stays where it was sent.
   */
  private row(name: EventName, rawProps: unknown, userId: string | null): EventRow {
    const { app_id: appId, ...rest } = cleanProps(name, rawProps);
    const kept = isUuid(appId);
    const props = kept || appId === undefined ? rest : { app_id: appId, ...rest };
    return {
      id: timeOrderedUuid(),
      name,
      user_id: userId,
      app_id: kept ? appId : null,
      props,
      created_at: this.now(),
    };
  }

  /**
   * The owner's apps with views, runs and upvotes, and, as far as their plan's analytics go
   * (`Plan.analytics`), runs per day over the period (basic), page views per day and one app at a
   * time (`appId`, advanced).
   */
  async myApps(userId: string, period = '7d', appId: string | null = null): Promise<MyAnalytics> {
    if (!(ANALYTICS_PERIODS as readonly string[]).includes(period))
      throw new InputError('period must be 7d or 30d.');
    const days = DAYS[period]!;
    const since = new Date(this.startOfDay(this.now()).getTime() - (days - 1) * 86_400_000);
    const [owner] = (await this.dataSource.query('SELECT plan FROM users WHERE id = $1', [userId])) as {
      plan: string;
    }[];
    const plan = PLANS[isPlanId(owner?.plan) ? owner.plan : 'free'];
    if (appId !== null && !planHas(plan, 'advancedAnalytics')) {
      throw new ForbiddenError(entitlementMessage(plan.id, 'advancedAnalytics'));
    }
    const apps = (await this.dataSource.query(
      `SELECT id, name, is_published, is_private, category, created_at, views, uses, upvotes
         FROM apps WHERE owner_id = $1 ORDER BY created_at`,
      [userId],
    )) as Record<string, unknown>[];
    if (appId !== null && !apps.some((row) => row.id === appId)) throw new NotFoundError('App not found.');
    const history = planHas(plan, 'analytics')
      ? await this.perDay(userId, appId, since, days, plan.analytics)
      : [];
    const list: MyAppAnalytics[] = apps.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      isPublished: Boolean(row.is_published),
      isPrivate: Boolean(row.is_private),
      category: String(row.category),
      createdAt: new Date(row.created_at as string).toISOString(),
      views: Number(row.views),
      runs: Number(row.uses),
      upvotes: Number(row.upvotes),
    }));
    const totals = list.reduce(
      (sum, app) => ({
        views: sum.views + app.views,
        runs: sum.runs + app.runs,
        upvotes: sum.upvotes + app.upvotes,
      }),
      { views: 0, runs: 0, upvotes: 0 },
    );
    return { period, level: plan.analytics, appId, apps: list, history, totals };
  }

  /**
   * Runs per day from `since` over `days` days, of one app or all the owner's, every day present;
   * on advanced analytics also page views per day (`app_viewed` events).
   */
  private async perDay(
    userId: string,
    appId: string | null,
    since: Date,
    days: number,
    level: AnalyticsLevel,
  ): Promise<MyAnalytics['history']> {
    const day = (column: string) => `to_char(date_trunc('day', ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
    const runs = (await this.dataSource.query(
      `SELECT ${day('r.created_at')} AS day, count(*)::int AS n
         FROM runs r JOIN apps a ON a.id = r.app_id
        WHERE a.owner_id = $1 AND r.created_at >= $2 AND ($3::uuid IS NULL OR r.app_id = $3)
        GROUP BY 1`,
      [userId, since, appId],
    )) as { day: string; n: number }[];
    const views =
      level === 'advanced'
        ? ((await this.dataSource.query(
            `SELECT ${day('e.created_at')} AS day, count(*)::int AS n
               FROM events e JOIN apps a ON a.id = e.app_id
              WHERE e.name = 'app_viewed' AND a.owner_id = $1 AND e.created_at >= $2
                AND ($3::uuid IS NULL OR e.app_id = $3)
              GROUP BY 1`,
            [userId, since, appId],
          )) as { day: string; n: number }[])
        : null;
    const runsByDay = new Map(runs.map((row) => [row.day, Number(row.n)]));
    const viewsByDay = views && new Map(views.map((row) => [row.day, Number(row.n)]));
    return Array.from({ length: days }, (_, i) => {
      const date = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      return { date, runs: runsByDay.get(date) ?? 0, views: viewsByDay ? (viewsByDay.get(date) ?? 0) : null };
    });
  }

  /** Admins: how many of each event in the range (`raw`), newest events for the side panel. */
  async summary(
    reviewer: { isAdmin: boolean },
    range = '30d',
  ): Promise<{
    range: string;
    raw: Record<string, number>;
    recent: { name: string; at: string; props: unknown }[];
  }> {
    if (!reviewer.isAdmin) throw new ForbiddenError('You do not have permission to view this page.');
    if (!(SUMMARY_RANGES as readonly string[]).includes(range))
      throw new InputError('range must be 1d, 7d, 30d or all.');
    const since = range === 'all' ? new Date(0) : new Date(this.now().getTime() - DAYS[range]! * 86_400_000);
    const counts = (await this.dataSource.query(
      'SELECT name, count(*)::int AS n FROM events WHERE created_at >= $1 GROUP BY name ORDER BY name',
      [since],
    )) as { name: string; n: number }[];
    // An event's app id is stored once, in its column (events stored before kept it in props too).
    const recent = (await this.dataSource.query(
      `SELECT name, created_at,
              CASE WHEN app_id IS NULL THEN props ELSE jsonb_build_object('app_id', app_id) || props END AS props
         FROM events WHERE created_at >= $1 ORDER BY created_at DESC LIMIT 200`,
      [since],
    )) as { name: string; created_at: string; props: unknown }[];
    return {
      range,
      raw: Object.fromEntries(counts.map((row) => [row.name, Number(row.n)])),
      recent: recent.map((row) => ({
        name: row.name,
        at: new Date(row.created_at).toISOString(),
        props: row.props,
      })),
    };
  }

  private startOfDay(date: Date): Date {
    return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  }
}
