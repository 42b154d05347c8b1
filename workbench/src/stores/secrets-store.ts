import { secretNameProblem, secretValueProblem } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import type { SecretInfo } from '../api/secrets';
import { SECRETS_TEXT } from '../texts/secret-texts';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

export type SecretsState = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * The signed-in person's secrets on /account/secrets: listed by name, saved (a new one, or a new
 * value for one they have) and deleted after a confirmation. A value typed here is sent once and
 * forgotten: the form clears it, and the server never answers it again.
 */
export class SecretsStore {
  state: SecretsState = 'idle';
  secrets: SecretInfo[] = [];
  name = '';
  value = '';
  saving = false;
  deleting: SecretInfo | null = null;
  deleteBusy = false;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
    private readonly toasts: ToastStore,
  ) {
    makeObservable(this, {
      state: observable,
      secrets: observableRef,
      name: observable,
      value: observable,
      saving: observable,
      deleting: observableRef,
      deleteBusy: observable,
      nameProblem: computed,
      valueProblem: computed,
      canSave: computed,
      setName: action,
      setValue: action,
      replace: action,
      askDelete: action,
      cancelDelete: action,
      clear: action,
    });
  }

  /** Why the typed name cannot be saved ('' while nothing is typed, or when it can). */
  get nameProblem(): string {
    return this.name === '' ? '' : (secretNameProblem(this.name) ?? '');
  }

  get valueProblem(): string {
    return this.value === '' ? '' : (secretValueProblem(this.value) ?? '');
  }

  get canSave(): boolean {
    return (
      !this.saving &&
      this.name !== '' &&
      this.value !== '' &&
      this.nameProblem === '' &&
      this.valueProblem === ''
    );
  }

  async load(): Promise<void> {
    if (!this.session.signedIn) return;
    runInAction(() => {
      this.state = 'loading';
    });
    try {
      const secrets = await this.api.secrets();
      runInAction(() => {
        this.secrets = secrets;
        this.state = 'ready';
      });
    } catch (error) {
      console.warn('The secrets could not be read.', error);
      runInAction(() => {
        this.state = 'failed';
      });
    }
  }

  /** Names are upper case: typing `github_token` gives `GITHUB_TOKEN`. */
  setName(name: string): void {
    this.name = name.toUpperCase();
  }

  setValue(value: string): void {
    this.value = value;
  }

  /** Starts replacing `secret`'s value: its name goes in the form. */
  replace(secret: SecretInfo): void {
    this.name = secret.name;
    this.value = '';
  }

  async save(): Promise<void> {
    if (!this.canSave) return;
    const name = this.name;
    runInAction(() => {
      this.saving = true;
    });
    try {
      const saved = await this.api.setSecret(name, this.value);
      runInAction(() => {
        this.secrets = [...this.secrets.filter((s) => s.name !== saved.name), saved].sort((a, b) =>
          a.name.localeCompare(b.name),
        );
        this.name = '';
        this.value = '';
      });
      this.toasts.success(SECRETS_TEXT.saved(saved.name));
    } catch (error) {
      this.toasts.error(errorMessage(error, SECRETS_TEXT.saveFailed));
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }

  askDelete(secret: SecretInfo): void {
    this.deleting = secret;
  }

  cancelDelete(): void {
    if (!this.deleteBusy) this.deleting = null;
  }

  async confirmDelete(): Promise<void> {
    const secret = this.deleting;
    if (!secret || this.deleteBusy) return;
    runInAction(() => {
      this.deleteBusy = true;
    });
    try {
      await this.api.deleteSecret(secret.name);
      runInAction(() => {
        this.secrets = this.secrets.filter((s) => s.name !== secret.name);
        this.deleting = null;
      });
      this.toasts.success(SECRETS_TEXT.deleted(secret.name));
    } catch (error) {
      this.toasts.error(errorMessage(error, SECRETS_TEXT.deleteFailed));
    } finally {
      runInAction(() => {
        this.deleteBusy = false;
      });
    }
  }

  /** Forgets everything (another person signed in, or nobody). */
  clear(): void {
    this.state = 'idle';
    this.secrets = [];
    this.name = '';
    this.value = '';
    this.deleting = null;
  }
}
