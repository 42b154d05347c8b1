import {
  applyRunEvent,
  createRunState,
  fileProblem,
  inputChecksProblem,
  matchSelectOption,
  parseDropdownOptions,
  runInputKey,
  type FileRules,
  type PluginInstance,
  type RunEvent,
  type SelectOption,
  type UserMessage,
} from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { type BlocksmithApi, type RunActionType } from '../api/blocksmith-api';
import type { FinishedRun } from '../api/embeds';
import { RUN_ERRORS } from '../texts/run-history-texts';
import type { CatalogueStore } from './catalogue-store';
import type { DocumentStore } from './document-store';
import { finishedRunState } from './finished-run';
import {
  nodeRunState,
  PENDING_NODE,
  resultOutputs,
  type NodeRunState,
  type RunArtifact,
} from './node-run-state';
import { blockResultItems, liveResultItem, type ResultItem } from './result-fields';
import { blockTitle, isNetworkFailure, runFailureMessage, withBlockTitles } from './run-errors';

export type { NodeRunState, RunArtifact } from './node-run-state';

export type RunPhase = 'idle' | 'processing' | 'succeeded' | 'failed';

export interface RunInputField {
  plugin: PluginInstance;
  /** The key the run input is sent under: the block's variable, or its id. */
  key: string;
  kind: 'text' | 'file' | 'choice';
  label: string;
  placeholder: string;
  multiline: boolean;
  options: string[];
  /** For files: the `accept` attribute. */
  accept: string;
  /** For files: the block's size limit in MB (maxSize), or null. */
  maxSizeMb: number | null;
  /** For files: what the block accepts, as the server checks it; null when the block does not say. */
  fileRules: FileRules | null;
}

/** The result fields one block's outputs show (see result-fields.ts). */
export interface RunResultGroup {
  nodeId: string;
  items: ResultItem[];
  /**
   * The block's title, when another block of the same kind has results too (two Classification
   * blocks: "Topic" and "Urgency"), so each result says which block it came from.
   */
  source?: string;
}

/**
 * Text a block is streaming, shown where its result will be: in place of the output block that
 * presents it (`presented`), else as its first output field (`item`).
 */
export interface LiveResult {
  nodeId: string;
  text: string;
  presented: boolean;
  item: ResultItem;
}

/** How the connection carrying a run's progress is: lost (being made again), or restored. */
export type RunConnection = 'ok' | 'lost' | 'restored';

/** A kept run shown instead of a live one: which run and when it ran. */
export interface ShownRun {
  id: string;
  createdAt: string;
}

type RunOutcome = { ok: true } | { ok: false; error: string };

/** A file input's value in a kept run: the uploaded file's id (and name, when kept). */
function fileReference(value: unknown): { id: string; name: string } | null {
  if (typeof value === 'string' && value.trim() !== '') return { id: value, name: '' };
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') {
    const name = 'name' in value && typeof value.name === 'string' ? value.name : '';
    return { id: value.id, name };
  }
  return null;
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A file upload's rules from its accepted-types choice (the extensions and media types in its meta). */
function fileRulesOf(choice: SelectOption | undefined, maxSizeMb: number | null): FileRules | null {
  const extensions = strings(choice?.meta?.extensions);
  if (!choice || extensions.length === 0) return null;
  return {
    label: choice.label,
    extensions,
    mimeTypes: strings(choice.meta?.mimeTypes),
    ...(maxSizeMb !== null ? { maxSizeMb } : {}),
  };
}

/**
 * One run from the builder: the values typed for each input block, then the run's progress as
 * the gateway streams it (each block pending, running, done or failed, with its streamed text),
 * and the artifacts the output blocks present.
 */
export class RunStore {
  /** What was typed (or the chosen file's name) by input key, for the app loaded as `inputsOf`. */
  private readonly values = observable.map<string, string>();
  private readonly files = observable.map<string, File>({}, { deep: false });
  /** Files of an earlier run sent again unless another is chosen, by input key. */
  private readonly keptFiles = observable.map<string, { id: string; name: string }>({}, { deep: false });
  /** The document's load count the inputs were typed for; another app never sees them. */
  private inputsOf = 0;
  phase: RunPhase = 'idle';
  error = '';
  runId: string | null = null;
  readonly nodes = observable.map<string, NodeRunState>({}, { deep: false });
  artifacts: RunArtifact[] = [];
  outputs: Record<string, Record<string, unknown>> = {};
  connection: RunConnection = 'ok';
  /** Set while a kept run is shown (nothing ran again). */
  shownRun: ShownRun | null = null;
  private stopWatching: (() => void) | null = null;
  /** The live run's events folded (`applyRunEvent`); `nodes`, `outputs` and `artifacts` show it. */
  private fold = createRunState();

