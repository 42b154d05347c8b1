import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  DEFAULT_APP_NAME,
  ERROR_ROUTE,
  NODE_HEIGHT,
  NODE_WIDTH,
  assignVariableName,
  connect,
  defaultSlug,
  derivePluginConnections,
  emptyConfig,
  isCategory,
  newPluginId,
  onErrorOf,
  pinVariableNames,
  removeConnection,
  removePlugin,
  validateNodeList,
  variableNames,
  type App,
  type AppConfig,
  type CanvasState,
  type Category,
  type Connection,
  type OnError,
  type PluginInstance,
  type Position,
} from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { AppInput } from '../api/blocksmith-api';
import { pasteBlocks, type BlockClip } from './block-clipboard';
import { catalogueFlowOf } from './canvas-flow';
import type { CatalogueStore } from './catalogue-store';
import { History } from './history';
import { settingValue, withSelectValues } from './setting-rules';

/** The app's own fields, apart from its config. */
export type AppMeta = Omit<App, 'config'>;

/**
 * The app as its author made it: what a file exports and a save sends, without anything the server
 * keeps about it (id, owner, counters, review state, versions, the API's type names).
 */
export type OwnApp = Pick<App, 'name' | 'description' | 'slug' | 'category' | 'isPrivate' | 'config'>;

/** The own fields of an app read from a file or an answer (a missing or mistyped one is left out). */
export function ownAppFields(app: Partial<Record<keyof App, unknown>>): Partial<OwnApp> {
  return {
    ...(typeof app.name === 'string' && { name: app.name }),
    ...(typeof app.description === 'string' && { description: app.description }),
    ...(typeof app.slug === 'string' && { slug: app.slug }),
    ...(isCategory(app.category) && { category: app.category }),
    ...(typeof app.isPrivate === 'boolean' && { isPrivate: app.isPrivate }),
    ...(app.config !== undefined && { config: app.config as AppConfig }),
  };
}

export function newAppMeta(now: number = Date.now()): AppMeta {
  return {
    name: DEFAULT_APP_NAME,
    description: '',
    slug: defaultSlug(now),
    category: '',
    isPrivate: false,
    isPublished: false,
    upvotes: 0,
    views: 0,
    uses: 0,
  };
}

/** Keeps a block's top-left corner on the canvas. */
export function clampToCanvas(position: Position): Position {
  return {
    x: Math.round(Math.min(CANVAS_WIDTH - NODE_WIDTH, Math.max(0, position.x))),
    y: Math.round(Math.min(CANVAS_HEIGHT - NODE_HEIGHT, Math.max(0, position.y))),
  };
}

/** A config read from the server or a file, with the parts the canvas needs filled in. */
function normalizedConfig(raw: unknown): { config: AppConfig; problems: string[] } {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Partial<AppConfig>;
  const check = validateNodeList(value.plugins);
  if (!check.valid) return { config: emptyConfig(), problems: check.problems };
  const canvas = value.canvas;
  const config: AppConfig = {
    plugins: value.plugins as PluginInstance[],
    connections: Array.isArray(value.connections) ? value.connections : [],
    canvas: {
      zoom: typeof canvas?.zoom === 'number' ? canvas.zoom : 1,
      pan: {
        x: typeof canvas?.pan?.x === 'number' ? canvas.pan.x : 0,
        y: typeof canvas?.pan?.y === 'number' ? canvas.pan.y : 0,
      },
    },
  };
  return { config: derivePluginConnections(config), problems: [] };
}

/**
 * The app being built: its fields and its config (blocks, connections, canvas), with undo and
 * redo of canvas edits. Configs are immutable snapshots built by the schema's rules, so an
 * unchanged block keeps its object from one edit to the next (the canvas relies on that).
 */
