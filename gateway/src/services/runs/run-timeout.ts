/** How long past its time limit a run whose blocks do not stop is waited for: a tenth, 2 s to 60 s. */
export function stopGraceMs(timeoutMs: number): number {
  return Math.min(60_000, Math.max(2_000, Math.ceil(timeoutMs / 10)));
}

/** What a run says when it outlived the time limit. */
export function runTimedOutMessage(timeoutMs: number): string {
  const minutes = timeoutMs / 60_000;
  const limit = minutes >= 1 ? `${Math.round(minutes)}-minute` : `${Math.round(timeoutMs / 1000)}-second`;
  return `This run took longer than the ${limit} limit and was stopped. Your credits were refunded.`;
}
