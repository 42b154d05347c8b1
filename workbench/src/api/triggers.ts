import type { AppTriggersQuery, CreateHookMutation, ScheduleInput } from './generated/graphql';

/** One of an app's schedules as its owner sees it. */
export type Schedule = AppTriggersQuery['appTriggers']['schedules'][number];
/** One of an app's webhooks as its owner sees it: never the secret. */
export type Hook = AppTriggersQuery['appTriggers']['hooks'][number];
/** A new or rotated webhook, with its secret: shown this once. */
export type HookWithSecret = CreateHookMutation['createHook'];
export type ScheduleFields = ScheduleInput;

/** How a schedule repeats: the friendly choices, or cron. */
export const REPEATS = ['minutes', 'hourly', 'daily', 'weekly', 'cron'] as const;
export type Repeat = (typeof REPEATS)[number];
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
/** Every N minutes, as the server takes it: N divides the hour. */
export const EVERY_MINUTES = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30] as const;

/** What the stores may ask the server about an app's triggers (its owner only). */
export interface TriggersApi {
  appTriggers(appId: string): Promise<{ schedules: Schedule[]; hooks: Hook[] }>;
  createSchedule(appId: string, schedule: ScheduleFields): Promise<Schedule>;
  updateSchedule(appId: string, scheduleId: string, changes: ScheduleFields): Promise<Schedule>;
  deleteSchedule(appId: string, scheduleId: string): Promise<void>;
  createHook(appId: string, name: string | null, mapping: Record<string, string>): Promise<HookWithSecret>;
  rotateHookSecret(appId: string, hookId: string): Promise<HookWithSecret>;
  deleteHook(appId: string, hookId: string): Promise<void>;
}
