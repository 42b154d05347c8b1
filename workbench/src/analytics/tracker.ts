import type { PageEventName } from '@blocksmith/schema';

/**
 * Product events the page witnesses, sent to the gateway's first-party event store. Events the
 * server sees itself (sign-up, sign-in, saves, publishes, runs, views, upvotes, reset requests) are
 * recorded there and are not in this list, so nothing is counted twice.
 */
export type PageEvent = PageEventName;

export type EventProps = Record<string, string | number | boolean | string[] | null>;

export type SendEvent = (name: PageEvent, props: EventProps) => Promise<void>;

/**
 * Sends events without ever slowing down or failing what the person is doing: each call returns at
 * once; a failed send is logged and dropped.
 */
export class Tracker {
  private pending = new Set<Promise<void>>();

  constructor(
    private readonly send: SendEvent,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  track(name: PageEvent, props: EventProps = {}): void {
    const sending = this.send(name, props)
      .catch((error: unknown) => {
        this.log(
          `Could not record the event "${name}": ${error instanceof Error ? error.message : String(error)}`,
        );
      })
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Resolves when every event sent so far has been answered (for tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
