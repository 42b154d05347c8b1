import {
  hasUnstorableCharacter,
  isErrorCode,
  type App,
  type ErrorCode,
  type RunEvent,
  type RunSource,
} from '@blocksmith/schema';
import { planRun, type ModelLookup, type PlanOptions } from '@blocksmith/engine';
import type { DataSource } from 'typeorm';
import { AppError, InputError, InsufficientCreditsError, NotFoundError } from '../../errors';
import type { BlockRegistry } from '../../kernel';
import type { AppService } from '../apps/app-service';
import { PUBLIC_READ_TTL_MS } from '../apps/public-reads';
import { keptCredits } from '../runs/kept-credits';
import type { RunEvents } from '../runs/run-events';
import type { RunService, StartRunRequest } from '../runs/run-service';
import { runInputsOf } from './app-tool-arguments';
import { appToolAnswer, appToolWaiting, type AppToolResult } from './app-tool-answer';
import { appToolOf, type AppTool } from './app-tool-spec';

export { type AppTool } from './app-tool-spec';
export { type AppToolResult } from './app-tool-answer';

/** Published apps' tools kept at most (past it, all are made afresh). */
const MAX_KEPT_TOOLS = 1_000;

/** Longer than any slug an app can have. */
const MAX_SLUG_CHARS = 200;

/** Tools a page of `tools/list` holds at most. */
export const APP_TOOLS_PAGE = 50;

/** How far a call has come, for MCP progress notifications and an agent's partial text. */
export interface AppToolProgress {
  /** Blocks finished (or skipped) so far. */
  done: number;
  /** Blocks the app has. */
  total: number;
  message: string;
}

export interface AppToolCallOptions {
  /** `mcp` for an MCP client, `agent` for an agent block of another run. */
  source: Extract<RunSource, 'mcp' | 'agent'>;
  /** The run whose agent made the call. */
  parentRunId?: string;
  /** Stops waiting, and stops the run (wherever it executes). */
  signal?: AbortSignal;
  /** The most the call may cost: an app that could cost more is refused before it starts. */
  maxCredits?: number;
  /**
   * The caller's own allowance (an OAuth client's daily limit), asked with the most the call can
   * cost before anything is charged: it refuses by throwing, or answers a hold that counts the
   * call's run once it exists and is released when the call has ended.
   */
  reserve?: (maxCredits: number) => Promise<CallHold | undefined>;
  onProgress?: (progress: AppToolProgress) => void;
  /** Streamed text of the run's blocks as they write it. */
  onPartial?: (text: string) => void;
}

/** What a caller's allowance set aside for one call (see `AppToolCallOptions.reserve`). */
export interface CallHold {
  /** Counts the call's run towards the caller's spend. */
  recordRun(runId: string): Promise<void>;
  /** The call has ended: its run's charges count from now on. */
  release(): Promise<void>;
}

/** A call that ran but did not succeed: the run's own error, with its id and what it kept. */
export class AppToolRunError extends AppError {
  constructor(
    message: string,
    code: ErrorCode,
    readonly runId: string,
    readonly credits: number,
  ) {
    super(code, message, { runId, credits });
  }
}

/** What a page cursor holds: the slug the page before ended at. */
function decodeCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const slug = Buffer.from(cursor, 'base64url').toString('utf8');
  if (cursor.length > 400 || slug === '' || Buffer.from(slug).toString('base64url') !== cursor) {
    throw new InputError('The cursor is not one this server gave out; list again without it.');
  }
  return slug;
}

export interface AppToolServiceDeps {
  dataSource: DataSource;
  registry: BlockRegistry;
  apps: AppService;
  runs: RunService;
  hub: RunEvents;
  models?: (ModelLookup & { ready(): Promise<void> }) | undefined;
  earnings: { priceFor(appId: string, runnerId: string, options?: { visitor?: boolean }): Promise<number> };
}

/**
 * Apps as tools, for MCP clients and agent blocks alike: a published app (by slug) or one's own
 * app (by id) described as one tool (`appToolOf`), and a call of it: one run through the store's
 * own path (`RunService.start`: priced, charged to the caller with the creator's price, earned by
 * the creator when it succeeds, refunded when it fails), its progress, and its results.
 */
