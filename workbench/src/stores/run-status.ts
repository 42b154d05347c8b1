import {
  applyRunEvent,
  createRunState,
  foldedRunNotes,
  type RunEvent,
  type RunNote,
} from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { FinishedRun } from '../api/embeds';
import { RUN_ERRORS } from '../texts/run-history-texts';
import type { CatalogueStore } from './catalogue-store';
import type { DocumentStore } from './document-store';
import { finishedRunState, keptRunNotes } from './finished-run';
import {
  nodeRunState,
  PENDING_NODE,
  resultOutputs,
  type NodeRunState,
  type RunArtifact,
} from './node-run-state';
import { withBlockTitles } from './run-errors';

/** `waiting`: the run stopped at an Approval block and waits for a person (it is kept on the server). */
export type RunPhase = 'idle' | 'processing' | 'succeeded' | 'failed' | 'waiting';

/** How the connection carrying a run's progress is: lost (being made again), or restored. */
export type RunConnection = 'ok' | 'lost' | 'restored';

/** A kept run shown instead of a live one: which run and when it ran. */
export interface ShownRun {
  id: string;
  createdAt: string;
}

/**
 * Where a run is (`RunStore.status`): its phase and error, each block's state (pending, running,
 * done or failed, with its streamed text), the outputs and artifacts blocks produced and the
 * connection carrying its progress; folded from its events, or from the run as the server kept it.
 */
export class RunStatus {
  phase: RunPhase = 'idle';
  error = '';
  runId: string | null = null;
  readonly nodes = observable.map<string, NodeRunState>({}, { deep: false });
  artifacts: RunArtifact[] = [];
  outputs: Record<string, Record<string, unknown>> = {};
  connection: RunConnection = 'ok';
  /** Set while a kept run is shown (nothing ran again). */
  shownRun: ShownRun | null = null;
  /**
   * What failed while the run went on (blocks whose On error continues or takes the error route,
   * loops some of whose items failed), blocks named by their titles; live from its events, kept
   * from its result.
   */
  notes: RunNote[] = [];
  /** The live run's events folded (`applyRunEvent`); `nodes`, `outputs` and `artifacts` show it. */
  private fold = createRunState();

  constructor(
    private readonly document: DocumentStore,
    private readonly catalogue: CatalogueStore,
  ) {
    makeObservable(this, {
      phase: observable,
      error: observable,
      runId: observable,
      artifacts: observableRef,
      outputs: observableRef,
      connection: observable,
      shownRun: observableRef,
      notes: observableRef,
      processing: computed,
      applyEvent: action,
      applyFinished: action,
      showKept: action,
      replaceNodes: action,
      showOutputs: action,
      setConnection: action,
      begin: action,
      fail: action,
      clear: action,
      reset: action,
    });
  }

  get processing(): boolean {
    return this.phase === 'processing';
  }

  /** A message naming blocks by their titles, not their internal ids. */
  titled(message: string): string {
    return withBlockTitles(message, this.document.config.plugins, (type) => this.catalogue.byId.get(type));
  }

  nodeState(id: string): NodeRunState | undefined {
    return this.nodes.get(id);
  }

  /** A new run: processing, with nothing known of it yet. */
  begin(): void {
    this.clear();
    this.phase = 'processing';
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

  /** Forgets the run. */
  clear(): void {
    this.reset();
    this.runId = null;
  }

  /** Forgets what the run did; its id stays. */
  reset(): void {
    this.phase = 'idle';
    this.error = '';
    this.connection = 'ok';
    this.shownRun = null;
    this.nodes.clear();
    this.artifacts = [];
    this.outputs = {};
    this.notes = [];
    this.fold = createRunState();
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
    this.setNotes(keptRunNotes(run.results));
    if (run.status === 'succeeded') this.phase = 'succeeded';
    else if (run.status === 'waiting') this.phase = 'waiting';
    // A kept run still under way (opened from run history while it runs) has not failed.
    else if (run.status === 'running' || run.status === 'queued') this.phase = 'processing';
    else this.fail(run.error ?? RUN_ERRORS.title);
  }

  /** Shows a kept run's results as they were, without running it again. */
  showKept(run: FinishedRun & { createdAt: string }): void {
    this.applyFinished(run);
    this.shownRun = { id: run.id, createdAt: run.createdAt };
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

  private setNotes(notes: RunNote[]): void {
    this.notes = notes.map((note) => ({ ...note, message: this.titled(note.message) }));
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
        this.notes = [];
        for (const id of event.nodeIds) this.nodes.set(id, PENDING_NODE);
        break;
      case 'run_finished':
        this.connection = 'ok';
        if (event.status === 'succeeded') this.phase = 'succeeded';
        // Waiting for approval: the blocks before it stay as they are; the run goes on later.
        else if (event.status === 'waiting') {
          this.phase = 'waiting';
          const at = event.approval && this.nodes.get(event.approval.nodeId);
          if (at) this.nodes.set(event.approval!.nodeId, { ...at, waiting: true });
        } else this.fail(event.error ?? RUN_ERRORS.title);
        break;
      default: {
        const noted = event.type === 'node_failed' || event.type === 'loop_progress';
        if (noted && this.fold.handled.length > 0) this.setNotes(foldedRunNotes(this.fold));
        const block = this.fold.nodes.get(event.nodeId)!;
        const state = nodeRunState(block, (message) => this.titled(message));
        // A block run as a tool shows the arguments of the call it runs (or ran last).
        const call = 'tool' in event ? event.tool : undefined;
        const previous = this.nodes.get(event.nodeId)?.toolCall;
        if (call || previous) {
          const args = call?.arguments ?? previous?.arguments;
          state.toolCall = { ...(args && { arguments: args }), calls: block.runs ?? 0 };
        }
        this.nodes.set(event.nodeId, state);
        if (event.type !== 'node_finished' || event.loop) break;
        this.outputs = resultOutputs(this.fold);
        if (event.artifacts.length > 0) this.artifacts = this.fold.artifacts.slice();
      }
    }
  }
}
