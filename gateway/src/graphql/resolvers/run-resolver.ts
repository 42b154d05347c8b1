import { GraphQLJSONObject } from 'graphql-scalars';
import {
  Arg,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
  Subscription,
} from 'type-graphql';
import type { ActionType, App, RunEvent, RunSource } from '@blocksmith/schema';
import { NotFoundError } from '../../errors';
import { DEFAULT_RUNS_PAGE } from '../../services/run-history/run-history-service';
import type { RunView } from '../../services/run-history/run-view';
import { parseActionType } from '../../services/runs/run-service';
import { requireCaller, requireRunner, type GraphQLContext } from '../context';
import { stoppableStream } from '../stoppable-stream';
import { AppType } from '../types/app';
import { RunStartedType } from '../types/credits';
import { RunPageType, RunType } from '../types/runs';

/** Where a run comes from: an API key's, else the builder's test run or the store's. */
function sourceOf(runner: { viaKey: boolean }, actionType: ActionType | undefined): RunSource {
  if (runner.viaKey) return 'api';
  return actionType === 'test_execution' ? 'builder' : 'store';
}

@Resolver()
export class RunResolver {
  @Mutation(() => RunStartedType, {
    description:
      'Starts a run: test_execution from the builder (own apps), published from an app page. Watch it with runProgress.',
  })
  async startRun(
    @Arg('appId', () => ID) appId: string,
    @Arg('inputs', () => GraphQLJSONObject, { nullable: true }) inputs: Record<string, unknown> | null,
    @Arg('actionType', { defaultValue: 'test_execution' }) actionType: string,
    @Ctx() context: GraphQLContext,
  ): Promise<RunStartedType> {
    const runner = await requireRunner(context);
    const parsed = runner.viaKey ? undefined : parseActionType(actionType);
    const started = await context.services.runs.start({
      userId: runner.userId,
      isAdmin: runner.isAdmin,
      appId,
      inputs: inputs ?? {},
      source: sourceOf(runner, parsed),
      // Through an API key: the live version, as a published run.
      ...(runner.viaKey ? { actionType: 'published', live: true } : { actionType: parsed }),
    });
    return { runId: started.runId, cost: started.cost };
  }

  @Mutation(() => RunType, {
    description:
      'Runs an app and answers when it has ended, with its result or why it failed (for callers that cannot subscribe).',
  })
  async runApp(
    @Arg('appId', () => ID) appId: string,
    @Arg('inputs', () => GraphQLJSONObject, { nullable: true }) inputs: Record<string, unknown> | null,
    @Arg('actionType', () => String, {
      nullable: true,
      description:
        'test_execution or published; by default test_execution for the owner, published for others.',
    })
    actionType: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    const runner = await requireRunner(context);
    const parsed = runner.viaKey || actionType == null ? undefined : parseActionType(actionType);
    const run = await context.services.runs.runToEnd({
      userId: runner.userId,
      isAdmin: runner.isAdmin,
      appId,
      inputs: inputs ?? {},
      ...(runner.viaKey
        ? { actionType: 'published', live: true, source: 'api' }
        : parsed === undefined
          ? {}
          : { actionType: parsed, source: sourceOf(runner, parsed) }),
    });
    // Kept files in the result open through signed links only (signed when asked for).
    return context.services.runHistory.answer(run, runner);
  }

  @Mutation(() => RunType, {
    description:
      'Runs a published app’s live version by its address and answers when it has ended (signed in, or with an API key).',
  })
  async runPublishedApp(
    @Arg('slug') slug: string,
    @Arg('inputs', () => GraphQLJSONObject, { nullable: true }) inputs: Record<string, unknown> | null,
    @Ctx() context: GraphQLContext,
  ) {
    const runner = await requireRunner(context);
    const app = await context.services.apps.getPublishedBySlug({ userId: null, isAdmin: false }, slug);
    const run = await context.services.runs.runToEnd({
      userId: runner.userId,
      isAdmin: runner.isAdmin,
      appId: app.id!,
      inputs: inputs ?? {},
      actionType: 'published',
      live: true,
      source: runner.viaKey ? 'api' : 'store',
    });
    return context.services.runHistory.answer(run, runner);
  }

