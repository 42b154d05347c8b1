/** How often each process looks for waits past their time-out: a wait ends within this of it. */
export const APPROVAL_POLL_MS = 15_000;

/**
 * Ends the runs whose wait for approval passed its time-out. Every process looks every
 * `APPROVAL_POLL_MS`; each wait is claimed by one statement (`ApprovalStore.end`), so of any number
 * of processes sharing the database exactly one ends it. The time-out is in the database: a
 * restart loses nothing, and a wait that expired while no process ran ends at the first look.
 */
export class ApprovalTimeouts {
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<number> | null = null;

  constructor(
    private readonly approvals: { endExpired(): Promise<number> },
    private readonly log: (message: string) => void = (message) => console.error(message),
  ) {}

  /** Looks now and every `intervalMs`; the timer never keeps the process alive. */
  start(intervalMs = APPROVAL_POLL_MS): void {
    if (this.timer) return;
    void this.tickOnce();
    this.timer = setInterval(() => void this.tickOnce(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.looking;
  }

  /** One look (a look under way is joined): how many runs it ended. */
  tickOnce(): Promise<number> {
    this.looking ??= this.approvals
      .endExpired()
      .catch((error: unknown) => {
        this.log(
          `Approvals past their time-out could not be ended: ${error instanceof Error ? error.message : String(error)}`,
        );
        return 0;
      })
      .finally(() => (this.looking = null));
    return this.looking;
  }
}