export class AppToolService {
  /** Published apps' tools by app, live version and price, for PUBLIC_READ_TTL_MS. */
  private readonly kept = new Map<string, { tool: AppTool; until: number }>();

  constructor(private readonly deps: AppToolServiceDeps) {}

  /**
   * Published store apps as tools, ordered by slug, a page at a time (`cursor`: the `nextCursor`
   * of the page before); `slugs` narrows the list to those apps (unknown slugs are left out).
   */
  async listPublished(
    userId: string,
    options: { cursor?: string; slugs?: readonly string[]; limit?: number } = {},
  ): Promise<{ tools: AppTool[]; nextCursor?: string }> {
    const after = decodeCursor(options.cursor);
    const limit = Math.max(1, Math.min(APP_TOOLS_PAGE, options.limit ?? APP_TOOLS_PAGE));
    const wanted = options.slugs ? new Set(options.slugs) : null;
    const store = (await this.deps.apps.listStore())
      .filter((app) => (wanted ? wanted.has(app.slug) : true) && (after === null || app.slug > after))
      .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
    const page = store.slice(0, limit);
    const tools: AppTool[] = [];
    for (const listed of page) {
      // The store's list leaves AI blocks' settings out; a tool is priced on the whole live version.
      const tool = await this.publishedTool(userId, listed.id!).catch(() => null);
      if (tool) tools.push(tool);
    }
    const last = page[page.length - 1];
    return store.length > limit && last
      ? { tools, nextCursor: Buffer.from(last.slug).toString('base64url') }
      : { tools };
  }

  /** A published app by its slug, as a tool for `userId` (priced for them). */
  async published(userId: string, slug: string): Promise<AppTool> {
    // No slug is this long or holds what the database cannot store: not found, without asking it.
    if (slug.length > MAX_SLUG_CHARS || hasUnstorableCharacter(slug)) {
      throw new NotFoundError('The requested app could not be found or is not published.');
    }
    const app = await this.deps.apps.getPublishedBySlug({ userId: null, isAdmin: false }, slug);
    return this.publishedTool(userId, app.id!);
  }

  /** A published app by its id, as a tool for `userId` (its live version, priced for them). */
  publishedById(userId: string, appId: string): Promise<AppTool> {
    return this.publishedTool(userId, appId);
  }

  /**
   * One of the owner's own apps by its id, as a tool: its latest saved version (the draft, as the
   * builder runs it), free of any creator price.
   */
  async own(ownerId: string, appId: string): Promise<AppTool> {
    const { app } = await this.deps.apps.forRun({ userId: ownerId, isAdmin: false }, appId);
    if (app.owner_id !== ownerId) throw new NotFoundError('App not found.');
    return { ...(await this.toolOf(app, 0)), own: true };
  }

  private async publishedTool(userId: string, appId: string): Promise<AppTool> {
    const { app, versionId } = await this.deps.apps.forRun({ userId: null, isAdmin: false }, appId);
    if (!app.isPublished)
      throw new NotFoundError('The requested app could not be found or is not published.');
    const price = await this.deps.earnings.priceFor(app.id!, userId);
    // The live version's tool is the same for every caller paying the same price: kept as long as
    // the public read it is made from.
    const key = `${app.id!}:${versionId ?? ''}:${price}`;
    const kept = this.kept.get(key);
    if (kept && kept.until > performance.now()) return kept.tool;
    const tool = await this.toolOf(app, price);
    if (this.kept.size >= MAX_KEPT_TOOLS) this.kept.clear();
    this.kept.set(key, { tool, until: performance.now() + PUBLIC_READ_TTL_MS });
    return tool;
  }

  private async toolOf(app: App, price: number): Promise<AppTool> {
    return appToolOf(app, planRun(app.config, this.deps.registry, await this.planOptions()), price);
  }

  private async planOptions(): Promise<PlanOptions> {
    const { models } = this.deps;
    if (!models) return {};
    await models.ready();
    return { models };
  }

