import { parseExpression } from 'cron-parser';
import { InputError } from '../../errors';

/** How a schedule repeats: the friendly choices, or a cron expression of one's own. */
export const REPEATS = ['minutes', 'hourly', 'daily', 'weekly', 'cron'] as const;
export type Repeat = (typeof REPEATS)[number];

export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Every N minutes, as cron can say it: N divides the hour, so the gaps are all N. */
export const EVERY_MINUTES = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30] as const;

/** What a person chooses: one of the friendly repeats (with its fields) or a cron expression. */
export interface TimingChoice {
  repeat: Repeat;
  /** `minutes`: every N minutes (one of EVERY_MINUTES). */
  everyMinutes?: number | null | undefined;
  /** `hourly`: at this minute past each hour (0 to 59, default 0). */
  minute?: number | null | undefined;
  /** `daily` and `weekly`: HH:MM, 24-hour. */
  time?: string | null | undefined;
  /** `weekly`: the day. */
  weekday?: string | null | undefined;
  /** `cron`: five fields (minute hour day-of-month month day-of-week). */
  cron?: string | null | undefined;
  /** An IANA time zone (Europe/Paris); UTC when not given. */
  timeZone?: string | null | undefined;
}

/** A schedule's timing as stored (a cron expression and its zone) and shown (the choice again, in words). */
export interface Timing {
  cron: string;
  timeZone: string;
  repeat: Repeat;
  everyMinutes: number | null;
  minute: number | null;
  time: string | null;
  weekday: Weekday | null;
  /** "Every 15 minutes", "Daily at 09:00 (UTC)", "Cron 0 9 * * 1-5 (Europe/Paris)". */
  description: string;
}

const MAX_CRON_LENGTH = 100;

function checkedTimeZone(zone: string | null | undefined): string {
  if (zone === undefined || zone === null || zone.trim() === '') return 'UTC';
  const name = zone.trim();
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    throw new InputError(`${name} is not a time zone; use a name such as UTC or Europe/Paris.`, {
      field: 'timeZone',
    });
  }
}

function checkedTime(time: string | null | undefined): [number, number] {
  const match = typeof time === 'string' ? /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time.trim()) : null;
  if (!match) throw new InputError('Give the time as HH:MM, 24-hour (09:30, 18:00).', { field: 'time' });
  return [Number(match[1]), Number(match[2])];
}

function cronOf(choice: TimingChoice): string {
  switch (choice.repeat) {
    case 'minutes': {
      const every = choice.everyMinutes;
      if (!EVERY_MINUTES.includes(every as (typeof EVERY_MINUTES)[number])) {
        throw new InputError(
          `Every how many minutes: one of ${EVERY_MINUTES.join(', ')} (a number that divides the hour); use a cron expression for anything else.`,
          { field: 'everyMinutes' },
        );
      }
      return every === 1 ? '* * * * *' : `*/${every} * * * *`;
    }
    case 'hourly': {
      const minute = choice.minute ?? 0;
      if (!Number.isInteger(minute) || minute < 0 || minute > 59) {
        throw new InputError('The minute past the hour is a whole number from 0 to 59.', { field: 'minute' });
      }
      return `${minute} * * * *`;
    }
    case 'daily': {
      const [hour, minute] = checkedTime(choice.time);
      return `${minute} ${hour} * * *`;
    }
    case 'weekly': {
      const [hour, minute] = checkedTime(choice.time);
      const day = WEEKDAYS.indexOf(String(choice.weekday ?? '').toLowerCase() as Weekday);
      if (day < 0) throw new InputError(`Choose the day: ${WEEKDAYS.join(', ')}.`, { field: 'weekday' });
      return `${minute} ${hour} * * ${day}`;
    }
    case 'cron':
      return checkedCron(choice.cron);
    default:
      throw new InputError(`repeat must be one of ${REPEATS.join(', ')}.`, { field: 'repeat' });
  }
}

/**
 * A cron expression of five fields, or a clear refusal. Six fields (seconds) are refused: a
 * schedule fires at most once a minute, the finest step cron has, and each run is paid for.
 */
function checkedCron(cron: string | null | undefined): string {
  const text = typeof cron === 'string' ? cron.trim().replace(/\s+/g, ' ') : '';
  if (text === '') throw new InputError('Give a cron expression, such as 0 9 * * 1-5.', { field: 'cron' });
  if (text.length > MAX_CRON_LENGTH) {
    throw new InputError(`The cron expression is longer than ${MAX_CRON_LENGTH} characters.`, {
      field: 'cron',
    });
  }
  if (text.split(' ').length !== 5) {
    throw new InputError(
      `"${text}" is not a cron expression of five fields (minute hour day-of-month month day-of-week), such as 0 9 * * 1-5. Schedules run at most once a minute, so there is no seconds field.`,
      { field: 'cron' },
    );
  }
  try {
    parseExpression(text, { tz: 'UTC' }).next();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InputError(`"${text}" is not a cron expression this server can read (${reason}).`, {
      field: 'cron',
    });
  }
  return text;
}

/** The first time after `after` the schedule is due, or null when it never is again. */
export function nextRunAfter(cron: string, timeZone: string, after: Date): Date | null {
  try {
    return parseExpression(cron, { tz: timeZone, currentDate: after }).next().toDate();
  } catch {
    return null;
  }
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

/** The friendly choice a stored cron expression is, for the form and the list. */
export function describeTiming(cron: string, timeZone: string): Timing {
  const base = { cron, timeZone, everyMinutes: null, minute: null, time: null, weekday: null };
  const zone = ` (${timeZone})`;
  const fields = cron.split(' ');
  const [minute, hour, day, month, weekday] = fields;
  const number = (field: string | undefined) =>
    field !== undefined && /^\d+$/.test(field) ? Number(field) : null;
  const restFree = day === '*' && month === '*';
  if (restFree && hour === '*' && weekday === '*') {
    const every = minute === '*' ? 1 : /^\*\/(\d+)$/.exec(minute ?? '') ? Number(minute!.slice(2)) : null;
    if (every !== null && EVERY_MINUTES.includes(every as (typeof EVERY_MINUTES)[number])) {
      return {
        ...base,
        repeat: 'minutes',
        everyMinutes: every,
        description: every === 1 ? 'Every minute' : `Every ${every} minutes`,
      };
    }
    const at = number(minute);
    if (at !== null && at < 60) {
      return { ...base, repeat: 'hourly', minute: at, description: `Hourly at ${two(at)} past the hour` };
    }
  }
  const h = number(hour);
  const m = number(minute);
  if (restFree && h !== null && m !== null && h < 24 && m < 60) {
    const time = `${two(h)}:${two(m)}`;
    if (weekday === '*') return { ...base, repeat: 'daily', time, description: `Daily at ${time}${zone}` };
    const d = number(weekday);
    if (d !== null && d <= 7) {
      const name = WEEKDAYS[d % 7]!;
      const title = name[0]!.toUpperCase() + name.slice(1);
      return {
        ...base,
        repeat: 'weekly',
        time,
        weekday: name,
        description: `Weekly on ${title} at ${time}${zone}`,
      };
    }
  }
  return { ...base, repeat: 'cron', description: `Cron ${cron}${zone}` };
}

/** A person's choice, checked, as it is stored and shown. */
export function timingOf(choice: TimingChoice): Timing {
  const cron = cronOf(choice);
  const timeZone = checkedTimeZone(choice.timeZone);
  if (nextRunAfter(cron, timeZone, new Date()) === null) {
    throw new InputError(`"${cron}" never comes: no date matches it.`, { field: 'cron' });
  }
  return describeTiming(cron, timeZone);
}
