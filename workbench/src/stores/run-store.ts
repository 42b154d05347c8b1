import type { RunEvent, RunNote, UserMessage } from '@blocksmith/schema';
import { action, makeObservable, runInAction } from 'mobx';
import { type BlocksmithApi, type RunActionType } from '../api/blocksmith-api';
import type { FinishedRun } from '../api/embeds';
import { RUN_ERRORS } from '../texts/run-history-texts';
import type { CatalogueStore } from './catalogue-store';
import type { DocumentStore } from './document-store';
import type { NodeRunState, RunArtifact } from './node-run-state';
import { isNetworkFailure, runFailureMessage } from './run-errors';
import { RunInputs, type RunInputField } from './run-inputs';
import { RunResults, type LiveResult, type RunResultGroup } from './run-results';
import { RunStatus, type RunConnection, type RunPhase, type ShownRun } from './run-status';

export type { NodeRunState, RunArtifact } from './node-run-state';

type RunOutcome = { ok: true } | { ok: false; error: string };

/**
 * One run from the builder, the runner page or an embed: the values typed for each input block
 * (`inputs`), then the run's progress as the gateway streams it (`status`: each block pending,
 * running, done or failed, with its streamed text) and what it shows as results (`results`: the
 * output fields and the artifacts the output blocks present). It starts runs and follows them;
 * the parts' members are read and called through it.
 */
export class RunStore {
  readonly inputs: RunInputs;
  readonly status: RunStatus;
  readonly results: RunResults;
  private stopWatching: (() => void) | null = null;

  constructor(
    private readonly api: BlocksmithApi,
    document: DocumentStore,
    catalogue: CatalogueStore,
  ) {
    this.inputs = new RunInputs(document, catalogue);
    this.status = new RunStatus(document, catalogue);
    this.results = new RunResults(document, catalogue, this.status);
    makeObservable(this, {
      begin: action,
      clearRun: action,
      reset: action,
      showKept: action,
    });
  }

  // The inputs.

  get inputFields(): RunInputField[] {
    return this.inputs.inputFields;
  }

  get missingInputs(): RunInputField[] {
    return this.inputs.missingInputs;
  }

  value(key: string): string | undefined {
    return this.inputs.value(key);
  }

  file(key: string): File | undefined {
    return this.inputs.file(key);
  }

  keptFile(key: string): { id: string; name: string } | undefined {
    return this.inputs.keptFile(key);
  }

  setValue(key: string, value: string): void {
    this.inputs.setValue(key, value);
  }

  setFile(key: string, file: File | null): void {
    this.inputs.setFile(key, file);
  }

  fillInputs(inputs: Readonly<Record<string, unknown>>): void {
    this.inputs.fillInputs(inputs);
  }

  chooseFile(field: RunInputField, file: File | null): string | null {
    return this.inputs.chooseFile(field, file);
  }

  collectInputs(): Record<string, string> {
    return this.inputs.collectInputs();
  }

  inputProblem(): string | null {
    return this.inputs.inputProblem();
  }

  inputProblemMessage(): UserMessage | null {
    return this.inputs.inputProblemMessage();
  }

  // The run's status.

  get phase(): RunPhase {
    return this.status.phase;
  }

  get processing(): boolean {
    return this.status.processing;
  }

  get error(): string {
    return this.status.error;
  }

  get runId(): string | null {
    return this.status.runId;
  }

  get nodes(): ReadonlyMap<string, NodeRunState> {
    return this.status.nodes;
  }

  get artifacts(): RunArtifact[] {
    return this.status.artifacts;
  }

  get outputs(): Record<string, Record<string, unknown>> {
    return this.status.outputs;
  }

  get connection(): RunConnection {
    return this.status.connection;
  }

  get shownRun(): ShownRun | null {
    return this.status.shownRun;
  }

  get notes(): RunNote[] {
    return this.status.notes;
  }

  nodeState(id: string): NodeRunState | undefined {
    return this.status.nodeState(id);
  }

  titled(message: string): string {
    return this.status.titled(message);
  }

  fail(message: string): void {
    this.status.fail(message);
  }

  setConnection(connection: RunConnection): void {
    this.status.setConnection(connection);
  }

  applyEvent(event: RunEvent): void {
    this.status.applyEvent(event);
  }

  applyFinished(run: FinishedRun): void {
    this.status.applyFinished(run);
  }

  replaceNodes(states: Map<string, NodeRunState>): void {
    this.status.replaceNodes(states);
  }

  showOutputs(outputs: Record<string, Record<string, unknown>>, artifacts: RunArtifact[]): void {
    this.status.showOutputs(outputs, artifacts);
  }

  // The results.

  get resultGroups(): RunResultGroup[] {
    return this.results.resultGroups;
  }

  get liveResults(): LiveResult[] {
    return this.results.liveResults;
  }

  get hasResults(): boolean {
    return this.results.hasResults;
  }

  // Starting and following runs.

  private unwatch(): void {
    this.stopWatching?.();
    this.stopWatching = null;
  }

  begin(): void {
    this.unwatch();
    this.status.begin();
  }

  /** Forgets the run (a run that did not start after all), keeping what was typed. */
  clearRun(): void {
    this.unwatch();
    this.status.clear();
  }

  /** Forgets the run and the inputs typed for it. */
  reset(): void {
    this.unwatch();
    this.inputs.clear();
    this.status.reset();
  }

  /** Shows a kept run's results as they were (its inputs go into the fields), without running it again. */
  showKept(run: FinishedRun & { createdAt: string; inputs?: Record<string, unknown> | null }): void {
    this.unwatch();
    if (run.inputs) this.inputs.fillInputs(run.inputs);
    this.status.showKept(run);
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
      const inputs = await this.inputs.runInputs((field, file) =>
        this.api.uploadFile(appId, field.plugin.id, file),
      );
      ({ runId } = await start(inputs));
    } catch (error) {
      const message = runFailureMessage(error);
      this.fail(message);
      return { ok: false, error: this.error };
    }
    runInAction(() => {
      this.status.runId = runId;
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
        this.unwatch();
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
}
