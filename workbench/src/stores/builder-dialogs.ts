import { action, makeObservable, observable, observableRef } from 'mobx';
import { CONFIRM } from '../texts/builder-texts';
import type { CreditsStore } from './credits-store';
import type { DocumentStore } from './document-store';
import type { SessionStore } from './session-store';
import type { VersionHistoryStore } from './version-history-store';
import type { ViewStore } from './view-store';

export interface ConfirmRequest {
  title: string;
  description: string;
  confirmText: string;
  cancelText: string;
  destructive: boolean;
  onConfirm: () => void;
}

/** What the builder's dialogs read of the builder. */
export interface DialogsHost {
  readonly document: DocumentStore;
  readonly view: ViewStore;
  readonly session: SessionStore;
  readonly credits: CreditsStore;
  readonly readOnly: boolean;
  readonly hasBlocks: boolean;
  readonly history: VersionHistoryStore;
}

/**
 * The builder's dialogs and drawers: the confirmation, the live preview, the share dialog and the
 * list of the person's apps, and what Escape closes of them.
 */
export class BuilderDialogs {
  confirm: ConfirmRequest | null = null;
  previewOpen = false;
  shareOpen = false;
  openAppsOpen = false;

  constructor(private readonly builder: DialogsHost) {
    makeObservable(this, {
      confirm: observableRef,
      previewOpen: observable,
      shareOpen: observable,
      openAppsOpen: observable,
      askConfirm: action,
      closeConfirm: action,
      setShareOpen: action,
      setPreviewOpen: action,
      setOpenAppsOpen: action,
      escape: action,
    });
  }

  askConfirm(request: Omit<ConfirmRequest, 'cancelText' | 'destructive'> & Partial<ConfirmRequest>): void {
    this.confirm = { cancelText: CONFIRM.cancel, destructive: false, ...request };
  }

  closeConfirm(): void {
    this.confirm = null;
  }

  setShareOpen(open: boolean): void {
    this.shareOpen = open;
  }

  setPreviewOpen(open: boolean): void {
    this.previewOpen = open;
  }

  setOpenAppsOpen(open: boolean): void {
    this.openAppsOpen = open;
    if (open && this.builder.session.signedIn) void this.builder.credits.refresh();
  }

  /**
   * Escape on the builder (when no focused overlay took it): closes the live preview, else leaves
   * full screen. A dialog of the builder's own stays for its own Escape handling. Answers whether
   * anything closed.
   */
  escape(): boolean {
    if (this.confirm !== null || this.shareOpen || this.openAppsOpen) return false;
    if (this.previewOpen) {
      this.previewOpen = false;
      return true;
    }
    if (this.builder.readOnly) {
      this.builder.history.backToDraft();
      return true;
    }
    if (this.builder.view.fullScreen) {
      this.builder.view.setFullScreen(false);
      return true;
    }
    return false;
  }

  /** Runs `run` at once when nothing unsaved would be lost, else after the person confirms. */
  confirmDiscard(texts: { title: string; description: string; confirm: string }, run: () => void): void {
    if (!this.builder.document.dirty || !this.builder.hasBlocks) {
      run();
      return;
    }
    this.askConfirm({
      title: texts.title,
      description: texts.description,
      confirmText: texts.confirm,
      destructive: true,
      onConfirm: run,
    });
  }
}
