import { describeTiming, nextRunAfter, timingOf } from './schedule-timing';

describe('schedule timing', () => {
  it('turns each friendly choice into cron and back into words', () => {
    expect(timingOf({ repeat: 'minutes', everyMinutes: 15 })).toMatchObject({
      cron: '*/15 * * * *',
      timeZone: 'UTC',
      repeat: 'minutes',
      everyMinutes: 15,
      description: 'Every 15 minutes',
    });
    expect(timingOf({ repeat: 'minutes', everyMinutes: 1 }).description).toBe('Every minute');
    expect(timingOf({ repeat: 'hourly', minute: 5 })).toMatchObject({ cron: '5 * * * *', minute: 5 });
    expect(timingOf({ repeat: 'daily', time: '9:30' })).toMatchObject({
      cron: '30 9 * * *',
      time: '09:30',
      description: 'Daily at 09:30 (UTC)',
    });
    expect(
      timingOf({ repeat: 'weekly', weekday: 'Friday', time: '18:00', timeZone: 'Europe/Paris' }),
    ).toMatchObject({
      cron: '0 18 * * 5',
      weekday: 'friday',
      timeZone: 'Europe/Paris',
      description: 'Weekly on Friday at 18:00 (Europe/Paris)',
    });
    expect(timingOf({ repeat: 'cron', cron: '  0  9 * * 1-5 ' })).toMatchObject({
      cron: '0 9 * * 1-5',
      repeat: 'cron',
      description: 'Cron 0 9 * * 1-5 (UTC)',
    });
    // A cron expression that is one of the friendly choices is shown as that choice.
    expect(describeTiming('0 7 * * *', 'UTC').repeat).toBe('daily');
  });

  it('refuses what it cannot run, saying what to send', () => {
    expect(() => timingOf({ repeat: 'cron', cron: 'every day' })).toThrow(
      /not a cron expression of five fields/,
    );
    expect(() => timingOf({ repeat: 'cron', cron: '*/10 * * * * *' })).toThrow(/no seconds field/);
    expect(() => timingOf({ repeat: 'cron', cron: '61 * * * *' })).toThrow(
      /not a cron expression this server can read \(Constraint error/,
    );
    expect(() => timingOf({ repeat: 'cron', cron: '' })).toThrow(
      'Give a cron expression, such as 0 9 * * 1-5.',
    );
    expect(() => timingOf({ repeat: 'minutes', everyMinutes: 7 })).toThrow(/divides the hour/);
    expect(() => timingOf({ repeat: 'daily', time: '25:00' })).toThrow(
      'Give the time as HH:MM, 24-hour (09:30, 18:00).',
    );
    expect(() => timingOf({ repeat: 'weekly', time: '10:00', weekday: 'someday' })).toThrow(/Choose the day/);
    expect(() => timingOf({ repeat: 'daily', time: '10:00', timeZone: 'Mars/Olympus' })).toThrow(
      'Mars/Olympus is not a time zone; use a name such as UTC or Europe/Paris.',
    );
    expect(() => timingOf({ repeat: 'hourly', minute: 60 })).toThrow(/0 to 59/);
    expect(() => timingOf({ repeat: 'yearly' as never })).toThrow(/repeat must be one of/);
  });

  it('finds the next due time in the schedule’s zone', () => {
    const after = new Date('2026-03-02T07:59:30Z');
    expect(nextRunAfter('*/5 * * * *', 'UTC', after)?.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    // 09:00 in Paris is 08:00 UTC in winter.
    expect(nextRunAfter('0 9 * * *', 'Europe/Paris', after)?.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(nextRunAfter('0 9 * * *', 'Europe/Paris', new Date('2026-03-02T08:00:00Z'))?.toISOString()).toBe(
      '2026-03-03T08:00:00.000Z',
    );
  });
});
