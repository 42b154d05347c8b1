import { MAX_TOASTS, TOAST_DURATION_MS, type UserMessage } from '@blocksmith/schema';
import { action, makeObservable, observableShallow } from 'mobx';

export type ToastIntent = 'success' | 'danger' | 'warning' | 'primary';

export interface Toast {
  id: number;
  intent: ToastIntent;
  title?: string;
  message: string;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Notifications: at most MAX_TOASTS (one) at once; a new one replaces the one showing. Each stays
 * TOAST_DURATION_MS (5 s) unless dismissed.
 */
export class ToastStore {
  toasts: Toast[] = [];
  private nextId = 1;
  private readonly timeouts = new Map<number, unknown>();

  constructor(private readonly timers: Timers = realTimers) {
    makeObservable<ToastStore, 'expire'>(this, {
      toasts: observableShallow,
      show: action,
      dismiss: action,
      expire: action,
    });
  }

  show(intent: ToastIntent, message: string | UserMessage): Toast {
    const toast: Toast =
      typeof message === 'string'
        ? { id: this.nextId++, intent, message }
        : { id: this.nextId++, intent, title: message.title, message: message.description };
    this.toasts.push(toast);
    while (this.toasts.length > MAX_TOASTS) {
      const dropped = this.toasts.shift();
      if (dropped) this.clearTimer(dropped.id);
    }
    this.timeouts.set(
      toast.id,
      this.timers.setTimeout(() => this.expire(toast.id), TOAST_DURATION_MS),
    );
    return toast;
  }

  success(message: string | UserMessage): Toast {
    return this.show('success', message);
  }

  error(message: string | UserMessage): Toast {
    return this.show('danger', message);
  }

  warning(message: string | UserMessage): Toast {
    return this.show('warning', message);
  }

  dismiss(id: number): void {
    this.clearTimer(id);
    this.toasts = this.toasts.filter((toast) => toast.id !== id);
  }

  private expire(id: number): void {
    this.timeouts.delete(id);
    this.toasts = this.toasts.filter((toast) => toast.id !== id);
  }

  private clearTimer(id: number): void {
    const handle = this.timeouts.get(id);
    if (handle !== undefined) this.timers.clearTimeout(handle);
    this.timeouts.delete(id);
  }
}
