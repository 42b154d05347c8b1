import { TestRunProgress } from './app-test-run-progress';

describe('TestRunProgress', () => {
  it('wakes every watcher of a run at its change, and only of that run', async () => {
    const progress = new TestRunProgress();
    const woken: string[] = [];
    const one = progress.next('a', 60_000).then(() => woken.push('a1'));
    const two = progress.next('a', 60_000).then(() => woken.push('a2'));
    const other = progress.next('b', 60_000).then(() => woken.push('b'));
    progress.changed('a');
    await Promise.all([one, two]);
    expect(woken.sort()).toEqual(['a1', 'a2']);
    progress.changed('b');
    await other;
    expect(woken).toContain('b');
  });

  it('settles after the fallback without a change (a run on another process), or when aborted', async () => {
    const progress = new TestRunProgress();
    await progress.next('a', 1);
    const controller = new AbortController();
    const waiting = progress.next('a', 60_000, controller.signal);
    controller.abort();
    await waiting;
  });
});
