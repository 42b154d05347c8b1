import { TOAST_DURATION_MS } from '@blocksmith/schema';
import { manualTimers } from '../testing/fake-api';
import { ToastStore } from './toast-store';

describe('ToastStore', () => {
  it('shows at most one toast: a new one replaces the one showing', () => {
    const timers = manualTimers();
    const toasts = new ToastStore(timers);
    toasts.success('App saved successfully!');
    toasts.error({ title: 'Error', description: 'Failed to save app' });
    expect(toasts.toasts).toHaveLength(1);
    expect(toasts.toasts[0]).toMatchObject({
      intent: 'danger',
      title: 'Error',
      message: 'Failed to save app',
    });
    expect(timers.pending()).toBe(1);
  });

  it('hides a toast after 5 seconds', () => {
    const timers = manualTimers();
    const toasts = new ToastStore(timers);
    toasts.success('Template loaded');
    timers.advance(TOAST_DURATION_MS - 1);
    expect(toasts.toasts).toHaveLength(1);
    timers.advance(1);
    expect(toasts.toasts).toHaveLength(0);
  });

  it('a dismissed toast is gone at once and its timer is cleared', () => {
    const timers = manualTimers();
    const toasts = new ToastStore(timers);
    const toast = toasts.warning('Heads up');
    toasts.dismiss(toast.id);
    expect(toasts.toasts).toHaveLength(0);
    expect(timers.pending()).toBe(0);
  });

  it('a replaced toast does not take the new one down with its timer', () => {
    const timers = manualTimers();
    const toasts = new ToastStore(timers);
    toasts.success('first');
    timers.advance(3000);
    toasts.success('second');
    timers.advance(2500);
    expect(toasts.toasts.map((t) => t.message)).toEqual(['second']);
    timers.advance(2500);
    expect(toasts.toasts).toHaveLength(0);
  });
});
