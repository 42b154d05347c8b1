/**
 * The process's last line of defence: an error nobody caught (an event emitter's `error` with no
 * listener, a rejected promise nobody awaited) is logged and the server keeps serving, since every
 * request already answers its own failures and a stray error belongs to one request, not to the
 * process. Errors that leave the process unable to serve still end it: running out of memory is
 * not catchable, and a burst of uncaught errors (more than `maxPerMinute`) means something is
 * broken for everyone, so the process exits for its supervisor to restart it.
 */
export function installLastResortHandlers(
  options: {
    maxPerMinute?: number;
    log?: (message: string, error: unknown) => void;
    exit?: (code: number) => void;
  } = {},
): () => void {
  const maxPerMinute = options.maxPerMinute ?? 100;
  const log = options.log ?? ((message, error) => console.error(message, error));
  const exit = options.exit ?? ((code) => process.exit(code));
  const recent: number[] = [];
  const note = (kind: string, error: unknown) => {
    const now = Date.now();
    recent.push(now);
    while (recent.length > 0 && recent[0]! < now - 60_000) recent.shift();
    log(`${kind} (the server keeps serving):`, error);
    if (recent.length > maxPerMinute) {
      log(
        `More than ${maxPerMinute} uncaught errors in a minute; stopping so the process can be restarted.`,
        error,
      );
      exit(1);
    }
  };
  const onException = (error: unknown) => note('Uncaught error', error);
  const onRejection = (reason: unknown) => note('Unhandled promise rejection', reason);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