export class DocumentStore {
  meta: AppMeta = newAppMeta();
  config: AppConfig = emptyConfig();
  /** Why the loaded node list cannot be drawn; empty when it can. */
  invalidProblems: string[] = [];
  /** Bumped on every change; compared with the saved revision to tell unsaved changes. */
  revision = 0;
  savedRevision = 0;
  /**
   * Bumped each time another app is loaded (or a new one started), never by edits or saves: what
   * belongs to one app, such as the inputs typed for its run, is kept under this number.
   */
  loads = 0;
  private readonly history = new History<AppConfig>();
  private gestureStart: AppConfig | null = null;
  /** Observable mirror of the history's sizes. */
  historySize = { past: 0, future: 0 };

  constructor(private readonly catalogue: CatalogueStore) {
    makeObservable<DocumentStore, 'commit' | 'syncHistory'>(this, {
      meta: observableRef,
      config: observableRef,
      invalidProblems: observableRef,
      revision: observable,
      savedRevision: observable,
      loads: observable,
      historySize: observableRef,
      dirty: computed,
      canUndo: computed,
      canRedo: computed,
      isValid: computed,
      blockCount: computed,
      connectionCount: computed,
      variables: computed,
      pluginById: computed,
      load: action,
      reset: action,
      markSaved: action,
      setMeta: action,
      addBlock: action,
      pasteBlocks: action,
      moveBlocks: action,
      beginGesture: action,
      endGesture: action,
      connect: action,
      removeBlocks: action,
      removeConnections: action,
      updateSetting: action,
      setOnError: action,
      setCanvas: action,
      undo: action,
      redo: action,
      commit: action,
      syncHistory: action,
    });
  }

  get dirty(): boolean {
    return this.revision !== this.savedRevision;
  }

  get canUndo(): boolean {
    return this.historySize.past > 0;
  }

  get canRedo(): boolean {
    return this.historySize.future > 0;
  }

  /** Counts for the toolbar and hints; they do not change while blocks move. */
  get blockCount(): number {
    return this.config.plugins.length;
  }

  get connectionCount(): number {
    return this.config.connections.length;
  }

  get isValid(): boolean {
    return this.invalidProblems.length === 0;
  }

  get pluginById(): ReadonlyMap<string, PluginInstance> {
    return new Map(this.config.plugins.map((plugin) => [plugin.id, plugin]));
  }

  /** Every block's variable name, by block id. */
  get variables(): ReadonlyMap<string, string> {
    return variableNames(this.config, this.catalogue.firstOutputOf);
  }

  /** Replaces the document with an app from the server, a file or a template; forgets history. */
  load(
    app: Partial<Omit<App, 'config'>> & { config?: unknown },
    options: { saved: boolean } = { saved: true },
  ): void {
    const { config: rawConfig, ...meta } = app;
    const { config, problems } = this.prepareConfig(rawConfig);
    const defaults = newAppMeta();
    this.meta = {
      ...defaults,
      ...meta,
      name: typeof meta.name === 'string' ? meta.name : defaults.name,
      description: typeof meta.description === 'string' ? meta.description : '',
      slug: typeof meta.slug === 'string' && meta.slug !== '' ? meta.slug : defaults.slug,
      category: isCategory(meta.category) ? meta.category : '',
    };
    this.config = config;
    this.invalidProblems = problems;
    this.history.clear();
    this.gestureStart = null;
    this.syncHistory();
    this.revision += 1;
    if (options.saved) this.savedRevision = this.revision;
    this.loads += 1;
  }

  /**
   * A config from the server or a file as the canvas draws it (select values read, variable names
   * pinned), or an empty one with the problems when its node list cannot be drawn. Loads nothing.
   */
  prepareConfig(raw: unknown): { config: AppConfig; problems: string[] } {
    const { config, problems } = normalizedConfig(raw);
    if (problems.length > 0) return { config, problems };
    return {
      config: pinVariableNames(this.configWithSelectValues(config), this.catalogue.firstOutputOf),
      problems,
    };
  }

  /** The config with select settings written as option labels holding the options' values. */
  private configWithSelectValues(config: AppConfig): AppConfig {
    const plugins = config.plugins.map((plugin) => {
      const spec = this.catalogue.byId.get(plugin.type)?.settings;
      const settings = spec ? withSelectValues(spec, plugin.settings) : plugin.settings;
      return settings === plugin.settings ? plugin : { ...plugin, settings };
    });
    return plugins.every((plugin, i) => plugin === config.plugins[i]) ? config : { ...config, plugins };
  }