  @Query(() => RunType, {
    description:
      'One run: one you started (everything), or one of your app’s runs under the privacy rule (detailsHidden).',
  })
  run(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext) {
    return context.services.runHistory.run(requireCaller(context), id);
  }

  @Query(() => RunPageType, {
    description:
      'An app’s runs, newest first (its owner and admins). status: running, succeeded, failed or aborted; source: builder, store, embed or api.',
  })
  appRuns(
    @Arg('appId', () => ID) appId: string,
    @Arg('limit', () => Int, { defaultValue: DEFAULT_RUNS_PAGE, description: '1 to 100.' }) limit: number,
    @Arg('cursor', () => String, { nullable: true, description: 'The nextCursor of the page before.' })
    cursor: string | null,
    @Arg('status', () => String, { nullable: true }) status: string | null,
    @Arg('source', () => String, { nullable: true }) source: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.runHistory.appRuns(requireCaller(context), appId, {
      limit,
      cursor,
      status,
      source,
    });
  }

  @Query(() => RunPageType, {
    description: 'The runs you started, newest first (of one app when appId is given).',
  })
  myRuns(
    @Arg('limit', () => Int, { defaultValue: DEFAULT_RUNS_PAGE, description: '1 to 100.' }) limit: number,
    @Arg('cursor', () => String, { nullable: true, description: 'The nextCursor of the page before.' })
    cursor: string | null,
    @Arg('appId', () => ID, { nullable: true }) appId: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.runHistory.myRuns(requireCaller(context), { limit, cursor, appId });
  }

  @Mutation(() => Boolean, { description: 'Deletes one of your app’s runs (not one still going).' })
  async deleteRun(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.runHistory.deleteRun(requireCaller(context), id);
    return true;
  }

  @Mutation(() => AppType, {
    description:
      'Whether you see what other people enter and the results of their runs of your app (runs started while it is on); the runner page and the embed say so.',
  })
  async setRunSharing(
    @Arg('appId', () => ID) appId: string,
    @Arg('share') share: boolean,
    @Ctx() context: GraphQLContext,
  ): Promise<App> {
    return context.services.apps.setRunSharing(requireCaller(context).userId, appId, share);
  }

  @Subscription(() => GraphQLJSONObject, {
    description: 'Every event of one of your runs, in order, from its start to run_finished.',
    subscribe: async ({ args, context }) => {
      const { services, caller } = context as GraphQLContext;
      const runId = String(args.runId);
      if (!caller || !(await services.hub.canWatch(runId, caller.userId))) {
        throw new NotFoundError('Run not found.');
      }
      return stoppableStream((signal) => services.hub.watch(runId, signal));
    },
  })
  runProgress(
    @Arg('runId', () => ID) _runId: string,
    @Root() event: RunEvent,
    @Ctx() context: GraphQLContext,
  ): RunEvent | Promise<RunEvent> {
    return event.type === 'node_finished' ? context.services.fileLinks.sign(event) : event;
  }
}

/** A run's tool runs: the apps its agent blocks called, each a run of its own. */
@Resolver(() => RunType)
export class RunToolRunsResolver {
  @FieldResolver(() => [RunType], {
    description:
      'The runs this run started: published apps an agent block called as tools, each charged on its own (its cost is not in this run’s). Oldest first; those you may see.',
  })
  async toolRuns(@Root() run: RunView, @Ctx() context: GraphQLContext): Promise<RunView[]> {
    // A run answered to an API key is its owner's; a visitor of an embed sees none.
    const userId = context.caller?.userId ?? context.apiKey?.userId;
    if (!userId) return [];
    return context.services.runHistory.startedBy(
      { userId, isAdmin: context.caller?.isAdmin ?? false },
      run.id,
    );
  }
}
