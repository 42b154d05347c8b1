import { randomUUID } from 'node:crypto';
import { findUnstorableText, isPlainObject, unstorableTextMessage } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AppSchedule, type ScheduleStatus } from '../../data/entities';
import { InputError, NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import { ownedApp } from './owned-app';
import { describeTiming, nextRunAfter, timingOf, type Timing, type TimingChoice } from './schedule-timing';

/** A schedule as its owner sees it: when it runs, with what, when it ran and runs next. */
export interface ScheduleView extends Timing {
  id: string;
  appId: string;
  name: string;
  inputs: Record<string, unknown>;
  status: ScheduleStatus;
  /** Why the server paused it (the owner's credits ran out, ...); null when paused by hand or active. */
  pausedReason: string | null;
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastRunId: string | null;
  /** The last run's status (running, succeeded, failed, ...); null before the first. */
  lastRunStatus: string | null;
  /** Why the last due time started no run; null when it started one. */
  lastError: string | null;
  createdAt: string;
}

/** A new schedule: its timing (`repeat` and that choice's fields), optional name, inputs and pause. */
export interface ScheduleInput extends Partial<TimingChoice> {
  name?: unknown;
  inputs?: unknown;
  paused?: unknown;
}

export const SCHEDULE_NOT_FOUND = 'There is no such schedule.';
export const MAX_SCHEDULES_PER_APP = 20;
const MAX_NAME = 100;
const MAX_INPUT_CHARS = 100_000;

/** Where schedules are kept and how the clock is read (tests drive it). */
export interface ScheduleDeps {
  dataSource: DataSource;
  clock: { now(): Date };
}

function checkedName(raw: unknown, fallback: string): string {
  if (raw === undefined || raw === null) return fallback;
  if (typeof raw !== 'string' || raw.trim() === '' || raw.trim().length > MAX_NAME) {
    throw new InputError(`Give the schedule a name of ${MAX_NAME} characters at most.`, { field: 'name' });
  }
  return raw.trim();
}

/** Fixed inputs: an object of text, numbers and yes/no values (checked again when each run starts). */
function checkedInputs(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (!isPlainObject(raw)) {
    throw new InputError('Send the inputs as an object keyed by input name.', { field: 'inputs' });
  }
  let size = 0;
  for (const value of Object.values(raw as Record<string, unknown>)) {
    if (typeof value === 'string') size += value.length;
    else if (value !== null && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new InputError('Each input must be text, a number or a yes/no value.', { field: 'inputs' });
    }
  }
  if (size > MAX_INPUT_CHARS) {
    throw new InputError(`The inputs are too long: ${MAX_INPUT_CHARS} characters at most.`, {
      field: 'inputs',
    });
  }
  const unstorable = findUnstorableText(raw, 'inputs');
  if (unstorable !== null) throw new InputError(unstorableTextMessage(unstorable));
  return raw as Record<string, unknown>;
}

function checkedPaused(raw: unknown): boolean | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'boolean') throw new InputError('paused must be true or false.', { field: 'paused' });
  return raw;
}

/**
 * Apps' schedules, for their owners: create, list (with next and last run), change (timing,
 * inputs, pause and resume) and delete. Resuming sets the next due time from now: times missed
 * while paused do not run.
 */
export class ScheduleService {
  constructor(private readonly deps: ScheduleDeps) {}

  async list(userId: string, appId: string): Promise<ScheduleView[]> {
    await ownedApp(this.deps.dataSource, userId, appId);
    return this.views('s.app_id = $1', [appId]);
  }

  async create(userId: string, appId: string, input: ScheduleInput): Promise<ScheduleView> {
    await ownedApp(this.deps.dataSource, userId, appId);
    const timing = timingOf({ ...input, repeat: input.repeat! });
    const name = checkedName(input.name, timing.description);
    const inputs = checkedInputs(input.inputs);
    const paused = checkedPaused(input.paused) ?? false;
    const repository = this.deps.dataSource.getRepository(AppSchedule);
    if ((await repository.countBy({ appId })) >= MAX_SCHEDULES_PER_APP) {
      throw new InputError(
        `An app has ${MAX_SCHEDULES_PER_APP} schedules at most; delete one it no longer needs first.`,
      );
    }
    const now = this.deps.clock.now();
    const id = randomUUID();
    await repository.save({
      id,
      appId,
      name,
      cron: timing.cron,
      timeZone: timing.timeZone,
      inputs,
      status: paused ? 'paused' : 'active',
      pausedReason: null,
      nextRunAt: paused ? null : nextRunAfter(timing.cron, timing.timeZone, now),
      lastRunAt: null,
      lastRunId: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
    });
    return this.one(id);
  }