  constructor(
    private readonly api: BlocksmithApi,
    private readonly document: DocumentStore,
    private readonly catalogue: CatalogueStore,
  ) {
    makeObservable<RunStore, 'inputsOf' | 'ownInputs'>(this, {
      inputsOf: observable,
      ownInputs: action,
      phase: observable,
      error: observable,
      runId: observable,
      artifacts: observableRef,
      outputs: observableRef,
      connection: observable,
      shownRun: observableRef,
      inputFields: computed,
      missingInputs: computed,
      resultGroups: computed,
      liveResults: computed,
      processing: computed,
      setValue: action,
      setFile: action,
      fillInputs: action,
      applyEvent: action,
      applyFinished: action,
      showKept: action,
      replaceNodes: action,
      showOutputs: action,
      setConnection: action,
      begin: action,
      fail: action,
      reset: action,
      clearRun: action,
    });
  }

  get processing(): boolean {
    return this.phase === 'processing';
  }

  /** One field per input block, in canvas order. */
  get inputFields(): RunInputField[] {
    const variables = this.document.variables;
    return this.document.config.plugins.flatMap((plugin): RunInputField[] => {
      const entry = this.catalogue.byId.get(plugin.type);
      if (!entry || entry.category !== 'input') return [];
      const kind = entry.inputKind ?? 'text';
      const settings = plugin.settings;
      const acceptedField = entry.settings.acceptedTypes;
      const accepted =
        acceptedField?.type === 'select'
          ? (matchSelectOption(acceptedField, settings.acceptedTypes) ??
            acceptedField.options.find((option) => option.value === acceptedField.default))
          : undefined;
      const maxSizeMb =
        kind === 'file' && typeof settings.maxSize === 'number' && settings.maxSize > 0
          ? settings.maxSize
          : null;
      const fileRules = kind === 'file' ? fileRulesOf(accepted, maxSizeMb) : null;
      return [
        {
          plugin,
          key: runInputKey(plugin, variables.get(plugin.id)),
          kind,
          label: text(settings.label, entry.name) || entry.name,
          placeholder: text(settings.placeholder),
          multiline: settings.multiline === true,
          options: kind === 'choice' ? parseDropdownOptions(text(settings.options)) : [],
          accept: fileRules ? fileRules.extensions.join(',') : '',
          maxSizeMb,
          fileRules,
        },
      ];
    });
  }

  /**
   * The inputs a run cannot start without that are still empty: text (blank counts as empty) and
   * files (chosen now, or kept from an earlier run). A choice always has one: its first option.
   */
  get missingInputs(): RunInputField[] {
    return this.inputFields.filter((field) => {
      if (field.kind === 'choice') return false;
      if (field.kind === 'file') return !this.file(field.key) && !this.keptFile(field.key);
      return (this.value(field.key) ?? '').trim() === '';
    });
  }

  /**
   * The output fields of the blocks that no output block presents (an AI block wired to a text
   * display is shown by that display's artifact), in canvas order.
   */
  get resultGroups(): RunResultGroup[] {
    const { plugins, connections } = this.document.config;
    const category = new Map(plugins.map((p) => [p.id, this.catalogue.byId.get(p.type)?.category]));
    const presented = new Set(connections.filter((c) => category.get(c.to) === 'output').map((c) => c.from));
    const groups = plugins.flatMap((plugin) => {
      const outputs = this.outputs[plugin.id];
      if (!outputs || category.get(plugin.id) === 'input' || presented.has(plugin.id)) return [];
      const entry = this.catalogue.byId.get(plugin.type);
      const items = blockResultItems(entry, outputs);
      return items.length === 0 ? [] : [{ plugin, entry, items }];
    });
    const kinds = new Map<string, number>();
    for (const { plugin } of groups) kinds.set(plugin.type, (kinds.get(plugin.type) ?? 0) + 1);
    return groups.map(({ plugin, entry, items }) => ({
      nodeId: plugin.id,
      items,
      ...(kinds.get(plugin.type)! > 1 && { source: blockTitle(plugin, entry) }),
    }));
  }

