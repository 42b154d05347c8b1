import type { RunEvent } from '@blocksmith/schema';

/**
 * Where a run's progress goes and where watchers read it. In one process (the embedded database)
 * it is the in-memory RunEventHub; with processes sharing PostgreSQL it is PostgresRunEvents, so
 * a watcher on any process sees a run that another one executes.
 */
export interface RunEvents {
  /** Before the first event of a run: who may watch it. */
  open(runId: string, ownerId: string): void;
  /**
   * This process executes the run: its own watchers may be served from memory. `startedHere`:
   * its starter is on this process too, so its events need to reach other processes only if a
   * watcher there asks for them.
   */
  executing(runId: string, ownerId: string, options?: { startedHere?: boolean }): void;
  /** Appends an event; events of one run are delivered in the order they are published. */
  publish(event: RunEvent): void;
  /** Whether `userId` may watch the run; unknown runs and other people's runs look the same. */
  canWatch(runId: string, userId: string): Promise<boolean>;
  /** Every event of the run so far, then the rest as they happen, ending with `run_finished`. */
  watch(runId: string, signal?: AbortSignal): AsyncGenerator<RunEvent>;
  /**
   * Calls `listener` with the starter of every run that ends on this process, as its
   * `run_finished` is published (what that person reads about their runs changed).
   */
  onEnded(listener: (ownerId: string) => void): void;
  /** Settles when the run's `run_finished` has been published (by any process). */
  finished(runId: string): Promise<void>;
  /**
   * A run that waited (its `run_finished` said `waiting`) goes on: its earlier stream is dropped
   * and a new one begins, which starts by saying where the run stands.
   */
  resumed(runId: string): Promise<void>;
  /**
   * Asks whichever process executes the run to stop it: every process's `onStopAsked` listeners
   * hear it (this process's alone in memory; across processes, through NOTIFY).
   */
  askStop(runId: string): Promise<void>;
  /** Calls `listener` with every run some process asked to stop (`askStop`). */
  onStopAsked(listener: (runId: string) => void): void;
  /** Waits for published events to be stored, then stops listening. */
  close(): Promise<void>;
}
