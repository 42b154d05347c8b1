import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiError, errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import type { Hook, HookWithSecret, Repeat, Schedule, ScheduleFields } from '../api/triggers';
import { TRIGGERS } from '../texts/trigger-texts';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

export type TriggersState = 'idle' | 'loading' | 'ready' | 'notFound' | 'failed';

/** The inputs typed as JSON: an object, or the problem to show. */
export function parseInputs(text: string): { inputs: Record<string, unknown> } | { problem: string } {
  if (text.trim() === '') return { inputs: {} };
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value))
      return { inputs: value as Record<string, unknown> };
  } catch {
    // said below
  }
  return { problem: TRIGGERS.inputsProblem };
}

/** Mapping lines (`input_name = field.path`) as the server takes them, or the first bad line. */
export function parseMapping(text: string): { mapping: Record<string, string> } | { problem: string } {
  const mapping: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const match = /^([^=\s]+)\s*=\s*([^\s]+)$/.exec(line);
    if (!match) return { problem: TRIGGERS.mappingProblem(line) };
    mapping[match[1]!] = match[2]!;
  }
  return { mapping };
}

/** A body a webhook with this mapping takes: each mapped field filled with a sample; a generic one without. */
export function exampleBody(mapping: Record<string, string>): string {
  const body: Record<string, unknown> = {};
  for (const path of Object.values(mapping)) {
    const keys = path.split('.');
    let at = body;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) at[key] = 'hello';
      else at = (at[key] ??= {}) as Record<string, unknown>;
    });
  }
  return JSON.stringify(Object.keys(body).length > 0 ? body : { topic: 'hello' });
}

/** The secret shown once after a webhook is made or its secret rotated. */
export interface RevealedSecret {
  hook: HookWithSecret;
  rotated: boolean;
}

/**
 * An app's Triggers page for its owner: the schedules (add with a friendly repeat or cron, pause,
 * resume, delete; next and last run, the server's pause notice) and the webhooks (add with a
 * mapping, the secret shown once, rotate, delete).
 */
export class TriggersStore {
  appId = '';
  appName = '';
  state: TriggersState = 'idle';
  schedules: Schedule[] = [];
  hooks: Hook[] = [];
  busy = false;

  // The new schedule's form.
  repeat: Repeat = 'daily';
  everyMinutes = 15;
  minute = 0;
  time = '09:00';
  weekday = 'monday';
  cron = '';
  timeZone = '';
  scheduleName = '';
  inputsText = '';

