import { ONBOARDING_STEPS as STEP_COUNT } from '@blocksmith/schema';
import { action, computed, makeObservable, observable } from 'mobx';
import { realTimers } from './real-timers';
import type { KeyValueStorage } from './session-store';
import type { Timers } from './toast-store';

/** Set once the tour has been finished or skipped; the tour never opens again. */
export const ONBOARDING_COMPLETED_KEY = 'onboarding-completed';

/** What each step of the tour points at, in step order. */
export const ONBOARDING_TARGETS = [
  'canvas',
  'palette',
  'templates',
  'connect',
  'properties',
  'run',
  'publish',
] as const;
export type TourTarget = (typeof ONBOARDING_TARGETS)[number];

/** The seven-step onboarding tour with Next, Previous and Skip. */
export class OnboardingStore {
  open = false;
  step = 0;
  readonly count = STEP_COUNT;
  private timer: unknown = null;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly timers: Timers = realTimers,
  ) {
    makeObservable<OnboardingStore, 'complete'>(this, {
      open: observable,
      step: observable,
      isFirst: computed,
      isLast: computed,
      target: computed,
      show: action,
      next: action,
      previous: action,
      skip: action,
      complete: action,
    });
  }

  get completed(): boolean {
    return this.storage.getItem(ONBOARDING_COMPLETED_KEY) === 'true';
  }

  get isFirst(): boolean {
    return this.step === 0;
  }

  /** What the current step describes: the page highlights it, scrolled into view and opened. */
  get target(): TourTarget {
    return ONBOARDING_TARGETS[this.step] ?? 'canvas';
  }

  get isLast(): boolean {
    return this.step === this.count - 1;
  }

  /** Opens the tour at its first step unless it was completed or `allowed()` says no. */
  show(allowed: () => boolean = () => true): void {
    if (this.completed || this.open || !allowed()) return;
    this.step = 0;
    this.open = true;
  }

  /** Opens the tour after `ms`, checking `allowed()` then (e.g. no AI build pending). */
  openLater(ms: number, allowed: () => boolean = () => true): void {
    this.cancelPending();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.show(allowed);
    }, ms);
  }

  cancelPending(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  next(): void {
    if (this.isLast) this.complete();
    else this.step += 1;
  }

  previous(): void {
    if (!this.isFirst) this.step -= 1;
  }

  skip(): void {
    this.complete();
  }

  private complete(): void {
    this.open = false;
    this.step = 0;
    this.storage.setItem(ONBOARDING_COMPLETED_KEY, 'true');
  }
}