  /** A new, empty, unsaved app. */
  reset(): void {
    this.load({ ...newAppMeta(), config: emptyConfig() }, { saved: true });
  }

  markSaved(app: App, revision: number): void {
    this.meta = {
      ...this.meta,
      id: app.id,
      owner_id: app.owner_id,
      slug: app.slug,
      isPublished: app.isPublished,
    };
    if (app.verificationStatus) this.meta = { ...this.meta, verificationStatus: app.verificationStatus };
    this.savedRevision = revision;
  }

  setMeta(
    changes: Partial<Pick<AppMeta, 'name' | 'description' | 'isPrivate'>> & { category?: Category | '' },
  ): void {
    this.meta = { ...this.meta, ...changes };
    this.revision += 1;
  }

  /** What the server stores. */
  toInput(canvas: CanvasState = this.config.canvas): AppInput {
    return this.toOwnApp(canvas);
  }

  /** The app as its author made it (what an exported file holds). */
  toOwnApp(canvas: CanvasState = this.config.canvas): OwnApp {
    return {
      name: this.meta.name,
      description: this.meta.description,
      slug: this.meta.slug,
      category: this.meta.category,
      isPrivate: this.meta.isPrivate,
      config: { ...this.config, canvas },
    };
  }

  /** The whole app, as exported to a file. */
  toApp(canvas: CanvasState = this.config.canvas): App {
    return { ...this.meta, config: { ...this.config, canvas } };
  }

  /**
   * Places a new block of `type` with its top-left corner at `position`; returns its id. With
   * `link`, it is connected from (or to) that block in the same undo step when the connection is
   * allowed (else the block is added alone).
   */
  addBlock(type: string, position: Position, link?: { from: string } | { to: string }): string {
    const entry = this.catalogue.byId.get(type);
    const id = newPluginId();
    const plugin: PluginInstance = {
      id,
      type,
      position: clampToCanvas(position),
      settings: this.catalogue.defaultsFor(type),
      connections: { inputs: [], outputs: [] },
      ...(entry ? { version: entry.version } : {}),
    };
    const base = entry?.outputs[0]?.name;
    if (base !== undefined) {
      const name = assignVariableName(this.variables.values(), base);
      plugin.outputs = entry!.outputs.map((output, index) =>
        index === 0 ? { name, type: output.type } : { name: output.name, type: output.type },
      );
    }
    let next: AppConfig = { ...this.config, plugins: [...this.config.plugins, plugin] };
    if (link !== undefined) {
      const [from, to] = 'from' in link ? [link.from, id] : [id, link.to];
      const result = connect(next, from, to, this.catalogue.categoryOf, Date.now(), Math.random, {
        flowOf: catalogueFlowOf(this.catalogue.byId),
      });
      if (!('error' in result)) next = result.config;
    }
    this.commit(next);
    return id;
  }

  /** Adds the copied blocks of `clip`, moved by `offset`, as one undo step; answers their new ids. */
  pasteBlocks(clip: BlockClip, offset: Position): string[] {
    const { config, ids } = pasteBlocks(this.config, clip, {
      offset,
      knownType: (type) => this.catalogue.byId.has(type),
      firstOutputOf: this.catalogue.firstOutputOf,
      clamp: clampToCanvas,
    });
    if (ids.length > 0) this.commit(config);
    return ids;
  }

  /** Moves blocks without an undo step of its own: wrap a drag in beginGesture/endGesture. */
  moveBlocks(moves: ReadonlyArray<{ id: string; position: Position }>): void {
    if (moves.length === 0) return;
    const targets = new Map(moves.map((move) => [move.id, clampToCanvas(move.position)]));
    let changed = false;
    const plugins = this.config.plugins.map((plugin) => {
      const position = targets.get(plugin.id);
      if (!position || (position.x === plugin.position.x && position.y === plugin.position.y)) return plugin;
      changed = true;
      return { ...plugin, position };
    });
    if (!changed) return;
    if (this.gestureStart === null) this.history.record(this.config);
    this.config = { ...this.config, plugins };
    this.revision += 1;
    this.syncHistory();
  }

