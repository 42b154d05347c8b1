/** How often the clock of `awakeTimeout` looks, and the most one look counts. */
const TICK_MS = 250;

/**
 * A signal that aborts once `ms` have passed while this process was awake to notice: a look every
 * quarter second counts the time since the last one, but never more than two looks' worth. A
 * process held up (a long statement on the embedded database, a machine busy elsewhere) does not
 * have the time it could not listen charged to whoever it was waiting for. Unlike
 * `AbortSignal.timeout`, call `dispose` once the work is done.
 */
export function awakeTimeout(ms: number): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  let counted = 0;
  let last = performance.now();
  const timer = setInterval(
    () => {
      const now = performance.now();
      counted += Math.min(now - last, 2 * TICK_MS);
      last = now;
      if (counted >= ms) {
        clearInterval(timer);
        controller.abort(new DOMException(`No answer within ${ms} ms.`, 'TimeoutError'));
      }
    },
    Math.min(TICK_MS, ms),
  );
  timer.unref();
  return { signal: controller.signal, dispose: () => clearInterval(timer) };
}
