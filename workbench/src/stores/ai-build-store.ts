import { action, makeObservable, observable, runInAction } from 'mobx';
import type { Tracker } from '../analytics/tracker';
import type { BlocksmithApi } from '../api/blocksmith-api';
import { AI_BUILD, ASSISTANT } from '../texts/runner-texts';
import type { BuilderStore } from './builder-store';
import { GeneratedAppError, generatedAppDraft } from './generated-app';
import type { OnboardingStore } from './onboarding-store';
import { realTimers } from './real-timers';
import type { KeyValueStorage, SessionStore } from './session-store';
import type { Timers, ToastStore } from './toast-store';

/** Where the landing page leaves the prompt typed before 'Start Building'. */
export const PENDING_PROMPT_KEY = 'pendingAppPrompt';
/** Set by the landing page's 'Start Building' button next to the prompt. */
export const CAME_FROM_BUTTON_KEY = 'cameFromBlocksmithButton';

/** Progress while the app is generated, then while it is loaded (spec, section 4). */
export const GENERATION_STEPS = [10, 30, 70, 90, 100] as const;
export const LOADING_STEPS = [50, 80, 100] as const;
/** The overlay closes 1 s after loading; the onboarding tour opens 2 s after that. */
export const CLOSE_DELAY_MS = 1000;
export const ONBOARDING_DELAY_MS = 2000;

export type AiBuildPhase = 'idle' | 'generating' | 'loading' | 'done';

/**
 * The AI build from the landing page: the pending prompt and came-from-button flag stored
 * locally are read once on /app, the app is generated with progress, loaded onto the canvas, and
 * the overlay closes; the onboarding tour follows when not completed. The person may cancel.
 */
export class AiBuildStore {
  phase: AiBuildPhase = 'idle';
  progress = 0;
  prompt = '';
  private attempt = 0;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly storage: KeyValueStorage,
    private readonly session: SessionStore,
    private readonly builder: BuilderStore,
    private readonly onboarding: OnboardingStore,
    private readonly toasts: ToastStore,
    private readonly analytics: Tracker | null = null,
    private readonly timers: Timers = realTimers,
  ) {
    makeObservable(this, {
      phase: observable,
      progress: observable,
      prompt: observable,
      step: action,
      cancel: action,
    });
  }

  /** Whether an AI build waits to run or is running (the onboarding tour waits for it). */
  get pending(): boolean {
    return this.active || this.storedPrompt() !== '';
  }

  get active(): boolean {
    return this.phase === 'generating' || this.phase === 'loading';
  }

  private storedPrompt(): string {
    return this.storage.getItem(PENDING_PROMPT_KEY)?.trim() ?? '';
  }

  step(progress: number): void {
    this.progress = progress;
  }

  /**
   * Runs the stored build, if any, for a signed-in person (call once the session is known). The
   * stored prompt is removed at once, so a reload never builds it twice. Resolves when done.
   */
  async startPending(): Promise<void> {
    const prompt = this.storedPrompt();
    if (prompt === '' || !this.session.signedIn || this.active) return;
    this.storage.removeItem(PENDING_PROMPT_KEY);
    this.storage.removeItem(CAME_FROM_BUTTON_KEY);
    const attempt = ++this.attempt;
    const current = () => attempt === this.attempt;
    runInAction(() => {
      this.prompt = prompt;
      this.phase = 'generating';
    });
    this.step(GENERATION_STEPS[0]);
    let draft;
    try {
      this.step(GENERATION_STEPS[1]);
      const answer = await this.api.generateApp(prompt);
      if (!current()) return;
      this.step(GENERATION_STEPS[2]);
      draft = generatedAppDraft(answer, prompt);
      this.step(GENERATION_STEPS[3]);
    } catch (error) {
      if (!current()) return;
      console.warn('The app could not be generated.', error);
      this.finish('idle');
      if (error instanceof GeneratedAppError && error.message !== ASSISTANT.invalidConfig) {
        this.toasts.error(AI_BUILD.loadFailed);
      } else {
        const message = error instanceof Error && error.message.trim() !== '' ? error.message : '';
        this.toasts.error({
          title: AI_BUILD.generationFailed,
          description: message || AI_BUILD.generationFailedDefault,
        });
      }
      this.onboarding.openLater(ONBOARDING_DELAY_MS, () => !this.pending);
      return;
    }
    this.step(GENERATION_STEPS[4]);
    runInAction(() => {
      this.phase = 'loading';
    });
    this.step(LOADING_STEPS[0]);
    try {
      this.builder.drafts.loadGeneratedApp(draft, { confirm: false });
      this.step(LOADING_STEPS[1]);
    } catch (error) {
      console.warn('The generated app could not be loaded.', error);
      this.finish('idle');
      this.toasts.error(AI_BUILD.loadFailed);
      return;
    }
    this.step(LOADING_STEPS[2]);
    this.toasts.success(ASSISTANT.built);
    this.analytics?.track('assistant_used', {
      prompt_length: prompt.length,
      plugins_generated: draft.config.plugins.length,
    });
    this.timers.setTimeout(() => {
      if (!current()) return;
      this.finish('done');
      this.onboarding.openLater(ONBOARDING_DELAY_MS, () => !this.pending);
    }, CLOSE_DELAY_MS);
  }

  private finish(phase: AiBuildPhase): void {
    runInAction(() => {
      this.phase = phase;
      this.progress = 0;
    });
  }

  /** Closes the overlay; an answer arriving later is ignored. */
  cancel(): void {
    if (!this.active) return;
    this.attempt += 1;
    this.phase = 'idle';
    this.progress = 0;
    this.toasts.warning({ title: AI_BUILD.cancelled, description: AI_BUILD.cancelledText });
  }
}
