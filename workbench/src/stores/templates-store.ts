import type { BlockCatalogueEntry } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage } from '../api/blocksmith-api';
import type { AppTemplate, TemplatesApi } from '../api/templates';
import type { CatalogueStore, LoadState } from './catalogue-store';
import { isLocked, type BlockChooser } from './palette-store';

/**
 * The builder's templates: the starter apps the gateway serves (it leaves out those whose blocks
 * are not installed), and which of them the chooser's plan may not load.
 */
export class TemplatesStore {
  entries: AppTemplate[] = [];
  state: LoadState = 'idle';
  error = '';

  constructor(
    private readonly api: TemplatesApi,
    private readonly catalogue: CatalogueStore,
  ) {
    makeObservable(this, {
      entries: observableRef,
      state: observable,
      error: observable,
      available: computed,
      load: action,
    });
  }

  /** The templates whose every block is in the catalogue this workbench has read. */
  get available(): AppTemplate[] {
    const { byId } = this.catalogue;
    return this.entries.filter((template) =>
      template.config.plugins.every((plugin) => byId.has(plugin.type)),
    );
  }

  /**
   * The first block of `template` that `chooser` may not add, or null. A template with a full
   * block is a full template ("limited templates" on Free): it is locked on plans without them.
   */
  lockedBlock(template: AppTemplate, chooser: BlockChooser): BlockCatalogueEntry | null {
    for (const plugin of template.config.plugins) {
      const entry = this.catalogue.byId.get(plugin.type);
      if (entry && isLocked(entry, chooser)) return entry;
    }
    return null;
  }

  /** Reads the templates once; a failed read leaves the list empty and may be tried again. */
  async load(): Promise<void> {
    if (this.state === 'loading' || this.state === 'ready') return;
    this.state = 'loading';
    try {
      const entries = await this.api.templates();
      runInAction(() => {
        this.entries = entries;
        this.state = 'ready';
      });
    } catch (error) {
      console.warn('The templates could not be read.', error);
      runInAction(() => {
        this.state = 'failed';
        this.error = errorMessage(error, 'The templates could not be loaded.');
      });
    }
  }
}
