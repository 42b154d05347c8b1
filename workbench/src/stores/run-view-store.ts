import { toolBlocks, type AppConfig, type Artifact, type NodeStatus } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiError, type BlocksmithApi, type VersionedApp } from '../api/blocksmith-api';
import type { RunDetail, RunStep } from '../api/run-history';
import { RunApprovalStore } from './run-approval-store';
import { RUNS, RUN_STATUS_LABELS, STEP_STATUS_LABELS, formatDuration } from '../texts/run-history-texts';
import { CanvasFlow, type CanvasFlowSource } from './canvas-flow';
import type { BlockSettingsOf, CatalogueStore } from './catalogue-store';
import { DocumentStore } from './document-store';
import { FlowModel, type BlockFlowNode, type FlowEdge } from './flow-model';
import { blockResultItems, shownOutputs, type ResultItem } from './result-fields';
import { blockTitle } from './run-errors';
import { runRow, statusIntent, type RunRow, type StatusIntent } from './run-rows';
import { RunStore, type NodeRunState, type RunArtifact } from './run-store';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';
import { toolCallsFromSteps, toolCallsOf, type ToolCallRow } from './tool-call-log';
import { takesTools } from './tool-settings';
import type { Size } from './view-store';

export type RunViewState = 'idle' | 'loading' | 'ready' | 'notFound' | 'failed';

/** One block of the kept run as the list beside the canvas shows it. */
export interface StepRow {
  nodeId: string;
  title: string;
  status: NodeStatus | 'none';
  statusLabel: string;
  intent: StatusIntent;
  duration: string;
  error: string | null;
  /** The block is on the canvas shown: the version the run ran, else the app as it is now. */
  onCanvas: boolean;
  /** The model that answered, when the AI service said. */
  model: string | null;
  /** Its tokens in and out ('' when the AI service counted none). */
  tokens: string;
  /** What one run of it costs with its model, times its items (null: not charged, or it did not succeed). */
  credits: number | null;
}

/** What one block received and produced, as the result views show it. */
export interface StepDetail extends StepRow {
  step: RunStep | null;
  /** The variables the block received (null: hidden by the privacy rule, or none kept). */
  inputs: Record<string, unknown> | null;
  /** Its results as its block kind declares them, as the preview shows them. */
  items: ResultItem[];
  /** What an output block presented. */
  artifacts: Artifact[];
  /** Its other output fields, shown as data. */
  otherOutputs: Record<string, unknown> | null;
  /** Outputs that were cut, with the link to the whole value. */
  fullValues: Array<{ field: string; url: string }>;
  totalTokens: number | null;
  /** A block inside a loop: how many items it ran for. */
  itemCount: number | null;
  /** A block that hands tools to a model: its tool calls, as its outputs keep them (null for other blocks). */
  toolCalls: ToolCallRow[] | null;
  /** A block connected as a tool: how many times the model called it (null for other blocks). */
  callCount: number | null;
}

const NODE_STATUSES: readonly NodeStatus[] = ['pending', 'running', 'succeeded', 'failed', 'skipped'];
const ARTIFACT_KINDS: readonly string[] = ['text', 'image', 'file', 'table'] satisfies Artifact['kind'][];

/** An output block's results, as kept under its step's `artifacts` output. */
function artifactsOf(value: unknown): Artifact[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is Artifact =>
      typeof record(entry)?.kind === 'string' && ARTIFACT_KINDS.includes(String(record(entry)!.kind)),
  );
}

