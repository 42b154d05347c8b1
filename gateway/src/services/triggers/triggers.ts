import type { DataSource } from 'typeorm';
import type { RateLimiter } from '../../data/rate-limiter';
import type { Mailer } from '../accounts/mailer';
import { HookCalls } from './hook-calls';
import { HookService } from './hook-service';
import { OwnerRuns, type RunStarter } from './owner-runs';
import { ScheduleService } from './schedule-service';
import { TriggerScheduler } from './trigger-scheduler';

/** Apps' triggers: schedules, webhooks, the calls webhooks receive, and what fires schedules. */
export interface Triggers {
  /** The clock schedules are timed by; tests replace `now` to drive it. */
  clock: { now(): Date };
  schedules: ScheduleService;
  hooks: HookService;
  calls: HookCalls;
  scheduler: TriggerScheduler;
}

export function createTriggers(deps: {
  dataSource: DataSource;
  runs: RunStarter;
  limiter: RateLimiter;
  mailer?: Mailer;
  publicUrl: string;
  secretsKey?: Buffer | undefined;
}): Triggers {
  const { dataSource, publicUrl } = deps;
  const clock = { now: () => new Date() };
  const runs = new OwnerRuns(dataSource, deps.runs);
  const hooks = new HookService({ dataSource, secretsKey: deps.secretsKey, publicUrl });
  return {
    clock,
    schedules: new ScheduleService({ dataSource, clock }),
    hooks,
    calls: new HookCalls({ hooks, limiter: deps.limiter, runs }),
    scheduler: new TriggerScheduler({ dataSource, runs, clock, mailer: deps.mailer, publicUrl }),
  };
}
