import type { RunEvent } from '@blocksmith/schema';

/** What follows a run's events as they come (a run, a chat answer, an embed's answer). */
export interface RunWatcher {
  next(event: RunEvent): void;
  error(error: Error): void;
  complete(): void;
  /**
   * The connection carrying the run's events dropped (`lost`; it is being made again) or is back
   * (`restored`; the run's events are sent again from its start).
   */
  connection?(state: 'lost' | 'restored'): void;
}