function nodeStatus(value: unknown): NodeStatus | null {
  return NODE_STATUSES.find((status) => status === value) ?? null;
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * One kept run (/runs/{runId}): what it was started with and how it ended, the app's canvas with
 * each block coloured by its step, a block's inputs and outputs on click, the results, and "Run
 * again with these inputs". Its canvas reads from here, not from the builder.
 */
export class RunViewStore implements CanvasFlowSource {
  state: RunViewState = 'idle';
  detail: RunDetail | null = null;
  app: VersionedApp | null = null;
  /** The app's canvas could not be read (deleted, or no longer visible to the runner). */
  appMissing = false;
  selectedNodeId: string | null = null;
  readonly document: DocumentStore;
  readonly run: RunStore;
  readonly canvasFlow: CanvasFlow;
  /** A run waiting for approval: what it asks, and the owner's decision. */
  readonly approval: RunApprovalStore;
  readonly view = { measured: observable.map<string, Size>({}, { deep: false }) };
  private readonly flow = new FlowModel();
  private runId = '';

  constructor(
    private readonly api: BlocksmithApi,
    readonly catalogue: CatalogueStore,
    private readonly session: SessionStore,
    private readonly toasts: ToastStore,
  ) {
    this.document = new DocumentStore(catalogue);
    this.run = new RunStore(api, this.document, catalogue);
    this.canvasFlow = new CanvasFlow(this);
    this.approval = new RunApprovalStore(api, toasts, (runId) => this.open(runId));
    makeObservable(this, {
      state: observable,
      detail: observableRef,
      app: observableRef,
      appMissing: observable,
      selectedNodeId: observable,
      shownConfig: computed,
      summary: computed,
      isAppOwner: computed,
      steps: computed,
      selected: computed,
      flowNodes: computed,
      flowEdges: computed,
      canRunAgain: computed,
      runAgainPath: computed,
      conversationPath: computed,
      open: action,
      select: action,
      setMeasured: action,
    });
  }

  get shownConfig(): AppConfig {
    return this.document.config;
  }

  get summary(): RunRow | null {
    return this.detail ? runRow(this.detail) : null;
  }

  /** The signed-in person owns the run's app (the run view then links to the app's runs). */
  get isAppOwner(): boolean {
    const user = this.session.user;
    return user !== null && this.app !== null && this.app.owner_id === user.id;
  }

  private stepOf(nodeId: string): RunStep | undefined {
    return this.detail?.steps.find((step) => step.nodeId === nodeId);
  }

  /** The run's blocks: in canvas order, then blocks the run had that the canvas no longer has. */
  get steps(): StepRow[] {
    const detail = this.detail;
    if (!detail) return [];
    const plugins = this.document.config.plugins;
    const onCanvas = new Set(plugins.map((plugin) => plugin.id));
    const rows: StepRow[] = plugins.map((plugin) =>
      this.stepRow(
        plugin.id,
        this.stepOf(plugin.id),
        blockTitle(plugin, this.catalogue.byId.get(plugin.type)),
        plugin,
      ),
    );
    for (const step of detail.steps) {
      if (!onCanvas.has(step.nodeId)) rows.push(this.stepRow(step.nodeId, step, step.title, null));
    }
    return rows;
  }

  /**
   * An AI step's credits as the server charged them; for runs kept before steps recorded their
   * credits, a succeeded step's block with its model at today's prices, once per item.
   */
  private stepCredits(step: RunStep | undefined, plugin: BlockSettingsOf | null): number | null {
    if (!step || !this.catalogue.isAiBlock(step.kind)) return null;
    if (step.credits !== null && step.credits !== undefined) return step.credits;
    if (step.status !== 'succeeded') return null;
    const cost = this.catalogue.blockCost(plugin ?? { type: step.kind, settings: {} }).total;
    return cost * (step.items ?? 1);
  }

  private stepRow(
    nodeId: string,
    step: RunStep | undefined,
    title: string,
    plugin: BlockSettingsOf | null,
  ): StepRow {
    const status = step ? (nodeStatus(step.status) ?? 'none') : 'none';
    const shown = status === 'pending' ? 'none' : status;
    const usage = record(step?.usage);
    const count = (key: string): number | null => {
      const value = usage?.[key];
      return typeof value === 'number' ? value : null;
    };
    return {
      nodeId,
      title: step?.title || title,
      status: shown,
      ...(this.detail?.approvalRequest?.nodeId === nodeId && shown === 'running'
        ? // The block the run waits at.
          { statusLabel: RUN_STATUS_LABELS.waiting, intent: statusIntent('waiting') }
        : {
            statusLabel: STEP_STATUS_LABELS[shown],
            intent: shown === 'none' || shown === 'skipped' ? 'none' : statusIntent(shown),
          }),
      duration:
        step?.durationMs !== null && step?.durationMs !== undefined ? formatDuration(step.durationMs) : '',
      error: step?.error ? this.run.titled(step.error) : null,
      onCanvas: plugin !== null,
      model: step?.model ?? null,
      tokens: RUNS.tokensInOut(count('promptTokens'), count('completionTokens'), count('totalTokens')),
      credits: this.stepCredits(step, plugin),
    };
  }

  /** The block clicked on the canvas or in the list: what it received and produced. */
  get selected(): StepDetail | null {
    const id = this.selectedNodeId;
    if (id === null) return null;
    const row = this.steps.find((candidate) => candidate.nodeId === id);
    if (!row) return null;
    const step = this.stepOf(id) ?? null;
    const outputs = step?.outputs ?? null;
    const items = outputs && step ? blockResultItems(this.catalogue.byId.get(step.kind), outputs) : [];
    const artifacts = artifactsOf(outputs?.artifacts);
    const shown = shownOutputs(items);
    if (artifacts.length > 0) shown.add('artifacts');
    const entry = step ? this.catalogue.byId.get(step.kind) : undefined;
    const toolCalls = takesTools(entry) && outputs ? toolCallsOf(outputs, undefined) : null;
    // The list of tool calls is shown as such, not again as a result or as data.
    const isCallList = (value: unknown): boolean => toolCalls !== null && toolCallsFromSteps(value) !== null;
    const others = outputs
      ? Object.entries(outputs).filter(([field, value]) => !shown.has(field) && !isCallList(value))
      : [];
    const isTool = toolBlocks(this.document.config.connections).has(id);
    const total = record(step?.usage)?.totalTokens;
    const files = record(step?.outputFiles) ?? {};
    return {
      ...row,
      step,
      inputs: step?.inputs ?? null,
      items: items.filter((item) => !isCallList(outputs?.[item.output])),
      artifacts,
      otherOutputs: others.length > 0 ? Object.fromEntries(others) : null,
      fullValues: Object.entries(files).flatMap(([field, url]) =>
        typeof url === 'string' && url !== '' ? [{ field, url }] : [],
      ),
      totalTokens: typeof total === 'number' ? total : null,
      itemCount: isTool ? null : (step?.items ?? null),
      toolCalls,
      callCount: isTool ? (step?.items ?? null) : null,
    };
  }

  get flowNodes(): BlockFlowNode[] {
    const selected = new Set(this.selectedNodeId ? [this.selectedNodeId] : []);
    return this.flow.nodes(this.document.config.plugins, selected, this.view.measured);
  }

  get flowEdges(): FlowEdge[] {
    return this.flow.edges(
      this.document.config.connections,
      new Set(),
      this.canvasFlow.sourceHandleOf,
      this.canvasFlow.idleConnections,
    );
  }

  /** The inputs are there to fill in again (the privacy rule hides other people's). */
  get canRunAgain(): boolean {
    return (
      this.detail !== null && this.detail.inputs !== null && !this.detail.detailsHidden && this.app !== null
    );
  }

  /**
   * Where "Run again with these inputs" goes: the builder's preview for the app's owner, the
   * app's page for someone who ran a published app; null when neither can take it.
   */
  get runAgainPath(): string | null {
    if (!this.canRunAgain || !this.detail || !this.app) return null;
    const id = encodeURIComponent(this.detail.id);
    if (this.isAppOwner) return `/app?runAgain=${id}`;
    if (this.app.isPublished && this.app.slug)
      return `/app/${encodeURIComponent(this.app.slug)}?runAgain=${id}`;
    return null;
  }

  /** A chat message's run: its conversation, open on the app's page; null for any other run. */
  get conversationPath(): string | null {
    const conversationId = this.detail?.conversationId;
    if (!conversationId || !this.app?.isPublished || !this.app.slug) return null;
    return `/app/${encodeURIComponent(this.app.slug)}?conversation=${encodeURIComponent(conversationId)}`;
  }

  async open(runId: string): Promise<void> {
    this.runId = runId;
    this.state = 'loading';
    this.detail = null;
    this.app = null;
    this.appMissing = false;
    this.selectedNodeId = null;
    this.view.measured.clear();
    this.run.reset();
    await this.catalogue.load();
    let detail: RunDetail;
    try {
      detail = await this.api.runDetail(runId);
    } catch (error) {
      if (this.runId !== runId) return;
      const missing = !(error instanceof ApiError) || error.code !== undefined;
      if (!missing) console.warn('The run could not be loaded.', error);
      runInAction(() => (this.state = missing ? 'notFound' : 'failed'));
      return;
    }
    let app: VersionedApp | null = null;
    try {
      app = await this.api.app(detail.appId);
    } catch (error) {
      console.warn("The run's app could not be read.", error);
    }
    if (this.runId !== runId) return;
    runInAction(() => {
      this.detail = detail;
      this.app = app;
      this.approval.show(detail.id, detail.approvalRequest);
      // The canvas as the run ran it: its version's blocks; for runs kept before versions were
      // recorded, the app as it is now.
      const version = detail.version;
      this.appMissing = app === null && version === null;
      if (version) this.document.load({ ...(app ?? { name: detail.appName }), config: version.config });
      else if (app) this.document.load(app);
      this.run.applyFinished({
        id: detail.id,
        status: detail.status,
        cost: detail.cost,
        results: detail.results,
        nodes: detail.nodes,
        error: detail.error,
        errorCode: detail.errorCode,
      });
      this.run.replaceNodes(this.keptStates(detail));
      // A run that did not succeed keeps no result: what its blocks produced before it stopped.
      if (detail.results === null && !detail.detailsHidden) this.showStepResults(detail);
      this.state = 'ready';
      const failed = detail.steps.find((step) => step.status === 'failed');
      this.selectedNodeId = failed?.nodeId ?? null;
    });
  }

  /** Each block's state on the canvas from its step (and the routes its run took). */
  private keptStates(detail: RunDetail): Map<string, NodeRunState> {
    const states = new Map<string, NodeRunState>();
    const nodes = record(detail.nodes) ?? {};
    const tools = toolBlocks(this.document.config.connections);
    for (const step of detail.steps) {
      const status = nodeStatus(step.status);
      if (status === null || status === 'pending') continue;
      const routes = record(nodes[step.nodeId])?.routes;
      states.set(step.nodeId, {
        status,
        text: '',
        ...(step.error ? { error: this.run.titled(step.error) } : {}),
        ...(step.durationMs !== null ? { durationMs: step.durationMs } : {}),
        ...(detail.approvalRequest?.nodeId === step.nodeId && status === 'running' ? { waiting: true } : {}),
        ...(Array.isArray(routes)
          ? { routes: routes.filter((r): r is string => typeof r === 'string') }
          : {}),
        // A block run as a tool counts its calls; one inside a loop, its items.
        ...(step.items !== null && status !== 'running'
          ? tools.has(step.nodeId)
            ? { toolCall: { calls: step.items } }
            : { loop: { done: step.items, items: step.items } }
          : {}),
      });
    }
    return states;
  }

  /** The results of the blocks that ran, from their steps, as the preview would have shown them. */
  private showStepResults(detail: RunDetail): void {
    const outputs: Record<string, Record<string, unknown>> = {};
    const artifacts: RunArtifact[] = [];
    const steps = new Map(detail.steps.map((step) => [step.nodeId, step]));
    const order = [
      ...this.document.config.plugins.map((plugin) => plugin.id),
      ...detail.steps.map((step) => step.nodeId),
    ].filter((id, index, ids) => ids.indexOf(id) === index);
    for (const id of order) {
      const step = steps.get(id);
      if (!step?.outputs || step.status !== 'succeeded') continue;
      if (this.catalogue.categoryOf(step.kind) === 'input') continue;
      for (const artifact of artifactsOf(step.outputs.artifacts)) artifacts.push({ nodeId: id, artifact });
      const { artifacts: _kept, ...own } = step.outputs;
      if (Object.keys(own).length > 0) outputs[id] = own;
    }
    this.run.showOutputs(outputs, artifacts);
  }

  select(nodeId: string | null): void {
    this.selectedNodeId = nodeId === this.selectedNodeId ? null : nodeId;
  }

  setMeasured(id: string, size: Size): void {
    this.view.measured.set(id, size);
  }

  /** Deletes the run (the app's owner); answers whether it went. */
  async remove(): Promise<boolean> {
    const detail = this.detail;
    if (!detail) return false;
    try {
      await this.api.deleteRun(detail.id);
      this.toasts.success(RUNS.deleted);
      return true;
    } catch (error) {
      this.toasts.error(error instanceof Error && error.message ? error.message : RUNS.deleteFailed);
      return false;
    }
  }
}