  /**
   * What blocks are streaming while the run goes on, in canvas order: a block shows its text
   * until its own result is there (or, for one an output block presents, that block's). Blocks
   * inside a loop are left out: their items' texts are not the block's result.
   */
  get liveResults(): LiveResult[] {
    if (this.phase !== 'processing') return [];
    const { plugins, connections } = this.document.config;
    const live: LiveResult[] = [];
    for (const plugin of plugins) {
      const state = this.nodes.get(plugin.id);
      if (!state || state.text === '' || state.position) continue;
      const presenters = connections
        .filter((c) => c.from === plugin.id && this.catalogue.categoryOf(this.pluginType(c.to)) === 'output')
        .map((c) => c.to);
      const presented = presenters.length > 0;
      const shown = presented
        ? this.artifacts.some((a) => presenters.includes(a.nodeId))
        : this.outputs[plugin.id] !== undefined;
      if (shown || (state.status !== 'running' && !(presented && state.status === 'succeeded'))) continue;
      live.push({
        nodeId: plugin.id,
        text: state.text,
        presented,
        item: liveResultItem(this.catalogue.byId.get(plugin.type), state.text),
      });
    }
    return live;
  }

  private pluginType(id: string): string {
    return this.document.pluginById.get(id)?.type ?? '';
  }

  /** Whether the run has anything to show. */
  get hasResults(): boolean {
    return this.artifacts.length > 0 || this.resultGroups.length > 0 || this.liveResults.length > 0;
  }

  /** A message naming blocks by their titles, not their internal ids. */
  titled(message: string): string {
    return withBlockTitles(message, this.document.config.plugins, (type) => this.catalogue.byId.get(type));
  }

  nodeState(id: string): NodeRunState | undefined {
    return this.nodes.get(id);
  }

  /** Whether the typed inputs belong to the app on the canvas. */
  private get inputsCurrent(): boolean {
    return this.inputsOf === this.document.loads;
  }

  /** Forgets inputs typed for another app, before this one's are written. */
  private ownInputs(): void {
    if (this.inputsCurrent) return;
    this.values.clear();
    this.files.clear();
    this.inputsOf = this.document.loads;
  }

  /** The value typed for `key` in this app, if any. */
  value(key: string): string | undefined {
    return this.inputsCurrent ? this.values.get(key) : undefined;
  }

  /** The file chosen for `key` in this app, if any. */
  file(key: string): File | undefined {
    return this.inputsCurrent ? this.files.get(key) : undefined;
  }

  setValue(key: string, value: string): void {
    this.ownInputs();
    this.values.set(key, value);
  }

  /** The file of an earlier run that is sent again unless another is chosen. */
  keptFile(key: string): { id: string; name: string } | undefined {
    return this.inputsCurrent ? this.keptFiles.get(key) : undefined;
  }

  /**
   * Fills the inputs with those of an earlier run ("Run again with these inputs"): typed values
   * and choices as they were, files by the reference the run kept. Inputs the app no longer has
   * are left out.
   */
  fillInputs(inputs: Readonly<Record<string, unknown>>): void {
    this.ownInputs();
    this.values.clear();
    this.files.clear();
    this.keptFiles.clear();
    for (const field of this.inputFields) {
      const value = inputs[field.key];
      if (field.kind === 'file') {
        const kept = fileReference(value);
        if (kept) this.keptFiles.set(field.key, kept);
      } else if (typeof value === 'string') {
        this.values.set(field.key, value);
      } else if (typeof value === 'number' || typeof value === 'boolean') {
        this.values.set(field.key, String(value));
      }
    }
  }

  setFile(key: string, file: File | null): void {
    this.ownInputs();
    this.keptFiles.delete(key);
    if (file) {
      this.files.set(key, file);
      this.values.set(key, file.name);
    } else {
      this.files.delete(key);
      this.values.delete(key);
    }
  }

  /**
   * Takes a chosen file when it fits the block's accepted types and size limit; otherwise keeps
   * the previous choice and answers why, in the words the server would refuse the upload with.
   */
  chooseFile(field: RunInputField, file: File | null): string | null {
    const problem =
      file && field.fileRules
        ? fileProblem(field.fileRules, { name: file.name, mime: file.type, size: file.size })
        : null;
    if (problem) return problem;
    this.setFile(field.key, file);
    return null;
  }

