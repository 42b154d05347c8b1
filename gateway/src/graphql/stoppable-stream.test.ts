import { TestRunProgress } from '../services/testing-sets/app-test-run-progress';
import { stoppableStream } from './stoppable-stream';

describe('stoppableStream', () => {
  it('stops a source that is waiting between yields when the client leaves', async () => {
    const progress = new TestRunProgress();
    let reads = 0;
    let finished = false;
    // A watcher of a run that never moves: it reads, waits for word, reads again, never yields.
    async function* watch(signal: AbortSignal) {
      yield 'as it is now';
      try {
        while (!signal.aborted) {
          await progress.next('run-1', 60_000, signal);
          reads += 1;
        }
      } finally {
        finished = true;
      }
    }
    const stream = stoppableStream(watch);
    expect(await stream.next()).toEqual({ value: 'as it is now', done: false });
    const waiting = stream.next();
    await stream.return!();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(finished).toBe(true);
    expect(reads).toBe(1);
  });

  it('passes values through and ends with its source', async () => {
    async function* three() {
      yield 1;
      yield 2;
      yield 3;
    }
    const seen: number[] = [];
    for await (const value of stoppableStream(three)) seen.push(value);
    expect(seen).toEqual([1, 2, 3]);
  });
});
