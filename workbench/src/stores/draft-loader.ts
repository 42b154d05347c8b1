import {
  duplicateApp,
  emptyConfig,
  isCategory,
  newConnectionId,
  newPluginId,
  slugFromName,
  spaceTemplateBlocks,
  type AppConfig,
  type PluginInstance,
} from '@blocksmith/schema';
import { action, makeObservable } from 'mobx';
import { errorMessage, type AppInput } from '../api/blocksmith-api';
import type { AppTemplate } from '../api/templates';
import { CONFIRM, TOASTS } from '../texts/builder-texts';
import { IMPORT_REFUSED, LOCAL_DRAFT } from '../texts/version-texts';
import { EDIT_EXISTING_APP_KEY } from './app-opener';
import { InvalidAppFileError, parseAppFile } from './app-file';
import type { BuilderAnalytics } from './builder-analytics';
import type { BuilderDialogs } from './builder-dialogs';
import type { CatalogueStore } from './catalogue-store';
import { newAppMeta, ownAppFields, type DocumentStore } from './document-store';
import type { GeneratedAppDraft } from './generated-app';
import type { RunStore } from './run-store';
import type { KeyValueStorage } from './session-store';
import type { ToastStore } from './toast-store';
import type { ViewStore } from './view-store';

/** A template's config with fresh block and connection ids, spaced as templates are. */
export function instantiateTemplate(template: AppTemplate, now: number = Date.now()): AppConfig {
  const ids = new Map(template.config.plugins.map((plugin) => [plugin.id, newPluginId(now)]));
  const plugins = spaceTemplateBlocks(
    template.config.plugins.map((plugin) => ({
      ...structuredClone(plugin),
      id: ids.get(plugin.id)!,
    })),
  );
  const connections = template.config.connections.flatMap((c) => {
    const from = ids.get(c.from);
    const to = ids.get(c.to);
    return from && to ? [{ ...c, id: newConnectionId(now), from, to }] : [];
  });
  return { plugins, connections, canvas: emptyConfig().canvas };
}

/** What loading a new draft reads and changes of the builder. */
export interface DraftHost {
  readonly document: DocumentStore;
  readonly view: ViewStore;
  readonly run: RunStore;
  readonly catalogue: CatalogueStore;
  readonly toasts: ToastStore;
  readonly storage: KeyValueStorage;
  readonly analytics: BuilderAnalytics;
  readonly dialogs: Pick<BuilderDialogs, 'confirmDiscard'>;
}

type DiscardTexts = { title: string; description: string; confirm: string };

/**
 * New, unsaved apps on the canvas: a blank one, a template, the assistant's app, a duplicate, an
 * imported file or the copy kept in this browser; and the export file. Each asks before unsaved
 * work would be lost.
 */
export class DraftLoader {
  constructor(private readonly builder: DraftHost) {
    makeObservable(this, {
      newApp: action,
      loadTemplate: action,
      loadGeneratedApp: action,
      duplicate: action,
      loadLocalDraft: action,
    });
  }

  /** Replaces the canvas with an unsaved app; the builder no longer opens the app stored for editing. */
  private replace(app: Parameters<DocumentStore['load']>[0], show: 'fit' | 'canvas'): void {
    const { document, view } = this.builder;
    this.builder.storage.removeItem(EDIT_EXISTING_APP_KEY);
    this.builder.run.reset();
    document.load(app, { saved: false });
    view.clearSelection();
    if (show === 'fit') view.fit(document.config.plugins);
    else view.setViewport(document.config.canvas);
  }

  /** The plugins with the catalogue's defaults under their own settings. */
  private withDefaults(plugins: readonly PluginInstance[]): PluginInstance[] {
    return plugins.map((plugin) => ({
      ...plugin,
      settings: { ...this.builder.catalogue.defaultsFor(plugin.type), ...plugin.settings },
    }));
  }

