import { missingPromptVariables, promptVariablesMessage } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import { PROMPT_ASSISTANT } from '../texts/runner-texts';
import type { DocumentStore } from './document-store';

export type PromptAssistantPhase = 'closed' | 'describing' | 'generating' | 'generated';

/** The setting an accepted prompt is written to. */
export const PROMPT_SETTING = 'prompt_template';

/**
 * The Prompt Assistant dialog on an AI block: describing -> generating -> generated -> accepted
 * (the prompt is written into the block) or cancelled. Every available upstream variable must be
 * mentioned in the description.
 */
export class PromptAssistantStore {
  phase: PromptAssistantPhase = 'closed';
  blockId: string | null = null;
  private settingKey = PROMPT_SETTING;
  variables: string[] = [];
  description = '';
  prompt = '';
  error = '';
  private attempt = 0;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly document: DocumentStore,
  ) {
    makeObservable(this, {
      phase: observable,
      blockId: observable,
      variables: observableRef,
      description: observable,
      prompt: observable,
      error: observable,
      isOpen: computed,
      canGenerate: computed,
      canUse: computed,
      openFor: action,
      setDescription: action,
      accept: action,
      cancel: action,
    });
  }

  get isOpen(): boolean {
    return this.phase !== 'closed';
  }

  /** Disabled while the description is blank or a prompt is being generated. */
  get canGenerate(): boolean {
    return this.description.trim() !== '' && this.phase !== 'generating';
  }

  /** 'Use This Prompt' waits until a prompt exists. */
  get canUse(): boolean {
    return this.phase === 'generated' && this.prompt.trim() !== '';
  }

  openFor(blockId: string, variables: readonly string[], settingKey: string = PROMPT_SETTING): void {
    this.blockId = blockId;
    this.settingKey = settingKey;
    this.variables = [...variables];
    this.description = '';
    this.prompt = '';
    this.error = '';
    this.phase = 'describing';
  }

  setDescription(text: string): void {
    this.description = text;
    if (this.error !== '') this.error = '';
  }

  async generate(): Promise<void> {
    if (!this.canGenerate) return;
    const missing = missingPromptVariables(this.description, this.variables);
    if (missing.length > 0) {
      runInAction(() => {
        this.error = promptVariablesMessage(missing);
      });
      return;
    }
    const attempt = ++this.attempt;
    runInAction(() => {
      this.phase = 'generating';
      this.error = '';
    });
    try {
      const prompt = await this.api.generatePrompt(this.description.trim(), this.variables);
      if (attempt !== this.attempt) return;
      runInAction(() => {
        this.prompt = prompt;
        this.phase = 'generated';
      });
    } catch (error) {
      if (attempt !== this.attempt) return;
      runInAction(() => {
        this.error = errorMessage(error, PROMPT_ASSISTANT.failed);
        this.phase = this.prompt === '' ? 'describing' : 'generated';
      });
    }
  }

  /** Writes the prompt into the block and clears the dialog. */
  accept(): void {
    if (!this.canUse || this.blockId === null) return;
    this.document.updateSetting(this.blockId, this.settingKey, this.prompt);
    this.document.sealHistory();
    this.clear();
  }

  cancel(): void {
    this.attempt += 1;
    this.clear();
  }

  private clear(): void {
    this.phase = 'closed';
    this.blockId = null;
    this.variables = [];
    this.description = '';
    this.prompt = '';
    this.error = '';
  }
}
