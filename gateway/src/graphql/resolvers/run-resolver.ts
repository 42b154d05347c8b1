import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { RunEvent } from '@blocksmith/schema';
import { NotFoundError } from '../../errors';
import { parseActionType } from '../../services/runs/run-service';
import { requireCaller, requireRunner, type GraphQLContext } from '../context';
import { RunStartedType, RunType } from '../types/credits';

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
    const started = await context.services.runs.start({
      userId: runner.userId,
      isAdmin: runner.isAdmin,
      appId,
      inputs: inputs ?? {},
      // Through an API key: the live version, as a published run.
      ...(runner.viaKey
        ? { actionType: 'published', live: true }
        : { actionType: parseActionType(actionType) }),
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
    const run = await context.services.runs.runToEnd({
      userId: runner.userId,
      isAdmin: runner.isAdmin,
      appId,
      inputs: inputs ?? {},
      ...(runner.viaKey
        ? { actionType: 'published', live: true }
        : actionType == null
          ? {}
          : { actionType: parseActionType(actionType) }),
    });
    // Kept files in the result open through signed links only.
    return context.services.fileLinks.sign(run);
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
    });
    return context.services.fileLinks.sign(run);
  }

  @Query(() => RunType, { description: 'One of your runs, with its result once finished.' })
  async run(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext) {
    return context.services.fileLinks.sign(
      await context.services.runs.get(requireCaller(context).userId, id),
    );
  }

  @Subscription(() => GraphQLJSONObject, {
    description: 'Every event of one of your runs, in order, from its start to run_finished.',
    subscribe: async ({ args, context }) => {
      const { services, caller } = context as GraphQLContext;
      const runId = String(args.runId);
      if (!caller || !(await services.hub.canWatch(runId, caller.userId))) {
        throw new NotFoundError('Run not found.');
      }
      return services.hub.watch(runId);
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