  newApp(): void {
    this.builder.dialogs.confirmDiscard(CONFIRM.newApp, () => {
      const { document, view } = this.builder;
      this.builder.storage.removeItem(EDIT_EXISTING_APP_KEY);
      this.builder.run.reset();
      document.reset();
      view.clearSelection();
      view.setViewport(document.config.canvas);
    });
  }

  loadTemplate(template: AppTemplate): void {
    this.builder.dialogs.confirmDiscard(CONFIRM.loadTemplate, () => {
      const now = Date.now();
      const config = instantiateTemplate(template, now);
      this.replace(
        {
          name: template.name,
          description: template.description,
          category: template.category,
          slug: slugFromName(template.name, now),
          isPrivate: false,
          isPublished: false,
          config: { ...config, plugins: this.withDefaults(config.plugins) },
        },
        'fit',
      );
      this.builder.toasts.success(TOASTS.templateLoaded);
      this.builder.analytics.templateLoaded(template);
    });
  }

  /**
   * Loads an app the assistant generated as a new, unsaved app, after confirming when unsaved
   * blocks would be lost (`confirm: false` skips that, for the AI build on arrival). `onLoaded`
   * runs once it is on the canvas.
   */
  loadGeneratedApp(
    draft: GeneratedAppDraft,
    options: { confirm?: boolean; onLoaded?: () => void } = {},
    texts: DiscardTexts = CONFIRM.loadTemplate,
  ): void {
    const load = () => {
      this.replace(
        { ...draft, config: { ...draft.config, plugins: this.withDefaults(draft.config.plugins) } },
        'fit',
      );
      options.onLoaded?.();
    };
    if (options.confirm === false) load();
    else this.builder.dialogs.confirmDiscard(texts, load);
  }

  duplicate(): void {
    const { document, view } = this.builder;
    const copy = duplicateApp({ ...newAppMeta(), ...document.toOwnApp(view.viewport) });
    this.builder.storage.removeItem(EDIT_EXISTING_APP_KEY);
    document.load(copy, { saved: false });
    this.builder.toasts.success(TOASTS.duplicated);
    this.builder.analytics.appDuplicated(copy.name);
  }

  /**
   * The export file: named after the slug, holding the app's own fields (name, description, slug,
   * category, privacy and config) as JSON; nothing the server keeps about it (its id, owner,
   * counters, review state, versions or the API's type names).
   */
  exportFile(): { filename: string; text: string } {
    const app = this.builder.document.toOwnApp(this.builder.view.viewport);
    return { filename: `${app.slug}.json`, text: JSON.stringify(app, null, 2) };
  }

  /**
   * Loads an exported file as a new, unsaved app. A file whose node list cannot be drawn is refused
   * with the spec's invalid-configuration text before anything is asked or replaced.
   */
  importFile(text: string): void {
    const { toasts } = this.builder;
    let app: ReturnType<typeof parseAppFile>;
    try {
      app = parseAppFile(text);
    } catch (error) {
      if (error instanceof InvalidAppFileError) {
        console.warn('The imported app was refused:', error.problems.join(' '));
        toasts.error(IMPORT_REFUSED);
        return;
      }
      toasts.error({
        title: TOASTS.importFailed,
        description: errorMessage(error, 'The file could not be read.'),
      });
      return;
    }
    this.builder.dialogs.confirmDiscard(CONFIRM.importApp, () => {
      // Only the app's own fields: a file exported elsewhere may carry what a server kept about it.
      this.replace({ ...ownAppFields(app), isPublished: false }, 'canvas');
      if (this.builder.document.isValid) toasts.success(TOASTS.imported);
    });
  }

  /** Puts an app kept in this browser back on the canvas, as a new, unsaved app. */
  loadLocalDraft(app: AppInput): void {
    const category = isCategory(app.category) ? app.category : '';
    this.replace({ ...app, category, isPublished: false }, 'canvas');
    this.builder.toasts.success(LOCAL_DRAFT.restored);
  }
}
