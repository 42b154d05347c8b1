/**
 * A subscription's stream that stops its source when the client leaves. graphql-ws ends a stream by
 * calling `return()`, which an async generator only obeys at its next `yield`: a source waiting for
 * work that never yields (a test run that does not move) would go on reading for nobody. Here
 * `return()` first aborts the signal the source was given, so its wait ends and it stops.
 */
export function stoppableStream<T>(
  start: (signal: AbortSignal) => AsyncGenerator<T>,
): AsyncIterableIterator<T> {
  const stop = new AbortController();
  const source = start(stop.signal);
  return {
    next: () => source.next(),
    return: (value?: unknown) => {
      stop.abort();
      return source.return(value as T);
    },
    throw: (error?: unknown) => {
      stop.abort();
      return source.throw(error);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
