import express from 'express';
import { MigrationExecutor, type DataSource } from 'typeorm';
import type { BlockRegistry } from './kernel';

/** What readiness depends on, in the order it is checked. */
export const READINESS_CHECKS = ['database', 'migrations', 'blocks'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

export type CheckOutcome = { status: 'ok' } | { status: 'failed' | 'skipped'; message: string };

export interface Readiness {
  status: 'ready' | 'not_ready';
  checks: Record<ReadinessCheck, CheckOutcome>;
  /** When not ready: the checks that failed. */
  failed?: ReadinessCheck[];
}

export interface HealthOptions {
  dataSource: DataSource;
  registry: BlockRegistry;
  /** How long the readiness checks may take together before the database counts as not answering. */
  timeoutMs?: number;
}

/** Within the 5 s a container health check allows, with room to answer. */
const DEFAULT_TIMEOUT_MS = 2_000;

const OK: CheckOutcome = { status: 'ok' };

class TimedOut extends Error {}

function within<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Checks what serving needs: the database answers a query, every migration this version knows is
 * applied, and block packages are loaded. Failures are described for operators without the
 * underlying error, which goes to `log` instead (the answer is public).
 */
async function checkReadiness(options: HealthOptions, log: (line: string) => void): Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const { dataSource } = options;
  const silent = `The database did not answer within ${timeoutMs / 1000} s.`;
  const failed = (message: string): CheckOutcome => ({ status: 'failed', message });

  let database: CheckOutcome;
  if (!dataSource.isInitialized) {
    database = failed('The database connection is closed.');
  } else {
    try {
      await within(dataSource.query('SELECT 1'), deadline);
      database = OK;
    } catch (error) {
      if (!(error instanceof TimedOut)) log(`database: ${reason(error)}`);
      database = failed(error instanceof TimedOut ? silent : 'The database did not answer a query.');
    }
  }

  let migrations: CheckOutcome;
  if (database.status !== 'ok') {
    migrations = { status: 'skipped', message: 'Not checked: the database did not answer.' };
  } else {
    try {
      const pending = await within(new MigrationExecutor(dataSource).getPendingMigrations(), deadline);
      migrations =
        pending.length === 0
          ? OK
          : failed(`Not applied yet: ${pending.map((migration) => migration.name).join(', ')}.`);
    } catch (error) {
      if (!(error instanceof TimedOut)) log(`migrations: ${reason(error)}`);
      migrations = failed(error instanceof TimedOut ? silent : 'The applied migrations could not be read.');
    }
  }

  const blocks = options.registry.size > 0 ? OK : failed('No block packages are loaded.');

  const checks: Record<ReadinessCheck, CheckOutcome> = { database, migrations, blocks };
  const failing = READINESS_CHECKS.filter((name) => checks[name].status === 'failed');
  return failing.length === 0
    ? { status: 'ready', checks }
    : { status: 'not_ready', checks, failed: failing };
}

/** One line for the log: what failed, and why underneath. */
function describeFailure(outcome: Readiness, causes: string[]): string {
  const failures = (outcome.failed ?? []).map((name) => {
    const check = outcome.checks[name];
    return check.status === 'ok' ? name : `${name}: ${check.message}`;
  });
  return `Not ready. ${[...failures, ...causes].join(' ')}`;
}

function answer(res: express.Response, status: number, body: object): void {
  // Probes and load balancers must see the state of this moment, never a kept copy.
  res.status(status).setHeader('cache-control', 'no-store').json(body);
}

/**
 * `GET /healthz`: the process is up and serving HTTP (200 `{ "status": "ok" }`), nothing else
 * consulted, for restarting a process that hangs. `GET /readyz`: this process can serve people
 * (200 `{ "status": "ready", "checks" }`, else 503 `{ "status": "not_ready", "checks", "failed" }`),
 * for load balancers and start-up order. Both answer JSON, uncached, without sign-in. Probes that
 * arrive while a readiness check is under way share its answer, so a slow database is not queried
 * once per waiting probe.
 */
export function healthRoutes(options: HealthOptions): express.Router {
  const router = express.Router();
  let running: Promise<Readiness> | undefined;
  // The log says when what fails changes, not at every probe.
  let lastFailed: string | undefined;

  const readiness = async (): Promise<Readiness> => {
    const causes: string[] = [];
    const outcome = await checkReadiness(options, (line) => causes.push(`(${line})`));
    const failed = (outcome.failed ?? []).join(',');
    if (failed !== lastFailed) {
      if (failed !== '') console.error(describeFailure(outcome, causes));
      else if (lastFailed !== undefined) console.log('Ready again.');
      lastFailed = failed;
    }
    return outcome;
  };

  router.get('/healthz', (_req, res) => answer(res, 200, { status: 'ok' }));
  router.get('/readyz', async (_req, res) => {
    running ??= readiness().finally(() => (running = undefined));
    const outcome = await running;
    answer(res, outcome.status === 'ready' ? 200 : 503, outcome);
  });
  return router;
}