  // The new webhook's form.
  hookName = '';
  mappingText = '';
  revealed: RevealedSecret | null = null;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
    private readonly toasts: ToastStore,
  ) {
    makeObservable(this, {
      appId: observable,
      appName: observable,
      state: observable,
      schedules: observableRef,
      hooks: observableRef,
      busy: observable,
      repeat: observable,
      everyMinutes: observable,
      minute: observable,
      time: observable,
      weekday: observable,
      cron: observable,
      timeZone: observable,
      scheduleName: observable,
      inputsText: observable,
      hookName: observable,
      mappingText: observable,
      revealed: observableRef,
      inputsProblem: computed,
      mappingProblem: computed,
      canAddSchedule: computed,
      canAddHook: computed,
      open: action,
      set: action,
      dismissSecret: action,
    });
  }

  get inputsProblem(): string {
    const parsed = parseInputs(this.inputsText);
    return 'problem' in parsed ? parsed.problem : '';
  }

  get mappingProblem(): string {
    const parsed = parseMapping(this.mappingText);
    return 'problem' in parsed ? parsed.problem : '';
  }

  get canAddSchedule(): boolean {
    return !this.busy && this.inputsProblem === '' && (this.repeat !== 'cron' || this.cron.trim() !== '');
  }

  get canAddHook(): boolean {
    return !this.busy && this.mappingProblem === '';
  }

  /** Sets one field of the forms. */
  set<
    K extends
      | 'repeat'
      | 'everyMinutes'
      | 'minute'
      | 'time'
      | 'weekday'
      | 'cron'
      | 'timeZone'
      | 'scheduleName'
      | 'inputsText'
      | 'hookName'
      | 'mappingText',
  >(key: K, value: TriggersStore[K]): void {
    (this as TriggersStore)[key] = value;
  }

  async open(appId: string): Promise<void> {
    this.appId = appId;
    this.state = 'loading';
    this.revealed = null;
    try {
      const app = await this.api.app(appId);
      if (app.owner_id !== this.session.user?.id) throw new ApiError('Not your app.', 'NOT_FOUND');
      const { schedules, hooks } = await this.api.triggers.appTriggers(appId);
      if (this.appId !== appId) return;
      runInAction(() => {
        this.appName = app.name;
        this.schedules = schedules;
        this.hooks = hooks;
        this.state = 'ready';
      });
    } catch (error) {
      if (this.appId !== appId) return;
      runInAction(() => {
        this.state = error instanceof ApiError && error.code === 'NOT_FOUND' ? 'notFound' : 'failed';
      });
    }
  }

  /** The new schedule's fields as the server takes them. */
  scheduleFields(): ScheduleFields {
    const parsed = parseInputs(this.inputsText);
    const fields: ScheduleFields = {
      repeat: this.repeat,
      inputs: 'inputs' in parsed ? parsed.inputs : {},
      ...(this.scheduleName.trim() && { name: this.scheduleName.trim() }),
      ...(this.timeZone.trim() && { timeZone: this.timeZone.trim() }),
    };
    if (this.repeat === 'minutes') fields.everyMinutes = this.everyMinutes;
    if (this.repeat === 'hourly') fields.minute = this.minute;
    if (this.repeat === 'daily' || this.repeat === 'weekly') fields.time = this.time;
    if (this.repeat === 'weekly') fields.weekday = this.weekday;
    if (this.repeat === 'cron') fields.cron = this.cron.trim();
    return fields;
  }

  async addSchedule(): Promise<void> {
    if (!this.canAddSchedule) return;
    await this.busyWith(TRIGGERS.scheduleFailed, async () => {
      const schedule = await this.api.triggers.createSchedule(this.appId, this.scheduleFields());
      runInAction(() => {
        this.schedules = [...this.schedules, schedule];
        this.scheduleName = '';
      });
      this.toasts.success(TRIGGERS.scheduleAdded);
    });
  }

  async setPaused(schedule: Schedule, paused: boolean): Promise<void> {
    await this.busyWith(TRIGGERS.pausedFailed, async () => {
      const changed = await this.api.triggers.updateSchedule(this.appId, schedule.id, { paused });
      runInAction(() => (this.schedules = this.schedules.map((s) => (s.id === changed.id ? changed : s))));
    });
  }

  async deleteSchedule(schedule: Schedule): Promise<void> {
    await this.busyWith(TRIGGERS.deleteFailed, async () => {
      await this.api.triggers.deleteSchedule(this.appId, schedule.id);
      runInAction(() => (this.schedules = this.schedules.filter((s) => s.id !== schedule.id)));
      this.toasts.success(TRIGGERS.deleted);
    });
  }

  async addHook(): Promise<void> {
    const parsed = parseMapping(this.mappingText);
    if (!this.canAddHook || !('mapping' in parsed)) return;
    await this.busyWith(TRIGGERS.hookFailed, async () => {
      const hook = await this.api.triggers.createHook(
        this.appId,
        this.hookName.trim() || null,
        parsed.mapping,
      );
      runInAction(() => {
        this.hooks = [...this.hooks, withoutSecret(hook)];
        this.revealed = { hook, rotated: false };
        this.hookName = '';
        this.mappingText = '';
      });
    });
  }

  async rotate(hook: Hook): Promise<void> {
    await this.busyWith(TRIGGERS.rotateFailed, async () => {
      const rotated = await this.api.triggers.rotateHookSecret(this.appId, hook.id);
      runInAction(() => {
        this.hooks = this.hooks.map((h) => (h.id === rotated.id ? withoutSecret(rotated) : h));
        this.revealed = { hook: rotated, rotated: true };
      });
    });
  }

  async deleteHook(hook: Hook): Promise<void> {
    await this.busyWith(TRIGGERS.deleteFailed, async () => {
      await this.api.triggers.deleteHook(this.appId, hook.id);
      runInAction(() => {
        this.hooks = this.hooks.filter((h) => h.id !== hook.id);
        if (this.revealed?.hook.id === hook.id) this.revealed = null;
      });
      this.toasts.success(TRIGGERS.deleted);
    });
  }

  /** The secret is forgotten once the person has taken it. */
  dismissSecret(): void {
    this.revealed = null;
  }

  private async busyWith(failure: string, work: () => Promise<void>): Promise<void> {
    runInAction(() => (this.busy = true));
    try {
      await work();
    } catch (error) {
      this.toasts.error(errorMessage(error, failure));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}

function withoutSecret(hook: HookWithSecret): Hook {
  const { secret: _secret, ...rest } = hook;
  return rest;
}
