import { awakeTimeout } from './awake-timeout';

/** Holds the process busy for `ms`, as a long statement on the embedded database does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('awakeTimeout', () => {
  it('aborts with a TimeoutError once the time has passed', async () => {
    const { signal } = awakeTimeout(100);
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
    expect(signal.reason).toMatchObject({ name: 'TimeoutError', message: 'No answer within 100 ms.' });
  });

  it('does not count the time the process was too busy to look', async () => {
    const timeout = awakeTimeout(2_000);
    busy(1_500);
    await turn();
    busy(1_500);
    await turn();
    expect(timeout.signal.aborted).toBe(false);
    timeout.dispose();
  });

  it('never aborts once disposed', async () => {
    const timeout = awakeTimeout(50);
    timeout.dispose();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(timeout.signal.aborted).toBe(false);
  });
});