  /** Changes what is sent: a timing needs its `repeat`; `paused: false` resumes from now. */
  async update(
    userId: string,
    appId: string,
    scheduleId: string,
    changes: ScheduleInput,
  ): Promise<ScheduleView> {
    const schedule = await this.owned(userId, appId, scheduleId);
    const timing =
      changes.repeat !== undefined && changes.repeat !== null
        ? timingOf({ ...changes, repeat: changes.repeat })
        : describeTiming(schedule.cron, schedule.timeZone);
    const paused = checkedPaused(changes.paused) ?? schedule.status === 'paused';
    const now = this.deps.clock.now();
    const retimed = timing.cron !== schedule.cron || timing.timeZone !== schedule.timeZone;
    const resumed = !paused && schedule.status === 'paused';
    await this.deps.dataSource.getRepository(AppSchedule).save({
      ...schedule,
      name: checkedName(changes.name, schedule.name),
      cron: timing.cron,
      timeZone: timing.timeZone,
      ...(changes.inputs !== undefined && { inputs: checkedInputs(changes.inputs) }),
      status: paused ? 'paused' : 'active',
      ...(paused && { nextRunAt: null }),
      // A pause by hand or a resume clears the server's notice.
      ...((paused || resumed) && { pausedReason: null }),
      ...(!paused && (retimed || resumed) && { nextRunAt: nextRunAfter(timing.cron, timing.timeZone, now) }),
      updatedAt: now,
    });
    return this.one(schedule.id);
  }

  async remove(userId: string, appId: string, scheduleId: string): Promise<void> {
    const schedule = await this.owned(userId, appId, scheduleId);
    await this.deps.dataSource.getRepository(AppSchedule).delete({ id: schedule.id });
  }

  private async owned(userId: string, appId: string, scheduleId: string): Promise<AppSchedule> {
    await ownedApp(this.deps.dataSource, userId, appId);
    const schedule = isUuid(scheduleId)
      ? await this.deps.dataSource.getRepository(AppSchedule).findOneBy({ id: scheduleId, appId })
      : null;
    if (!schedule) throw new NotFoundError(SCHEDULE_NOT_FOUND);
    return schedule;
  }

  private async one(id: string): Promise<ScheduleView> {
    const [view] = await this.views('s.id = $1', [id]);
    if (!view) throw new NotFoundError(SCHEDULE_NOT_FOUND);
    return view;
  }

  private async views(where: string, parameters: unknown[]): Promise<ScheduleView[]> {
    const rows = (await this.deps.dataSource.query(
      `SELECT s.*, r.status AS last_run_status FROM app_schedules s
         LEFT JOIN runs r ON r.id = s.last_run_id
        WHERE ${where} ORDER BY s.created_at, s.id`,
      parameters,
    )) as Record<string, unknown>[];
    return rows.map(toView);
  }
}

function iso(value: unknown): string | null {
  return value === null || value === undefined ? null : new Date(value as string | Date).toISOString();
}

function toView(row: Record<string, unknown>): ScheduleView {
  const inputs = typeof row.inputs === 'string' ? (JSON.parse(row.inputs) as unknown) : row.inputs;
  return {
    ...describeTiming(String(row.cron), String(row.time_zone)),
    id: String(row.id),
    appId: String(row.app_id),
    name: String(row.name),
    inputs: (inputs ?? {}) as Record<string, unknown>,
    status: row.status as ScheduleStatus,
    pausedReason: (row.paused_reason as string | null) ?? null,
    nextRunAt: iso(row.next_run_at),
    lastRunAt: iso(row.last_run_at),
    lastRunId: (row.last_run_id as string | null) ?? null,
    lastRunStatus: (row.last_run_status as string | null) ?? null,
    lastError: (row.last_error as string | null) ?? null,
    createdAt: iso(row.created_at)!,
  };
}
