import {
  anyObject,
  arrayOf,
  boolean,
  dateTime,
  enumOf,
  integer,
  nullableInteger,
  nullableString,
  object,
  string,
  type JsonSchema,
} from './json-schema';
import { route, type Route } from './route';
import { APP_ID, field, uuidParam } from './route-helpers';
import {
  AppTriggersDocument,
  CreateHookDocument,
  CreateScheduleDocument,
  DeleteHookDocument,
  DeleteScheduleDocument,
  RotateHookSecretDocument,
  UpdateHookDocument,
  UpdateScheduleDocument,
} from './generated/graphql';

/** An app's triggers, for its owner: schedules and webhooks under /apps/{id}/triggers. */

const REPEATS = ['minutes', 'hourly', 'daily', 'weekly', 'cron'];
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const SCHEDULE_PROPERTIES = {
  id: string('Opaque id (a UUID).', { format: 'uuid' }),
  appId: string('The app’s id.', { format: 'uuid' }),
  name: string('Its name.'),
  repeat: enumOf(REPEATS, 'How it repeats.'),
  everyMinutes: nullableInteger('minutes: every N minutes.'),
  minute: nullableInteger('hourly: the minute past the hour.'),
  time: nullableString('daily and weekly: HH:MM.'),
  weekday: nullableString('weekly: the day.'),
  cron: string('The cron expression it runs on (five fields).'),
  timeZone: string('IANA time zone (UTC by default).'),
  description: string('In words: Every 15 minutes, Daily at 09:00 (UTC).'),
  inputs: anyObject('The inputs each run gets, keyed by input name.'),
  status: enumOf(['active', 'paused'], 'Whether it runs.'),
  pausedReason: nullableString(
    'Why the server paused it (credits ran out); null when paused by hand or active.',
  ),
  nextRunAt: nullableString('ISO time it next runs; null while paused.'),
  lastRunAt: nullableString('ISO time it last came due.'),
  lastRunId: nullableString('The run it last started (GET /api/runs/{id}).'),
  lastRunStatus: nullableString('That run’s status.'),
  lastError: nullableString('Why the last due time started no run.'),
  createdAt: dateTime('ISO time.'),
} satisfies Record<string, JsonSchema>;
const Schedule = object(SCHEDULE_PROPERTIES, Object.keys(SCHEDULE_PROPERTIES));

const HOOK_PROPERTIES = {
  id: string('Opaque id (a UUID).', { format: 'uuid' }),
  appId: string('The app’s id.', { format: 'uuid' }),
  name: string('Its name.'),
  url: string('Where to POST calls: /api/hooks/{hookId}.'),
  secretPrefix: string('The secret’s first characters, to recognise it by.'),
  mapping: anyObject(
    'Input name to the body field (dotted path) it is filled from; empty: the body’s fields are the inputs.',
  ),
  createdAt: dateTime('ISO time.'),
  rotatedAt: nullableString('ISO time the secret was last rotated.'),
  lastCalledAt: nullableString('ISO time of the last call that ran the app.'),
} satisfies Record<string, JsonSchema>;
const Hook = object(HOOK_PROPERTIES, Object.keys(HOOK_PROPERTIES));
const HOOK_WITH_SECRET_PROPERTIES = {
  ...HOOK_PROPERTIES,
  secret: string('The secret: send it in X-Blocksmith-Secret, or sign the body with it. Shown this once.'),
};
const HookWithSecret = object(HOOK_WITH_SECRET_PROPERTIES, Object.keys(HOOK_WITH_SECRET_PROPERTIES));

const SCHEDULE_FIELDS = {
  name: string('A name (the timing in words when left out).', { maxLength: 100 }),
  repeat: enumOf(REPEATS, 'minutes, hourly, daily, weekly or cron; a new timing needs it.'),
  everyMinutes: integer('minutes: 1, 2, 3, 4, 5, 6, 10, 12, 15, 20 or 30.', { minimum: 1, maximum: 30 }),
  minute: integer('hourly: the minute past the hour (0 by default).', { minimum: 0, maximum: 59 }),
  time: string('daily and weekly: HH:MM, 24-hour.', { maxLength: 5 }),
  weekday: enumOf(WEEKDAYS, 'weekly: the day.'),
  cron: string('cron: five fields, minute hour day-of-month month day-of-week.', { maxLength: 100 }),
  timeZone: string('An IANA time zone such as Europe/Paris; UTC when left out.', { maxLength: 64 }),
  inputs: anyObject('The inputs each run gets, keyed by input name (text, numbers, yes/no).'),
} satisfies Record<string, JsonSchema>;

const HOOK_FIELDS = {
  name: string('A name.', { maxLength: 100 }),
  mapping: anyObject('Input name to a field of the body (customer.email, items.0.title).'),
};

const SCHEDULE_ID = { ...APP_ID, scheduleId: uuidParam('The schedule’s id.') };
const HOOK_ID = { ...APP_ID, hookId: uuidParam('The webhook’s id.') };