  /** The inputs as sent: typed values, plus the first option of a dropdown left unchosen. */
  collectInputs(): Record<string, string> {
    const inputs: Record<string, string> = {};
    for (const field of this.inputFields) {
      if (field.kind === 'file') continue;
      const value = this.value(field.key) ?? (field.kind === 'choice' ? (field.options[0] ?? '') : '');
      inputs[field.key] = value;
    }
    return inputs;
  }

  /**
   * Why the inputs cannot run as they are, or null: the input checks each input block's catalogue
   * entry declares (the LinkedIn rule), as the server applies them.
   */
  inputProblem(): string | null {
    const fields = new Map(this.inputFields.map((field) => [field.plugin.id, field.key]));
    return inputChecksProblem(
      this.document.config.plugins,
      this.collectInputs(),
      (plugin) => fields.get(plugin.id) ?? plugin.id,
      (type) => this.catalogue.byId.get(type)?.inputChecks,
    );
  }

  /** The input problem as a toast shows it (title, then what follows its first ': '), or null. */
  inputProblemMessage(): UserMessage | null {
    const problem = this.inputProblem();
    if (!problem) return null;
    const [title, ...rest] = problem.split(': ');
    return { title: title ?? problem, description: rest.join(': ') };
  }

  begin(): void {
    this.stopWatching?.();
    this.stopWatching = null;
    this.phase = 'processing';
    this.error = '';
    this.runId = null;
    this.connection = 'ok';
    this.shownRun = null;
    this.nodes.clear();
    this.artifacts = [];
    this.outputs = {};
    this.fold = createRunState();
  }

  /** Ends the run as failed with `message` (blocks named by their titles). */
  fail(message: string): void {
    this.phase = 'failed';
    this.connection = 'ok';
    this.error = this.titled(message);
    for (const [id, state] of this.nodes) {
      if (state.status === 'running' || state.status === 'pending') {
        this.nodes.set(id, { ...state, status: state.status === 'running' ? 'failed' : 'skipped' });
      }
    }
  }

  setConnection(connection: RunConnection): void {
    if (this.phase === 'processing') this.connection = connection;
  }

  /** Forgets the run (a run that did not start after all), keeping what was typed. */
  clearRun(): void {
    this.stopWatching?.();
    this.stopWatching = null;
    this.phase = 'idle';
    this.error = '';
    this.runId = null;
    this.connection = 'ok';
    this.shownRun = null;
    this.nodes.clear();
    this.artifacts = [];
    this.outputs = {};
    this.fold = createRunState();
  }

  /** Forgets the run and the inputs typed for it. */
  reset(): void {
    this.stopWatching?.();
    this.stopWatching = null;
    this.values.clear();
    this.files.clear();
    this.keptFiles.clear();
    this.phase = 'idle';
    this.error = '';
    this.connection = 'ok';
    this.shownRun = null;
    this.nodes.clear();
    this.artifacts = [];
    this.outputs = {};
    this.fold = createRunState();
  }

  /**
   * Starts a run of the saved app `appId` and follows its progress. Resolves when the run has
   * finished, with the outcome; never rejects.
   */
  run(appId: string, actionType: RunActionType = 'test_execution'): Promise<RunOutcome> {
    return this.runStartedBy(appId, (inputs) => this.api.startRun(appId, inputs, actionType));
  }

  /** `run`, started by `start` (an embed starts its runs through its own operation). */
  async runStartedBy(
    appId: string,
    start: (inputs: Record<string, unknown>) => Promise<{ runId: string }>,
  ): Promise<RunOutcome> {
    this.begin();
    let runId: string;
    try {
      const inputs: Record<string, unknown> = this.collectInputs();
      for (const field of this.inputFields) {
        if (field.kind !== 'file') continue;
        const file = this.file(field.key);
        const kept = this.keptFile(field.key);
        if (file) inputs[field.key] = (await this.api.uploadFile(appId, field.plugin.id, file)).id;
        else if (kept) inputs[field.key] = kept.id;
      }
      ({ runId } = await start(inputs));
    } catch (error) {
      const message = runFailureMessage(error);
      this.fail(message);
      return { ok: false, error: this.error };
    }
    runInAction(() => {
      this.runId = runId;
    });
    return this.follow(runId);
  }

