/** A monthly grant period, `YYYY-MM` in UTC: the key of the one grant per user per month. */
export type CreditPeriod = string;

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The period `date` falls in, in UTC: 2026-11-30T23:30-05:00 is `2026-12`. */
export function creditPeriod(date: Date): CreditPeriod {
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${date.getUTCFullYear()}-${month}`;
}

export function isCreditPeriod(value: unknown): value is CreditPeriod {
  return typeof value === 'string' && PERIOD.test(value);
}
