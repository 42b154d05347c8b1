import { messageText, publishProblem, type UserMessage } from '@blocksmith/schema';
import { computed, makeObservable, observable, runInAction } from 'mobx';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import { TOASTS } from '../texts/builder-texts';
import { rememberEditedApp } from './app-opener';
import type { BuilderAnalytics } from './builder-analytics';
import type { BuilderDialogs } from './builder-dialogs';
import type { CreditsStore } from './credits-store';
import type { DocumentStore } from './document-store';
import type { LocalDraftStore } from './local-draft-store';
import { saveRefusal, type SaveStore } from './save-store';
import type { KeyValueStorage, SessionStore } from './session-store';
import type { ToastStore } from './toast-store';
import type { VersionHistoryStore } from './version-history-store';
import type { ViewStore } from './view-store';

/** The publish error toast for a server message (spec, error catalogue). */
export function publishErrorMessage(serverMessage: string): UserMessage {
  if (
    serverMessage.includes('Publishing limit reached') ||
    serverMessage.includes('maximum number of published apps')
  ) {
    return {
      title: TOASTS.publishingLimit.title,
      description: serverMessage || TOASTS.publishingLimit.description,
    };
  }
  if (serverMessage.includes('Name and category are required')) return TOASTS.missingFields;
  return TOASTS.publishFailed;
}

/** What publishing reads and changes of the builder. */
export interface PublishHost {
  readonly api: BlocksmithApi;
  readonly document: DocumentStore;
  readonly view: ViewStore;
  readonly history: VersionHistoryStore;
  readonly session: SessionStore;
  readonly credits: CreditsStore;
  readonly toasts: ToastStore;
  readonly storage: KeyValueStorage;
  readonly analytics: BuilderAnalytics;
  readonly saves: Pick<SaveStore, 'settled'>;
  readonly dialogs: Pick<BuilderDialogs, 'setShareOpen'>;
  readonly localDraft: Pick<LocalDraftStore, 'forget'>;
}

/** Publishing the app on the canvas, and sharing its public link. */
export class PublishStore {
  publishing = false;

  constructor(private readonly builder: PublishHost) {
    makeObservable(this, { publishing: observable, shareUrl: computed });
  }

  /** The public page of the app (shareable once published). */
  get shareUrl(): string {
    const origin = typeof window === 'undefined' ? '' : window.location.origin;
    return `${origin}/app/${this.builder.document.meta.slug}`;
  }

  /** The publish flow: checks in the spec's order, save and publish in one call, then the share dialog. */
  async publish(): Promise<void> {
    const { document, view, session, credits, toasts } = this.builder;
    if (view.fullScreen) view.setFullScreen(false);
    this.builder.history.backToDraft();
    const problem = publishProblem({
      authChecked: session.checked,
      signedIn: session.signedIn,
      category: document.meta.category,
      name: document.meta.name,
    });
    if (problem) {
      toasts.error(problem);
      return;
    }
    runInAction(() => {
      this.publishing = true;
    });
    try {
      // A save under way lands first, so the published draft is the newest one.
      await this.builder.saves.settled();
      const revision = document.revision;
      const created = !document.meta.id;
      document.setCanvas(view.viewport);
      const { app, publishingInfo } = await this.builder.api.publishAppWithData(
        document.meta.id,
        document.toInput(),
      );
      runInAction(() => {
        document.markSaved(app, revision);
        credits.setPublishing(publishingInfo);
        rememberEditedApp(this.builder.storage, app);
        this.builder.dialogs.setShareOpen(true);
      });
      if (created) this.builder.localDraft.forget();
      void credits.refresh();
    } catch (error) {
      // The spec's publish errors first; another refusal the server words (a full block) as it says it.
      const message = publishErrorMessage(errorMessage(error, ''));
      toasts.error(
        message === TOASTS.publishFailed ? (saveRefusal(error, message.title) ?? message) : message,
      );
      this.builder.analytics.publishFailed(document.meta.name, errorMessage(error, 'Publishing failed'));
    } finally {
      runInAction(() => {
        this.publishing = false;
      });
    }
  }

  /** Copies the public link, for published apps only. */
  async copyShareLink(clipboard: Pick<Clipboard, 'writeText'>): Promise<void> {
    const { document, toasts } = this.builder;
    if (!document.meta.isPublished) {
      toasts.error(TOASTS.notPublished);
      return;
    }
    try {
      await clipboard.writeText(this.shareUrl);
      toasts.success(TOASTS.linkCopied);
      this.builder.analytics.linkShared({ name: document.meta.name, id: document.meta.id ?? null });
    } catch {
      toasts.error(messageText({ title: 'Error', description: 'The link could not be copied' }));
    }
  }
}
