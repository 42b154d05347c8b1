import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import type { Tracker } from '../analytics/tracker';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import { HERO, PRODUCT_NAME, SALES } from '../texts/public-texts';
import type { KeyValueStorage, SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

/** The company sizes the sales contact form offers (optional field). */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** Where 'Start Building' leaves the prompt for the builder at /app. */
export const PENDING_APP_PROMPT_KEY = 'pendingAppPrompt';
/** Set with the prompt: the builder was opened from the landing page's button. */
export const CAME_FROM_BUTTON_KEY = `cameFrom${PRODUCT_NAME}Button`;
/** The prompt is cut to this many characters before it is sent to analytics. */
export const TRACKED_PROMPT_LENGTH = 200;

/**
 * The landing page: the editable sample prompt and where its two buttons lead, page events, and the
 * sales contact form of the Enterprise card.
 */
export class LandingStore {
  prompt: string = HERO.samplePrompt;
  /** Start Building was pressed with a blank prompt. */
  blankPrompt = false;
  readonly contact: SalesContactForm;

  constructor(
    api: BlocksmithApi,
    private readonly storage: KeyValueStorage,
    private readonly session: SessionStore,
    private readonly analytics: Tracker,
    toasts: ToastStore,
  ) {
    this.contact = new SalesContactForm(api, toasts, analytics);
    makeObservable(this, {
      prompt: observable,
      blankPrompt: observable,
      setPrompt: action,
      startBuilding: action,
    });
  }

  setPrompt(prompt: string): void {
    this.prompt = prompt;
    if (prompt.trim() !== '') this.blankPrompt = false;
  }

  /**
   * Stores the prompt and the came-from-button flag for the builder and answers where to go: /app
   * when signed in, else the sign-in page returning to /app. A blank prompt is ignored (null).
   */
  startBuilding(): string | null {
    const prompt = this.prompt.trim();
    if (prompt === '') {
      this.blankPrompt = true;
      return null;
    }
    this.blankPrompt = false;
    this.storage.setItem(PENDING_APP_PROMPT_KEY, prompt);
    this.storage.setItem(CAME_FROM_BUTTON_KEY, 'true');
    this.analytics.track('start_building', {
      prompt: prompt.slice(0, TRACKED_PROMPT_LENGTH),
      prompt_length: prompt.length,
    });
    return this.session.signedIn ? '/app' : '/signin?redirect=/app';
  }

  /** 'Visit Playground': straight to the builder. */
  visitPlayground(): string {
    this.analytics.track('visit_playground', {});
    return '/app';
  }

  /** A landing page element was used (pricing, plan buttons, store link, ...). */
  interaction(action: string, props: Record<string, string> = {}): void {
    this.analytics.track('landing_page_interaction', { action, ...props });
  }

  /** Where a plan's button leads: the builder when signed in, else sign-in. */
  planTarget(): string {
    return this.session.signedIn ? '/app' : '/signin';
  }
}

export type SalesField = 'name' | 'email' | 'company' | 'message';
const REQUIRED: Array<{ field: SalesField; label: string }> = [
  { field: 'name', label: SALES.name },
  { field: 'email', label: SALES.email },
  { field: 'company', label: SALES.company },
  { field: 'message', label: SALES.message },
];

/** The sales contact modal: name, email, company and message required; company size optional. */
export class SalesContactForm {
  isOpen = false;
  name = '';
  email = '';
  company = '';
  companySize: CompanySize | '' = '';
  message = '';
  sending = false;
  /** Shown once the person tried to send. */
  attempted = false;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly toasts: ToastStore,
    private readonly analytics: Tracker,
  ) {
    makeObservable(this, {
      isOpen: observable,
      name: observable,
      email: observable,
      company: observable,
      companySize: observable,
      message: observable,
      sending: observable,
      attempted: observable,
      errors: computed,
      valid: computed,
      open: action,
      close: action,
      set: action,
      setCompanySize: action,
      submit: action,
    });
  }

  /** What is missing, by field (the browser checks the e-mail's format). */
  get errors(): Partial<Record<SalesField, string>> {
    const errors: Partial<Record<SalesField, string>> = {};
    for (const { field, label } of REQUIRED) {
      if (this[field].trim() === '') errors[field] = SALES.required(label);
    }
    return errors;
  }

  get valid(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  open(): void {
    this.isOpen = true;
    this.analytics.track('landing_page_interaction', { action: 'contact_sales_opened' });
  }

  close(): void {
    if (this.sending) return;
    this.isOpen = false;
    this.attempted = false;
  }

  set(field: SalesField, value: string): void {
    this[field] = value;
  }

  setCompanySize(value: string): void {
    this.companySize = (COMPANY_SIZES as readonly string[]).includes(value) ? (value as CompanySize) : '';
  }

  /** Sends the enquiry; on success the form is cleared and closed. Answers whether it was sent. */
  async submit(): Promise<boolean> {
    this.attempted = true;
    if (!this.valid || this.sending) return false;
    this.sending = true;
    try {
      const answer = await this.api.contactSales({
        name: this.name.trim(),
        email: this.email.trim(),
        company: this.company.trim(),
        companySize: this.companySize === '' ? null : this.companySize,
        message: this.message.trim(),
      });
      runInAction(() => {
        this.toasts.success({
          title: SALES.successTitle,
          description: answer.trim() || SALES.successFallback,
        });
        this.name = '';
        this.email = '';
        this.company = '';
        this.companySize = '';
        this.message = '';
        this.attempted = false;
        this.sending = false;
        this.isOpen = false;
      });
      return true;
    } catch (error) {
      runInAction(() => {
        this.toasts.error({
          title: SALES.failureTitle,
          description: errorMessage(error, SALES.failureFallback),
        });
        this.sending = false;
      });
      return false;
    }
  }
}
