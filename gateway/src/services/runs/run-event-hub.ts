import type { RunEvent } from '@blocksmith/schema';
import type { RunEvents } from './run-events';

interface RunChannel {
  ownerId: string;
  events: RunEvent[];
  listeners: Set<(event: RunEvent) => void>;
  finished: boolean;
  /** Those waiting only for the end (`finished`), without every event. */
  enders: (() => void)[];
}

/**
 * Progress of the runs this process executes, kept per run so a client that subscribes a moment
 * after starting a run still receives every event, in order. A finished run's events are kept for
 * `retainMs` and then dropped.
 */
export class RunEventHub implements RunEvents {
  private readonly channels = new Map<string, RunChannel>();
  private readonly endedListeners: ((ownerId: string) => void)[] = [];
  private readonly stopListeners: ((runId: string) => void)[] = [];

  constructor(private readonly retainMs = 60_000) {}

  open(runId: string, ownerId: string): void {
    if (this.channels.has(runId)) return;
    this.channels.set(runId, { ownerId, events: [], listeners: new Set(), finished: false, enders: [] });
  }

  executing(runId: string, ownerId: string): void {
    this.open(runId, ownerId);
  }

  /** The run's events so far (none if this hub does not hold it). */
  history(runId: string): RunEvent[] {
    return [...(this.channels.get(runId)?.events ?? [])];
  }

  /** Whether this hub holds the run's events (it was opened here and not yet forgotten). */
  has(runId: string): boolean {
    return this.channels.has(runId);
  }

  publish(event: RunEvent): void {
    const channel = this.channels.get(event.runId);
    if (!channel) return;
    channel.events.push(event);
    for (const listener of channel.listeners) listener(event);
    if (event.type === 'run_finished') {
      channel.finished = true;
      channel.listeners.clear();
      for (const ended of channel.enders.splice(0)) ended();
      for (const listener of this.endedListeners) listener(channel.ownerId);
      setTimeout(() => this.channels.delete(event.runId), this.retainMs).unref();
    }
  }

  async resumed(runId: string): Promise<void> {
    this.channels.delete(runId);
  }

  onEnded(listener: (ownerId: string) => void): void {
    this.endedListeners.push(listener);
  }

  /** One process: its own listeners are told at once. */
  async askStop(runId: string): Promise<void> {
    for (const listener of this.stopListeners) listener(runId);
  }

  onStopAsked(listener: (runId: string) => void): void {
    this.stopListeners.push(listener);
  }

  /** Whether `userId` may watch the run; unknown runs and other people's runs look the same. */
  async canWatch(runId: string, userId: string): Promise<boolean> {
    return this.channels.get(runId)?.ownerId === userId;
  }

  async finished(runId: string): Promise<void> {
    const channel = this.channels.get(runId);
    if (!channel || channel.finished) return;
    await new Promise<void>((resolve) => channel.enders.push(resolve));
  }

  async close(): Promise<void> {}

  /** Every event of the run so far, then the rest as they happen, ending with `run_finished`. */
  async *watch(runId: string, signal?: AbortSignal): AsyncGenerator<RunEvent> {
    const channel = this.channels.get(runId);
    if (!channel) return;
    const pending: RunEvent[] = [...channel.events];
    let wake: (() => void) | undefined;
    const listener = (event: RunEvent) => {
      pending.push(event);
      wake?.();
    };
    if (!channel.finished) channel.listeners.add(listener);
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      while (!signal?.aborted) {
        const event = pending.shift();
        if (event) {
          yield event;
          if (event.type === 'run_finished') return;
          continue;
        }
        if (channel.finished) return;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    } finally {
      channel.listeners.delete(listener);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}
