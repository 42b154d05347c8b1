import type { Clock } from '../services/accounts/account-types';

export interface ManualClock extends Clock {
  advance(ms: number): void;
}

/** A clock that moves only when told. */
export function manualClock(start = Date.now()): ManualClock {
  let now = start;
  return Object.assign(() => new Date(now), {
    advance(ms: number) {
      now += ms;
    },
  });
}
