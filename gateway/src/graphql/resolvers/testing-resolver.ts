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
import type { App } from '@blocksmith/schema';
import type { TestRunView } from '../../services/testing-sets/app-test-run-view';
import type { TestSetView } from '../../services/testing-sets/app-test-sets';
import type { AppQuality } from '../../services/testing-sets/app-tests';
import { requireCaller, type GraphQLContext } from '../context';
import { stoppableStream } from '../stoppable-stream';
import { AppType } from '../types/app';
import {
  AppQualityType,
  TestRunComparisonType,
  TestRunEstimateType,
  TestRunType,
  TestSetType,
} from '../types/app-tests';
import { GraphQLJSON } from 'graphql-scalars';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function testSetAnswer(set: TestSetView): TestSetType {
  return {
    appId: set.appId,
    cases: set.cases as unknown as Record<string, unknown>[],
    updatedAt: iso(set.updatedAt),
  };
}

export function testRunAnswer(run: TestRunView): TestRunType {
  return {
    ...run,
    cases: run.cases as unknown as Record<string, unknown>[],
    createdAt: run.createdAt.toISOString(),
    finishedAt: iso(run.finishedAt),
  };
}

function qualityAnswer(quality: AppQuality | null): AppQualityType | null {
  return quality && { ...quality, testedAt: iso(quality.testedAt) };
}

function viewer(context: GraphQLContext) {
  const { userId, isAdmin } = requireCaller(context);
  return { userId, isAdmin };
}

/** Test sets and test runs of one's own apps (admins may read them to review); others': NOT_FOUND. */
@Resolver()
export class TestingResolver {
  @Query(() => TestSetType, { description: 'One of your apps’ test set.' })
  async testSet(@Arg('appId', () => ID) appId: string, @Ctx() context: GraphQLContext) {
    return testSetAnswer(await context.services.testing.sets.get(viewer(context), appId));
  }

  @Mutation(() => TestSetType, { description: 'Replaces your app’s test set with these cases.' })
  async saveTestSet(
    @Arg('appId', () => ID) appId: string,
    @Arg('cases', () => GraphQLJSON) cases: unknown,
    @Ctx() context: GraphQLContext,
  ) {
    return testSetAnswer(await context.services.testing.sets.put(viewer(context), appId, cases));
  }

  @Mutation(() => TestSetType, {
    description: 'Keep as a test case: one of your own runs of the app becomes a case with its inputs.',
  })
  async keepRunAsTestCase(
    @Arg('appId', () => ID) appId: string,
    @Arg('runId', () => ID) runId: string,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return testSetAnswer(await context.services.testing.sets.keepRun(viewer(context), appId, runId, name));
  }

  @Mutation(() => TestSetType, {
    description: 'Adds (or with replace, replaces with) cases from JSON Lines.',
  })
  async importTestCases(
    @Arg('appId', () => ID) appId: string,
    @Arg('jsonLines') jsonLines: string,
    @Arg('replace', () => Boolean, { nullable: true }) replace: boolean | null,
    @Ctx() context: GraphQLContext,
  ) {
    const set = await context.services.testing.sets.importJsonLines(
      viewer(context),
      appId,
      jsonLines,
      replace === true,
    );
    return testSetAnswer(set);
  }

  @Query(() => String, { description: 'Your app’s test cases as JSON Lines, one case a line.' })
  exportTestCases(@Arg('appId', () => ID) appId: string, @Ctx() context: GraphQLContext) {
    return context.services.testing.sets.exportJsonLines(viewer(context), appId);
  }

  @Query(() => TestRunEstimateType, {
    description: 'What running the test set against a version would cost.',
  })
  testRunEstimate(
    @Arg('appId', () => ID) appId: string,
    @Arg('versionId', () => ID, { nullable: true }) versionId: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.testing.runs.estimate(viewer(context), appId, versionId);
  }

  @Mutation(() => TestRunType, {
    description:
      'Runs the test set against a version (the draft by default) on your credits; answers at once.',
  })
  async startTestRun(
    @Arg('appId', () => ID) appId: string,
    @Arg('versionId', () => ID, { nullable: true }) versionId: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return testRunAnswer(await context.services.testing.runs.start(viewer(context), appId, { versionId }));
  }

  @Mutation(() => TestRunType, { description: 'Stops a test run: cases not started yet are not run.' })
  async cancelTestRun(
    @Arg('appId', () => ID) appId: string,
    @Arg('testRunId', () => ID) testRunId: string,
    @Ctx() context: GraphQLContext,
  ) {
    return testRunAnswer(await context.services.testing.runs.cancel(viewer(context), appId, testRunId));
  }

  @Query(() => [TestRunType], { description: 'Your app’s test runs, newest first.' })
  async testRuns(
    @Arg('appId', () => ID) appId: string,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() context: GraphQLContext,
  ) {
    return (await context.services.testing.runs.list(viewer(context), appId, limit ?? 50)).map(testRunAnswer);
  }

  @Query(() => TestRunType, {
    description: 'One test run with each case, each check, answers, latency and credits.',
  })
  async testRun(
    @Arg('appId', () => ID) appId: string,
    @Arg('testRunId', () => ID) testRunId: string,
    @Ctx() context: GraphQLContext,
  ) {
    return testRunAnswer(await context.services.testing.runs.get(viewer(context), appId, testRunId));
  }

  @Subscription(() => TestRunType, {
    description:
      'Live progress of one of your test runs: as it is now, then each time a case ends, until it has ended.',
    subscribe: async ({ args, context }) => {
      const { services } = context as GraphQLContext;
      const who = viewer(context as GraphQLContext);
      const appId = String(args.appId);
      const testRunId = String(args.testRunId);
      // Not found (or another person's) is said when subscribing, not as an empty stream.
      await services.testing.runs.get(who, appId, testRunId);
      return stoppableStream((signal) => services.testing.runs.watch(who, appId, testRunId, signal));
    },
  })
  testRunProgress(
    @Arg('appId', () => ID) _appId: string,
    @Arg('testRunId', () => ID) _testRunId: string,
    @Root() run: TestRunView,
  ): TestRunType {
    return testRunAnswer(run);
  }

  @Query(() => TestRunComparisonType, {
    description:
      'A test run beside the live version’s last one (for a run of the live version, the one before it): the cases that got better and worse.',
  })
  async testRunComparison(
    @Arg('appId', () => ID) appId: string,
    @Arg('testRunId', () => ID) testRunId: string,
    @Ctx() context: GraphQLContext,
  ) {
    const comparison = await context.services.testing.compare(viewer(context), appId, testRunId);
    return { ...comparison, baseline: comparison.baseline && testRunAnswer(comparison.baseline) };
  }
}

/** A published app's quality: its live version's last finished test run, and its public runs. */
@Resolver(() => AppType)
export class AppQualityResolver {
  @FieldResolver(() => AppQualityType, {
    nullable: true,
    description:
      'Its live version’s quality: its last finished test run and its public runs’ figures; null when it has neither.',
  })
  async quality(@Root() app: App, @Ctx() context: GraphQLContext) {
    return app.id ? qualityAnswer(await context.services.testing.quality(app.id)) : null;
  }
}
