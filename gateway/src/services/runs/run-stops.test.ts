import type { DataSource } from 'typeorm';
import { RunEventHub } from './run-event-hub';
import { RunStops } from './run-stops';

/** The runs table as `RunStops` reads it: each run's status. */
function statuses(initial: Record<string, string>): DataSource & { set(runId: string, s: string): void } {
  const rows = { ...initial };
  return {
    query: async (_sql: string, [runId]: [string]) => (rows[runId] ? [{ status: rows[runId] }] : []),
    set: (runId: string, status: string) => void (rows[runId] = status),
  } as unknown as DataSource & { set(runId: string, s: string): void };
}

describe('RunStops', () => {
  it('stops a run executing here at once, and answers false for one that ended', async () => {
    const stops = new RunStops({ dataSource: statuses({ gone: 'succeeded' }), hub: new RunEventHub() });
    const stopper = new AbortController();
    stops.track('here', stopper);
    expect(await stops.stop('here')).toBe(true);
    expect(stopper.signal.aborted).toBe(true);
    expect(await stops.stop('gone')).toBe(false);
  });

  it('asks the process executing it, waits for its end and answers whether it was stopped', async () => {
    const hub = new RunEventHub();
    const runs = statuses({ there: 'running' });
    const asker = new RunStops({ dataSource: runs, hub });
    // The "other process" sharing the hub: it executes the run and ends it once stopped.
    const executor = new RunStops({ dataSource: runs, hub });
    const stopper = new AbortController();
    hub.open('there', 'ann');
    executor.track('there', stopper);
    stopper.signal.addEventListener('abort', () => {
      runs.set('there', 'aborted');
      hub.publish({ type: 'run_finished', runId: 'there', at: 1, status: 'aborted' });
    });
    // `asker` does not hold the run: it is asked through the hub, heard by `executor`.
    expect(asker.stopHere('there')).toBe(false);
    expect(await asker.stop('there', 60_000)).toBe(true);
    expect(stopper.signal.aborted).toBe(true);
  });

  it('stops a run as it starts when the stop was asked before it began (a queued run)', async () => {
    const hub = new RunEventHub();
    const stops = new RunStops({ dataSource: statuses({ queued: 'running' }), hub });
    expect(await stops.stop('queued', 10)).toBe(false);
    const stopper = new AbortController();
    stops.track('queued', stopper);
    expect(stopper.signal.aborted).toBe(true);
    // Heard once: a later run of another id is left alone.
    const other = new AbortController();
    stops.track('other', other);
    expect(other.signal.aborted).toBe(false);
  });
});