  /**
   * Follows a started run's events to its end. A dropped connection is said so and made again
   * (the server then sends the run's events again from its start); a watch that ends without
   * the run's ending reads the ending the server stored.
   */
  private follow(runId: string): Promise<RunOutcome> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: RunOutcome): void => {
        if (settled) return;
        settled = true;
        this.stopWatching?.();
        this.stopWatching = null;
        resolve(outcome);
      };
      const outcome = (): RunOutcome =>
        this.phase === 'succeeded' ? { ok: true } : { ok: false, error: this.error };
      const recover = async (lost: boolean): Promise<void> => {
        try {
          const stored = await this.api.runOutcome(runId);
          if (settled || this.runId !== runId) return;
          if (stored.status === 'succeeded' || stored.status === 'failed' || stored.status === 'aborted') {
            this.applyFinished(stored);
            settle(outcome());
            return;
          }
        } catch (error) {
          console.warn('The run could not be read after its progress stopped.', error);
        }
        if (settled) return;
        this.fail(lost ? RUN_ERRORS.connectionGone : RUN_ERRORS.requestFailed);
        settle(outcome());
      };
      this.stopWatching = this.api.watchRun(runId, {
        next: (event) => {
          this.applyEvent(event);
          if (event.type === 'run_finished') settle(outcome());
        },
        connection: (state) => this.setConnection(state),
        error: (error) => {
          if (settled) return;
          if (isNetworkFailure(error)) {
            void recover(true);
            return;
          }
          this.fail(runFailureMessage(error, RUN_ERRORS.requestFailed));
          settle(outcome());
        },
        complete: () => {
          if (!settled && this.phase === 'processing') void recover(this.connection !== 'ok');
        },
      });
    });
  }

  /** Shows a run the server answered only once it was over (no live progress on the way). */
  applyFinished(run: FinishedRun): void {
    const { byId } = this.catalogue;
    const state = finishedRunState(run, (type) => byId.get(type)?.category === 'input');
    this.runId = run.id;
    this.connection = 'ok';
    this.nodes.replace(
      [...state.nodes].map(([id, node]) => [
        id,
        node.error ? { ...node, error: this.titled(node.error) } : node,
      ]),
    );
    this.outputs = state.outputs;
    this.artifacts = state.artifacts;
    if (run.status === 'succeeded') this.phase = 'succeeded';
    else this.fail(run.error ?? RUN_ERRORS.title);
  }

  /** Each block's state as something other than live progress knows it (a kept run's steps). */
  replaceNodes(states: Map<string, NodeRunState>): void {
    this.nodes.replace(states);
  }

  /** Shows what blocks produced as something other than live progress kept it (a failed run's steps). */
  showOutputs(outputs: Record<string, Record<string, unknown>>, artifacts: RunArtifact[]): void {
    this.outputs = outputs;
    this.artifacts = artifacts;
  }

  /** Shows a kept run's results as they were (its inputs go into the fields), without running it again. */
  showKept(run: FinishedRun & { createdAt: string; inputs?: Record<string, unknown> | null }): void {
    this.stopWatching?.();
    this.stopWatching = null;
    if (run.inputs) this.fillInputs(run.inputs);
    this.applyFinished(run);
    this.shownRun = { id: run.id, createdAt: run.createdAt };
  }

  /** Folds one progress event into the run's state, and shows what changed. */
  applyEvent(event: RunEvent): void {
    if (this.runId !== null && event.runId !== this.runId) return;
    if (!applyRunEvent(this.fold, event)) return;
    switch (event.type) {
      case 'run_started':
        // Sent again after a dropped connection is made again, with every event after it.
        this.runId = event.runId;
        this.nodes.clear();
        this.artifacts = [];
        this.outputs = {};
        for (const id of event.nodeIds) this.nodes.set(id, PENDING_NODE);
        break;
      case 'run_finished':
        this.connection = 'ok';
        if (event.status === 'succeeded') this.phase = 'succeeded';
        else this.fail(event.error ?? RUN_ERRORS.title);
        break;
      default: {
        const block = this.fold.nodes.get(event.nodeId)!;
        this.nodes.set(
          event.nodeId,
          nodeRunState(block, (message) => this.titled(message)),
        );
        if (event.type !== 'node_finished' || event.loop) break;
        this.outputs = resultOutputs(this.fold);
        if (event.artifacts.length > 0) this.artifacts = this.fold.artifacts.slice();
      }
    }
  }
}