  /**
   * One call: a run of the app charged to `userId` (the live version of a published app, paying
   * its creator; the draft of the caller's own), waited for, answered with its results. A call
   * that could cost more than `maxCredits` is refused before anything is charged; a balance that
   * cannot pay is refused naming the price and the balance; a run that fails throws
   * `AppToolRunError` with its error.
   */
  async call(
    userId: string,
    tool: AppTool,
    args: Readonly<Record<string, unknown>>,
    options: AppToolCallOptions,
  ): Promise<AppToolResult> {
    const own = tool.own === true;
    const actionType = own ? 'test_execution' : 'published';
    const { runs } = this.deps;
    options.signal?.throwIfAborted();
    const inputs = await runInputsOf(
      tool,
      args,
      (file) => runs.storeInputFile({ ...file, userId, actionType }),
      options.signal,
    );
    // What the caller's allowance sets aside, once the run is priced (released when the call ends).
    let hold: CallHold | undefined;
    const request: StartRunRequest = {
      userId,
      appId: tool.appId,
      inputs,
      actionType,
      live: !own,
      source: options.source,
      ...(options.parentRunId !== undefined && { parentRunId: options.parentRunId }),
      checkPrice: async (cost) => {
        const { maxCredits } = options;
        if (maxCredits !== undefined && cost.max > maxCredits) {
          throw new InputError(
            `${tool.name} can cost up to ${cost.max} credits, more than the ${maxCredits} left for this call.`,
          );
        }
        hold = await options.reserve?.(cost.max);
      },
    };
    try {
      return await this.run(tool, request, options, () => hold);
    } finally {
      await hold?.release().catch(() => undefined);
    }
  }

  /** Starts the call's run, counts it on the caller's hold, and waits for its ending. */
  private async run(
    tool: AppTool,
    request: StartRunRequest,
    options: AppToolCallOptions,
    holdOf: () => CallHold | undefined,
  ): Promise<AppToolResult> {
    const { runs } = this.deps;
    let started: Awaited<ReturnType<RunService['start']>>;
    try {
      started = await runs.start(request);
    } catch (error) {
      if (error instanceof InsufficientCreditsError) {
        const { required, balance } = (error.details ?? {}) as { required?: number; balance?: number };
        throw new InsufficientCreditsError(
          `Calling ${tool.name} costs ${required ?? tool.cost.min} credits and you have ${balance ?? 0}. ` +
            'Add credits or upgrade your plan, then call it again.',
          error.details,
        );
      }
      throw error;
    }
    try {
      await holdOf()?.recordRun(started.runId);
    } catch (error) {
      // Not counted where the caller's spend is kept: it does not go on (stopped, refunded).
      void runs.stop(started.runId).catch(() => undefined);
      throw error;
    }
    const watching = new AbortController();
    if (options.onProgress || options.onPartial) void this.follow(started.runId, options, watching.signal);
    const stop = () => void runs.stop(started.runId).catch(() => undefined);
    options.signal?.addEventListener('abort', stop, { once: true });
    try {
      const stored = await started.done;
      if (stored.status === 'succeeded') return appToolAnswer(stored.id, stored.cost, stored.result);
      if (stored.status === 'waiting') return appToolWaiting(stored.id, stored.cost, tool.title);
      const kept = (await keptCredits(this.deps.dataSource, [stored.id])).get(stored.id) ?? 0;
      throw new AppToolRunError(
        stored.error ?? `${tool.name} did not finish.`,
        isErrorCode(stored.errorCode) ? stored.errorCode : 'BLOCK_ERROR',
        stored.id,
        kept,
      );
    } finally {
      options.signal?.removeEventListener('abort', stop);
      watching.abort();
    }
  }

  /** Passes the run's progress on as it goes: blocks done of all, and streamed text. */
  private async follow(runId: string, options: AppToolCallOptions, signal: AbortSignal): Promise<void> {
    let total = 0;
    let done = 0;
    try {
      for await (const event of this.deps.hub.watch(runId, signal) as AsyncGenerator<RunEvent>) {
        if (event.type === 'run_started') total = event.nodeIds.length;
        else if (event.type === 'node_partial') options.onPartial?.(event.text);
        else if (
          (event.type === 'node_finished' || event.type === 'node_skipped' || event.type === 'node_failed') &&
          !('loop' in event && event.loop)
        ) {
          done += 1;
          options.onProgress?.({
            done,
            total: Math.max(total, done),
            message: `${done} of ${total} blocks done`,
          });
        } else if (event.type === 'run_finished') break;
      }
    } catch {
      // Progress is a courtesy: the call's answer does not depend on it.
    }
  }
}
