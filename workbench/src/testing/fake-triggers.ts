import { ApiError } from '../api/blocksmith-api';
import type { Hook, HookWithSecret, Schedule, ScheduleFields, TriggersApi } from '../api/triggers';

/** An app's triggers kept in memory, answering as the gateway does (timing in words kept simple). */
export class FakeTriggers implements TriggersApi {
  schedules: Schedule[] = [];
  hooks: Hook[] = [];
  /** Calls made, by method name. */
  calls: string[] = [];
  /** A method that fails with this error next. */
  failNext: { method: keyof TriggersApi; error: Error } | null = null;
  private next = 0;

  private check(method: keyof TriggersApi): void {
    this.calls.push(method);
    if (this.failNext?.method === method) {
      const { error } = this.failNext;
      this.failNext = null;
      throw error;
    }
  }

  async appTriggers(appId: string) {
    this.check('appTriggers');
    return {
      schedules: this.schedules.filter((s) => s.appId === appId),
      hooks: this.hooks.filter((h) => h.appId === appId),
    };
  }

  async createSchedule(appId: string, fields: ScheduleFields): Promise<Schedule> {
    this.check('createSchedule');
    const n = ++this.next;
    const description =
      fields.repeat === 'cron' ? `Cron ${fields.cron} (UTC)` : `Every ${fields.everyMinutes} minutes`;
    const schedule: Schedule = {
      id: `schedule-${n}`,
      appId,
      name: fields.name ?? description,
      repeat: fields.repeat ?? 'minutes',
      everyMinutes: fields.everyMinutes ?? null,
      minute: fields.minute ?? null,
      time: fields.time ?? null,
      weekday: fields.weekday ?? null,
      cron: fields.cron ?? `*/${fields.everyMinutes} * * * *`,
      timeZone: fields.timeZone ?? 'UTC',
      description,
      inputs: fields.inputs ?? {},
      status: fields.paused ? 'paused' : 'active',
      pausedReason: null,
      nextRunAt: fields.paused ? null : '2031-01-06T08:15:00.000Z',
      lastRunAt: null,
      lastRunId: null,
      lastRunStatus: null,
      lastError: null,
      createdAt: '2031-01-06T08:00:00.000Z',
    };
    this.schedules.push(schedule);
    return { ...schedule };
  }

  async updateSchedule(_appId: string, scheduleId: string, changes: ScheduleFields): Promise<Schedule> {
    this.check('updateSchedule');
    const schedule = this.schedules.find((s) => s.id === scheduleId);
    if (!schedule) throw new ApiError('There is no such schedule.', 'NOT_FOUND');
    if (changes.paused !== undefined && changes.paused !== null) {
      schedule.status = changes.paused ? 'paused' : 'active';
      schedule.nextRunAt = changes.paused ? null : '2031-01-06T08:30:00.000Z';
      schedule.pausedReason = null;
    }
    return { ...schedule };
  }

  async deleteSchedule(_appId: string, scheduleId: string): Promise<void> {
    this.check('deleteSchedule');
    this.schedules = this.schedules.filter((s) => s.id !== scheduleId);
  }

  async createHook(
    appId: string,
    name: string | null,
    mapping: Record<string, string>,
  ): Promise<HookWithSecret> {
    this.check('createHook');
    const n = ++this.next;
    const hook: Hook = {
      id: `hook-${n}`,
      appId,
      name: name ?? 'Webhook',
      url: `http://localhost/api/hooks/hook-${n}`,
      secretPrefix: `bswh_h${n}`,
      mapping,
      createdAt: '2031-01-06T08:00:00.000Z',
      rotatedAt: null,
      lastCalledAt: null,
    };
    this.hooks.push(hook);
    return { ...hook, secret: `bswh_h${n}_secret` };
  }

  async rotateHookSecret(_appId: string, hookId: string): Promise<HookWithSecret> {
    this.check('rotateHookSecret');
    const hook = this.hooks.find((h) => h.id === hookId);
    if (!hook) throw new ApiError('There is no such webhook.', 'NOT_FOUND');
    hook.rotatedAt = '2031-01-06T09:00:00.000Z';
    return { ...hook, secret: `${hook.secretPrefix}_rotated` };
  }

  async deleteHook(_appId: string, hookId: string): Promise<void> {
    this.check('deleteHook');
    this.hooks = this.hooks.filter((h) => h.id !== hookId);
  }
}