/** The schedule fields a body sent, as the GraphQL ScheduleInput. */
function scheduleInput(body: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of [...Object.keys(SCHEDULE_FIELDS), 'paused'])
    if (body[key] !== undefined) input[key] = body[key];
  return input;
}

export const triggerRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/apps/{id}/triggers',
    summary: 'One of your apps’ schedules and webhooks (never the webhooks’ secrets).',
    auth: 'user',
    operation: AppTriggersDocument,
    params: APP_ID,
    variables: ({ params }) => ({ id: params.id }),
    answer: field('appTriggers'),
    response: object(
      { schedules: arrayOf(Schedule, 'Oldest first.'), hooks: arrayOf(Hook, 'Oldest first.') },
      ['schedules', 'hooks'],
    ),
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/triggers/schedules',
    summary: 'One of your apps’ schedules, with their next and last runs.',
    auth: 'user',
    operation: AppTriggersDocument,
    params: APP_ID,
    variables: ({ params }) => ({ id: params.id }),
    answer: (data) => data.appTriggers.schedules,
    response: arrayOf(Schedule, 'Oldest first.'),
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/triggers/schedules',
    summary:
      'Adds a schedule to one of your apps: every N minutes, hourly, daily, weekly or a cron expression, in a time zone, with fixed inputs. Its runs use your credits (source schedule): the live version of an app in the store, else the saved one.',
    auth: 'user',
    operation: CreateScheduleDocument,
    params: APP_ID,
    body: object(SCHEDULE_FIELDS, ['repeat']),
    variables: ({ params, body }) => ({ id: params.id, schedule: scheduleInput(body) }),
    answer: field('createSchedule'),
    status: 201,
    response: Schedule,
  }),
  route({
    method: 'PATCH',
    path: '/apps/{id}/triggers/schedules/{scheduleId}',
    summary:
      'Changes a schedule with the fields sent (a new timing with its repeat); paused true pauses it, false resumes it from now.',
    auth: 'user',
    operation: UpdateScheduleDocument,
    params: SCHEDULE_ID,
    body: object({ ...SCHEDULE_FIELDS, paused: boolean('Pause (true) or resume (false).') }),
    variables: ({ params, body }) => ({
      id: params.id,
      scheduleId: params.scheduleId,
      changes: scheduleInput(body),
    }),
    answer: field('updateSchedule'),
    response: Schedule,
  }),
  route({
    method: 'DELETE',
    path: '/apps/{id}/triggers/schedules/{scheduleId}',
    summary: 'Deletes a schedule.',
    auth: 'user',
    operation: DeleteScheduleDocument,
    params: SCHEDULE_ID,
    variables: ({ params }) => ({ id: params.id, scheduleId: params.scheduleId }),
    answer: () => ({ success: true }),
    response: object({ success: boolean('Deleted.') }, ['success']),
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/triggers/hooks',
    summary: 'One of your apps’ webhooks (never their secrets).',
    auth: 'user',
    operation: AppTriggersDocument,
    params: APP_ID,
    variables: ({ params }) => ({ id: params.id }),
    answer: (data) => data.appTriggers.hooks,
    response: arrayOf(Hook, 'Oldest first.'),
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/triggers/hooks',
    summary:
      'Adds a webhook to one of your apps: POST /api/hooks/{hookId} runs it on your credits (source webhook). The answer is the only time the secret is shown.',
    auth: 'user',
    operation: CreateHookDocument,
    params: APP_ID,
    body: object(HOOK_FIELDS),
    variables: ({ params, body }) => ({
      id: params.id,
      name: body.name ?? null,
      mapping: body.mapping ?? null,
    }),
    answer: field('createHook'),
    status: 201,
    response: HookWithSecret,
  }),
  route({
    method: 'PATCH',
    path: '/apps/{id}/triggers/hooks/{hookId}',
    summary: 'Renames a webhook or changes how its body fills the app’s inputs.',
    auth: 'user',
    operation: UpdateHookDocument,
    params: HOOK_ID,
    body: object(HOOK_FIELDS),
    variables: ({ params, body }) => ({
      id: params.id,
      hookId: params.hookId,
      name: body.name ?? null,
      mapping: body.mapping ?? null,
    }),
    answer: field('updateHook'),
    response: Hook,
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/triggers/hooks/{hookId}/rotate',
    summary: 'A new secret for a webhook: the old one is refused from this moment. Shown this once.',
    auth: 'user',
    operation: RotateHookSecretDocument,
    params: HOOK_ID,
    variables: ({ params }) => ({ id: params.id, hookId: params.hookId }),
    answer: field('rotateHookSecret'),
    response: HookWithSecret,
  }),
  route({
    method: 'DELETE',
    path: '/apps/{id}/triggers/hooks/{hookId}',
    summary: 'Deletes a webhook: calls to it are 404 from now on.',
    auth: 'user',
    operation: DeleteHookDocument,
    params: HOOK_ID,
    variables: ({ params }) => ({ id: params.id, hookId: params.hookId }),
    answer: () => ({ success: true }),
    response: object({ success: boolean('Deleted.') }, ['success']),
  }),
];