  beginGesture(): void {
    this.gestureStart = this.config;
  }

  endGesture(): void {
    const start = this.gestureStart;
    this.gestureStart = null;
    if (start !== null && start !== this.config) {
      this.history.record(start);
      this.syncHistory();
    }
  }

  /**
   * Connects `from`'s output (or, with `fromPort`, one of its routes) to `to`'s input (or, with
   * `toPort` `tools`, to its tools handle: `from` becomes one of its tools); returns why it cannot,
   * or null. Routes, loops and tools are checked as the server checks them.
   */
  connect(from: string, to: string, fromPort?: string, toPort?: string): string | null {
    const result = connect(this.config, from, to, this.catalogue.categoryOf, Date.now(), Math.random, {
      ...(fromPort !== undefined ? { fromPort } : {}),
      ...(toPort !== undefined ? { toPort } : {}),
      flowOf: catalogueFlowOf(this.catalogue.byId),
    });
    if ('error' in result) return result.error;
    this.commit(result.config);
    return null;
  }

  removeBlocks(ids: readonly string[]): void {
    const present = ids.filter((id) => this.pluginById.has(id));
    if (present.length === 0) return;
    this.commit(present.reduce((config, id) => removePlugin(config, id), this.config));
  }

  removeConnections(ids: readonly string[]): void {
    const present = new Set(this.config.connections.map((c: Connection) => c.id));
    const existing = ids.filter((id) => present.has(id));
    if (existing.length === 0) return;
    this.commit(existing.reduce((config, id) => removeConnection(config, id), this.config));
  }

  /** Sets one setting; typing into one field is one undo step. Numbers are kept within their range. */
  updateSetting(id: string, key: string, value: unknown): void {
    const plugin = this.pluginById.get(id);
    if (!plugin) return;
    const field = this.catalogue.byId.get(plugin.type)?.settings[key];
    const next = field ? settingValue(field, value) : value;
    if (Object.is(plugin.settings[key], next)) return;
    const plugins = this.config.plugins.map((p) =>
      p.id === id ? { ...p, settings: { ...p.settings, [key]: next } } : p,
    );
    this.commit({ ...this.config, plugins }, `setting:${id}:${key}`);
  }

  /**
   * Sets what the run does when the block fails (`stop` is stored as nothing). Leaving the error
   * route removes the connections that left from it, which nothing would take any more.
   */
  setOnError(id: string, mode: OnError): void {
    const plugin = this.pluginById.get(id);
    if (!plugin || onErrorOf(plugin) === mode) return;
    const plugins = this.config.plugins.map((p) => {
      if (p.id !== id) return p;
      const { onError: _old, ...rest } = p;
      return mode === 'stop' ? rest : { ...rest, onError: mode };
    });
    const connections =
      mode === 'route'
        ? this.config.connections
        : this.config.connections.filter((c) => !(c.from === id && c.fromPort === ERROR_ROUTE));
    this.commit({ ...this.config, plugins, connections });
  }

  /** The canvas view to save with the app; not an undo step. */
  setCanvas(canvas: CanvasState): void {
    this.config = { ...this.config, canvas };
  }

  undo(): void {
    const previous = this.history.undo(this.config);
    if (previous === undefined) return;
    this.config = previous;
    this.revision += 1;
    this.syncHistory();
  }

  redo(): void {
    const next = this.history.redo(this.config);
    if (next === undefined) return;
    this.config = next;
    this.revision += 1;
    this.syncHistory();
  }

  /** Ends coalescing of setting edits (a field lost focus). */
  sealHistory(): void {
    this.history.seal();
  }

  private commit(next: AppConfig, coalesceKey: string | null = null): void {
    this.history.record(this.config, coalesceKey);
    this.config = next;
    this.revision += 1;
    this.syncHistory();
  }

  private syncHistory(): void {
    const { past, future } = this.history;
    if (this.historySize.past !== past.length || this.historySize.future !== future.length) {
      this.historySize = { past: past.length, future: future.length };
    }
  }
}
