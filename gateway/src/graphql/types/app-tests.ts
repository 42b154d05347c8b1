import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('TestSet', {
  simpleResolvers: true,
  description:
    'An app’s test set: its cases, each with inputs and checks (its owner’s, or an admin reviewing).',
})
export class TestSetType {
  @Field(() => ID) appId!: string;
  @Field(() => [GraphQLJSONObject], {
    description: 'Each case: { id, name, inputs, checks: [{ type, target, ... }], sourceRunId }.',
  })
  cases!: Record<string, unknown>[];
  @Field(() => String, { nullable: true, description: 'ISO time it last changed; null: never saved.' })
  updatedAt!: string | null;
}

@ObjectType('TestLatency', { simpleResolvers: true })
export class TestLatencyType {
  @Field(() => Int, { nullable: true }) p50!: number | null;
  @Field(() => Int, { nullable: true }) p95!: number | null;
}

@ObjectType('TestRun', {
  simpleResolvers: true,
  description:
    'A run of an app’s test set against one of its versions, charged to the owner at the normal price.',
})
export class TestRunType {
  @Field(() => ID) id!: string;
  @Field(() => ID) appId!: string;
  @Field(() => ID, { nullable: true }) versionId!: string | null;
  @Field(() => Int, { nullable: true }) versionNumber!: number | null;
  @Field({ description: 'manual, or submission (run by submitting the version for review).' })
  purpose!: string;
  @Field({ description: 'running, finished, cancelled or failed.' }) status!: string;
  @Field(() => Int) total!: number;
  @Field(() => Int, { description: 'Cases ended so far (progress).' }) done!: number;
  @Field(() => Int) passed!: number;
  @Field(() => Int) failed!: number;
  @Field(() => Float, { nullable: true, description: 'Percent of the cases that passed, 2 decimals.' })
  passRate!: number | null;
  @Field(() => [GraphQLJSONObject], {
    description:
      'Each case ended: { caseId, name, status, runId, answers, checks: [{ type, target, passed, actual, reason }], latencyMs, credits, error }.',
  })
  cases!: Record<string, unknown>[];
  @Field(() => TestLatencyType) latencyMs!: TestLatencyType;
  @Field(() => Int, { description: 'Credits charged for the cases’ runs.' }) credits!: number;
  @Field(() => Float, { nullable: true, description: 'Credits per case run, 2 decimals.' })
  creditsPerRun!: number | null;
  @Field(() => Int, { description: 'The most it could cost, shown before it started.' })
  estimatedCredits!: number;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field() createdAt!: string;
  @Field(() => String, { nullable: true }) finishedAt!: string | null;
}

@ObjectType('CreditRange', { simpleResolvers: true })
export class CreditRangeType {
  @Field(() => Int) min!: number;
  @Field(() => Int) max!: number;
}

@ObjectType('TestRunEstimate', {
  simpleResolvers: true,
  description: 'What a test run would cost, before it starts.',
})
export class TestRunEstimateType {
  @Field(() => Int) cases!: number;
  @Field(() => ID, { nullable: true }) versionId!: string | null;
  @Field(() => Int, { nullable: true }) versionNumber!: number | null;
  @Field(() => CreditRangeType) creditsPerRun!: CreditRangeType;
  @Field(() => Int, {
    description: 'What the judge checks’ model calls cost at most together (part of credits.max).',
  })
  judgeCredits!: number;
  @Field(() => CreditRangeType) credits!: CreditRangeType;
}

@ObjectType('TestCaseChange', { simpleResolvers: true })
export class TestCaseChangeType {
  @Field() caseId!: string;
  @Field() name!: string;
  @Field() before!: string;
  @Field() after!: string;
}

@ObjectType('TestRunComparison', {
  simpleResolvers: true,
  description:
    'A test run beside the live version’s last one (for a run of the live version, the one before it): which cases got better, which got worse.',
})
export class TestRunComparisonType {
  @Field(() => TestRunType, { nullable: true }) baseline!: TestRunType | null;
  @Field(() => [TestCaseChangeType]) better!: TestCaseChangeType[];
  @Field(() => [TestCaseChangeType]) worse!: TestCaseChangeType[];
}

@ObjectType('PublicRunFigures', {
  simpleResolvers: true,
  description:
    'The live version as the public runs it: its latest succeeded runs by others (at most 1,000), no test runs.',
})
export class PublicRunFiguresType {
  @Field(() => Int, { description: 'The runs counted.' }) runs!: number;
  @Field(() => Int, { nullable: true }) p95Ms!: number | null;
  @Field(() => Float, { nullable: true }) creditsPerRun!: number | null;
}

@ObjectType('AppQuality', {
  simpleResolvers: true,
  description:
    'A published app’s quality, for its live version: its last finished test run’s figures and, apart, the public runs’ latency and credits.',
})
export class AppQualityType {
  @Field(() => Float, {
    nullable: true,
    description: 'Percent of the test run’s cases passed; null while the live version is untested.',
  })
  passRate!: number | null;
  @Field(() => Int, { description: 'Cases in that test run; 0 while untested.' }) cases!: number;
  @Field(() => Int, { nullable: true, description: 'The test run’s 95th percentile of a case run’s time.' })
  p95Ms!: number | null;
  @Field(() => Float, { nullable: true, description: 'The test run’s average credits per case run.' })
  creditsPerRun!: number | null;
  @Field(() => Int, { nullable: true, description: 'The live version’s number.' })
  versionNumber!: number | null;
  @Field(() => String, { nullable: true, description: 'ISO time that test run ended; null while untested.' })
  testedAt!: string | null;
  @Field(() => PublicRunFiguresType, {
    nullable: true,
    description: 'Latency and credits of the same version as the public runs it; null before anyone has.',
  })
  publicRuns!: PublicRunFiguresType | null;
}
