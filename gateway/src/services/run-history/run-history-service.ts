import {
  RUN_RECORD_STATUSES,
  RUN_SOURCES,
  blockTitle,
  isRunSource,
  type AppConfig,
  type RunSource,
} from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import type { RunRecordStatus } from '../../data/entities';
import { decodePageEnd, encodePageEnd, exactTime } from '../../data/page-cursor';
import { expandResult } from '../runs/compact-result';
import { expandSteps } from '../runs/compact-steps';
import { keptCredits } from '../runs/kept-credits';
import type { StoredRun } from '../runs/run-records';
import { ConflictError, InputError, NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import type { BlockRegistry } from '../../kernel';
import { configForRunners } from '../apps/to-app';
import type { FileLinks } from '../files/file-links';
import {
  RunView,
  type RunDetails,
  type RunLoaders,
  type RunNames,
  type RunSummary,
  type RunVersionView,
} from './run-view';
import type { StoredSteps } from '../runs/run-steps';

/** Who is asking. */
export interface RunViewer {
  userId: string;
  isAdmin: boolean;
}

export interface RunPage {
  runs: RunView[];
  /** The cursor of the page after this one; null when this is the last. */
  nextCursor: string | null;
}

export const MAX_RUNS_PAGE = 100;
export const DEFAULT_RUNS_PAGE = 20;

const RUN_STATUSES: readonly RunRecordStatus[] = RUN_RECORD_STATUSES;
const RUN_NOT_FOUND = 'Run not found.';
const APP_NOT_FOUND = 'App not found.';
/** Runs deleted per statement by the retention sweep. */
const PRUNE_BATCH = 500;

/** The columns a list row needs (never inputs, result or steps). */
const SUMMARY_COLUMNS = `r.id, r.app_id, r.user_id, r.action_type, r.source, r.status, r.cost, r.error,
  r.error_code, r.created_at, r.finished_at, r.details_shared, r.visitor, r.parent_run_id,
  ${exactTime('r.created_at')} AS cursor_at`;

/** Where kept files are removed (the disk store; tests may pass another). */
export interface KeptFiles {
  discard(ids: readonly string[]): Promise<void>;
}

export interface RunHistoryDeps {
  dataSource: DataSource;
  fileLinks: FileLinks;
  registry: BlockRegistry;
  files: KeptFiles;
}

type Row = Record<string, unknown>;

function toSummary(row: Row): RunSummary {
  return {
    id: String(row.id),
    appId: String(row.app_id),
    userId: String(row.user_id),
    actionType: String(row.action_type),
    source: row.source as RunSource,
    status: row.status as RunRecordStatus,
    cost: Number(row.cost),
    error: (row.error as string | null) ?? null,
    errorCode: (row.error_code as string | null) ?? null,
    createdAt: new Date(row.created_at as string | Date),
    finishedAt: row.finished_at == null ? null : new Date(row.finished_at as string | Date),
    detailsShared: row.details_shared === true,
    visitor: row.visitor === true,
    parentRunId: (row.parent_run_id as string | null) ?? null,
  };
}

/** The viewer started the run (a visitor's embed run is nobody's own). */
function isMine(summary: RunSummary, viewer: RunViewer): boolean {
  return summary.userId === viewer.userId && !summary.visitor;
}

/** Who may see a run: its runner, its app's owner (under the privacy rule) and admins. */
function mayView(summary: RunSummary, appOwnerId: unknown, viewer: RunViewer): boolean {
  return isMine(summary, viewer) || viewer.isAdmin || appOwnerId === viewer.userId;
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * What people can look back at: an app's runs for its owner, a person's own runs, one run under
 * the privacy rule (`RunView`), deleting a run, and the retention sweep. Lists are keyset
 * paginated, newest first, on (created_at, id) through the runs_app and runs_user indexes.
 */
export class RunHistoryService {
  constructor(private readonly deps: RunHistoryDeps) {}

  /** An app's runs, newest first, for its owner (and admins); anyone else: not found. */
  async appRuns(
    viewer: RunViewer,
    appId: string,
    options: { limit?: number; cursor?: string | null; status?: string | null; source?: string | null } = {},
  ): Promise<RunPage> {
    const limit = pageLimit(options.limit);
    const status = options.status ?? null;
    const source = options.source ?? null;
    if (status !== null && !RUN_STATUSES.includes(status as RunRecordStatus)) {
      throw new InputError(`status must be one of ${RUN_STATUSES.join(', ')}.`, { field: 'status' });
    }
    if (source !== null && !isRunSource(source)) {
      throw new InputError(`source must be one of ${RUN_SOURCES.join(', ')}.`, { field: 'source' });
    }
    const after = options.cursor ? decodePageEnd(options.cursor) : null;
    const [app] = isUuid(appId)
      ? ((await this.deps.dataSource.query('SELECT owner_id FROM apps WHERE id = $1', [appId])) as Row[])
      : [];
    if (!app || (!viewer.isAdmin && app.owner_id !== viewer.userId)) throw new NotFoundError(APP_NOT_FOUND);
    const parameters: unknown[] = [appId];
    const where = ['r.app_id = $1'];
    if (after) {
      parameters.push(after.at, after.id);
      where.push(
        `(r.created_at, r.id) < ($${parameters.length - 1}::timestamptz, $${parameters.length}::uuid)`,
      );
    }
    if (status !== null) {
      parameters.push(status);
      where.push(`r.status = $${parameters.length}`);
    }
    if (source !== null) {
      parameters.push(source);
      where.push(`r.source = $${parameters.length}`);
    }
    parameters.push(limit + 1);
    const rows = (await this.deps.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS} FROM runs r WHERE ${where.join(' AND ')}
        ORDER BY r.created_at DESC, r.id DESC LIMIT $${parameters.length}`,
      parameters,
    )) as Row[];
    return this.page(rows, limit, viewer);
  }

  /** The runs the caller started, newest first (of one app when `appId` is given). */
  async myRuns(
    viewer: RunViewer,
    options: { limit?: number; cursor?: string | null; appId?: string | null } = {},
  ): Promise<RunPage> {
    const limit = pageLimit(options.limit);
    const after = options.cursor ? decodePageEnd(options.cursor) : null;
    const appId = options.appId ?? null;
    if (appId !== null && !isUuid(appId)) return { runs: [], nextCursor: null };
    const parameters: unknown[] = [viewer.userId];
    const where = ['r.user_id = $1', 'NOT r.visitor'];
    if (after) {
      parameters.push(after.at, after.id);
      where.push(
        `(r.created_at, r.id) < ($${parameters.length - 1}::timestamptz, $${parameters.length}::uuid)`,
      );
    }
    if (appId !== null) {
      parameters.push(appId);
      where.push(`r.app_id = $${parameters.length}`);
    }
    parameters.push(limit + 1);
    const rows = (await this.deps.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS} FROM runs r WHERE ${where.join(' AND ')}
        ORDER BY r.created_at DESC, r.id DESC LIMIT $${parameters.length}`,
      parameters,
    )) as Row[];
    return this.page(rows, limit, viewer);
  }

  /** One run: its runner's, or its app owner's (and admins') under the privacy rule. */
  async run(viewer: RunViewer, runId: string): Promise<RunView> {
    const [row] = isUuid(runId)
      ? ((await this.deps.dataSource.query(
          `SELECT ${SUMMARY_COLUMNS}, a.owner_id FROM runs r JOIN apps a ON a.id = r.app_id WHERE r.id = $1`,
          [runId],
        )) as Row[])
      : [];
    if (!row) throw new NotFoundError(RUN_NOT_FOUND);
    const summary = toSummary(row);
    if (!mayView(summary, row.owner_id, viewer)) throw new NotFoundError(RUN_NOT_FOUND);
    return new RunView(summary, { mine: isMine(summary, viewer) }, this.loaders([summary.id], viewer));
  }

  /**
   * The runs a run started (an agent block calling published apps as tools), oldest first, each
   * charged on its own to whoever paid for the run that called it: those the viewer may see (their
   * own, or runs of an app they own).
   */
  async startedBy(viewer: RunViewer, runId: string): Promise<RunView[]> {
    const rows = (await this.deps.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS}, a.owner_id FROM runs r JOIN apps a ON a.id = r.app_id
        WHERE r.parent_run_id = $1 ORDER BY r.created_at, r.id LIMIT ${MAX_RUNS_PAGE}`,
      [runId],
    )) as Row[];
    const summaries = rows.flatMap((row) => {
      const summary = toSummary(row);
      return mayView(summary, row.owner_id, viewer) ? [summary] : [];
    });
    const loaders = this.loaders(
      summaries.map((summary) => summary.id),
      viewer,
    );
    return summaries.map((summary) => new RunView(summary, { mine: isMine(summary, viewer) }, loaders));
  }

  /**
   * A run its caller has just made, as runApp and friends answer it: theirs to see whole (the
   * embed's visitor too, who is answered their own run). Names and details load only when asked.
   */
  answer(record: StoredRun, viewer: RunViewer | null): RunView {
    const summary: RunSummary = {
      id: record.id,
      appId: record.appId,
      userId: record.userId,
      actionType: record.actionType,
      source: record.source,
      status: record.status,
      cost: record.cost,
      error: record.error,
      errorCode: record.errorCode,
      createdAt: record.createdAt,
      finishedAt: record.finishedAt,
      detailsShared: record.detailsShared,
      visitor: record.visitor,
      parentRunId: record.parentRunId ?? null,
    };
    // Its inputs, result and steps are at hand.
    const known = {
      details: { inputs: record.inputs, result: record.result },
      steps: record.nodes as StoredSteps | undefined,
    };
    return new RunView(summary, { mine: true }, this.loaders([record.id], viewer, known));
  }

  /** Deletes one run of an app the caller owns (a run still going cannot be). */
  async deleteRun(viewer: RunViewer, runId: string): Promise<void> {
    const [row] = isUuid(runId)
      ? ((await this.deps.dataSource.query(
          `SELECT r.status, a.owner_id FROM runs r JOIN apps a ON a.id = r.app_id WHERE r.id = $1`,
          [runId],
        )) as Row[])
      : [];
    if (!row || row.owner_id !== viewer.userId) throw new NotFoundError(RUN_NOT_FOUND);
    if (row.status === 'running' || row.status === 'queued') {
      throw new ConflictError('This run is still going: delete it once it has ended.');
    }
    if (row.status === 'waiting') {
      throw new ConflictError('This run is waiting for approval: reject it first, then delete it.');
    }
    const deleted = (await this.deps.dataSource.query(
      `DELETE FROM runs WHERE id = $1 AND status NOT IN ('running', 'queued', 'waiting') RETURNING ${KEPT_FILES_SQL}`,
      [runId],
    )) as Row[] | [Row[], number];
    await this.discardFiles(returned(deleted));
  }

  /**
   * The retention sweep: deletes runs that ended more than `days` days ago (a run still going has
   * not ended), with the files their steps kept, a batch at a time. Answers how many runs went.
   */
  async prune(days: number): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = returned(
        (await this.deps.dataSource.query(
          `DELETE FROM runs WHERE id IN (
             SELECT id FROM runs
              WHERE finished_at < now() - make_interval(days => $1) AND status NOT IN ('running', 'queued')
              ORDER BY finished_at LIMIT $2)
           RETURNING ${KEPT_FILES_SQL}`,
          [days, PRUNE_BATCH],
        )) as Row[] | [Row[], number],
      );
      await this.discardFiles(deleted);
      total += deleted.length;
      if (deleted.length < PRUNE_BATCH) return total;
    }
  }

  private async discardFiles(rows: Row[]): Promise<void> {
    const ids = rows
      .flatMap((row) => json<string[] | null>(row.files) ?? [])
      .map((url) => /^\/files\/([0-9a-f-]{36})$/i.exec(url)?.[1])
      .filter((id): id is string => id !== undefined);
    if (ids.length > 0) await this.deps.files.discard(ids);
  }

  private page(rows: Row[], limit: number, viewer: RunViewer): RunPage {
    const more = rows.length > limit;
    const kept = more ? rows.slice(0, limit) : rows;
    const summaries = kept.map(toSummary);
    const loaders = this.loaders(
      summaries.map((s) => s.id),
      viewer,
    );
    const last = kept.at(-1);
    return {
      runs: summaries.map((summary) => new RunView(summary, { mine: isMine(summary, viewer) }, loaders)),
      nextCursor: more && last ? encodePageEnd({ at: String(last.cursor_at), id: String(last.id) }) : null,
    };
  }

  /**
   * What a page's views load when asked: the inputs and results, the steps, and the names of all
   * its runs, one query each, made the first time any view needs it. `known`: what a run just
   * made brings with it.
   */
  private loaders(
    ids: string[],
    viewer: RunViewer | null,
    known?: { details: RunDetails; steps: StoredSteps | undefined },
  ): RunLoaders {
    const { dataSource, fileLinks, registry } = this.deps;
    let details: Promise<Map<string, RunDetails>> | undefined;
    let steps: Promise<Map<string, StoredSteps>> | undefined;
    let names: Promise<Map<string, RunNames>> | undefined;
    const configs = new Map<string, Promise<AppConfig | null>>();
    // One query for every run of the page, its rows keyed by run id.
    const byRun = <T>(sql: string, read: (row: Row) => T) =>
      (dataSource.query(sql, [ids]) as Promise<Row[]>).then(
        (rows) => new Map(rows.map((row) => [String(row.id), read(row)])),
      );
    const byId = <T>(column: string, read: (row: Row) => T) =>
      byRun(`SELECT id, ${column} FROM runs WHERE id = ANY($1::uuid[])`, read);
    const ownsApp = (row: Row) => viewer !== null && (viewer.isAdmin || row.owner_id === viewer.userId);
    const loadDetails = () =>
      (details ??= known
        ? Promise.resolve(new Map([[ids[0]!, known.details]]))
        : byId('inputs, result', (row) => ({
            inputs: json(row.inputs),
            result: expandResult(json<Record<string, unknown> | null>(row.result)),
          })));
    const loadSteps = () =>
      (steps ??=
        known?.steps !== undefined
          ? Promise.resolve(new Map([[ids[0]!, known.steps]]))
          : // A succeeded run's steps and result are stored compacted (runs/compact-steps.ts,
            // runs/compact-result.ts).
            byId('nodes, result', (row) =>
              expandSteps(
                json<StoredSteps>(row.nodes),
                expandResult(json<Record<string, unknown> | null>(row.result)),
              ),
            ));
    const loadNames = () =>
      (names ??= byRun(
        `SELECT r.id, a.owner_id, a.name, a.live->>'name' AS live_name, u.full_name, u.email, r.user_id
           FROM runs r JOIN apps a ON a.id = r.app_id JOIN users u ON u.id = r.user_id
          WHERE r.id = ANY($1::uuid[])`,
        (row): RunNames => {
          const self = viewer !== null && row.user_id === viewer.userId;
          const fullName = String(row.full_name ?? '').trim();
          return {
            // The draft's name is its owner's; everyone else knows the app by its live name.
            appName: String(ownsApp(row) ? row.name : (row.live_name ?? row.name)),
            // Other people's e-mail addresses are never shown.
            runnerName: fullName || (self ? String(row.email) : 'Someone signed in'),
          };
        },
      ));
    let versions: Promise<Map<string, RunVersionView>> | undefined;
    const loadVersions = () =>
      (versions ??= byRun(
        `SELECT r.id, v.id AS version_id, v.number, v.config, a.owner_id
           FROM runs r JOIN app_versions v ON v.id = r.version_id JOIN apps a ON a.id = r.app_id
          WHERE r.id = ANY($1::uuid[])`,
        (row): RunVersionView => {
          const config = json<AppConfig>(row.config);
          return {
            id: String(row.version_id),
            number: Number(row.number),
            // The prompts stay the owner's, as on the app's page.
            config: (ownsApp(row) ? config : configForRunners(config, registry)) as unknown as Record<
              string,
              unknown
            >,
          };
        },
      ));
    let kept: Promise<Map<string, number>> | undefined;
    const loadKept = () => (kept ??= keptCredits(dataSource, ids));
    const missing = (id: string): never => {
      throw new NotFoundError(`${RUN_NOT_FOUND} (${id})`);
    };
    return {
      details: async (id) => (await loadDetails()).get(id) ?? missing(id),
      steps: async (id) => {
        const loaded = await loadSteps();
        return loaded.has(id) ? loaded.get(id)! : missing(id);
      },
      names: async (id) => (await loadNames()).get(id) ?? missing(id),
      version: async (id) => (await loadVersions()).get(id) ?? null,
      keptCredits: async (id) => (await loadKept()).get(id) ?? 0,
      sign: (value) => fileLinks.sign(value),
      blockOf: async (runId, nodeId) => {
        let config = configs.get(runId);
        if (!config) {
          config = (
            dataSource.query('SELECT a.config FROM runs r JOIN apps a ON a.id = r.app_id WHERE r.id = $1', [
              runId,
            ]) as Promise<Row[]>
          ).then((rows) => (rows[0] ? json<AppConfig>(rows[0].config) : null));
          configs.set(runId, config);
        }
        const plugin = (await config)?.plugins?.find((p) => p.id === nodeId);
        if (!plugin) return { kind: '', title: nodeId };
        return {
          kind: plugin.type,
          title: blockTitle(plugin.settings, registry.get(plugin.type)?.name ?? plugin.type),
        };
      },
    };
  }
}

/** The `/files/<id>` links a deleted run's steps kept its cut outputs in, as `files`. */
const KEPT_FILES_SQL = `(
  SELECT COALESCE(jsonb_agg(kept.value), '[]'::jsonb)
    FROM jsonb_each(COALESCE(runs.nodes::jsonb, '{}'::jsonb)) AS step(id, value),
         jsonb_each_text(CASE WHEN jsonb_typeof(step.value->'files') = 'object' THEN step.value->'files' ELSE '{}'::jsonb END) AS kept(name, value)
) AS files`;

/** The rows of a DELETE ... RETURNING, however the driver hands them over. */
function returned(result: Row[] | [Row[], number]): Row[] {
  return Array.isArray(result[0]) ? (result[0] as Row[]) : (result as Row[]);
}

function pageLimit(limit: number | undefined): number {
  const value = limit ?? DEFAULT_RUNS_PAGE;
  if (!Number.isInteger(value) || value < 1 || value > MAX_RUNS_PAGE) {
    throw new InputError(`limit must be a whole number from 1 to ${MAX_RUNS_PAGE}.`, { field: 'limit' });
  }
  return value;
}
