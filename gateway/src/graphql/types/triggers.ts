import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('Schedule', {
  simpleResolvers: true,
  description:
    'An app’s schedule: when it runs (a friendly repeat or cron, in a time zone), with which inputs, on its owner’s credits.',
})
export class ScheduleType {
  @Field(() => ID) id!: string;
  @Field(() => ID) appId!: string;
  @Field() name!: string;
  @Field({ description: 'minutes, hourly, daily, weekly or cron.' }) repeat!: string;
  @Field(() => Int, { nullable: true, description: 'minutes: every N minutes.' }) everyMinutes!:
    number | null;
  @Field(() => Int, { nullable: true, description: 'hourly: the minute past the hour.' }) minute!:
    number | null;
  @Field(() => String, { nullable: true, description: 'daily and weekly: HH:MM.' }) time!: string | null;
  @Field(() => String, { nullable: true, description: 'weekly: the day (monday...).' }) weekday!:
    string | null;
  @Field({ description: 'The cron expression it runs on (five fields).' }) cron!: string;
  @Field({ description: 'An IANA time zone; UTC by default.' }) timeZone!: string;
  @Field({ description: 'In words: Every 15 minutes, Daily at 09:00 (UTC).' }) description!: string;
  @Field(() => GraphQLJSONObject) inputs!: Record<string, unknown>;
  @Field({ description: 'active or paused.' }) status!: string;
  @Field(() => String, {
    nullable: true,
    description:
      'Why the server paused it (the owner’s credits ran out); null when paused by hand or active.',
  })
  pausedReason!: string | null;
  @Field(() => String, { nullable: true }) nextRunAt!: string | null;
  @Field(() => String, { nullable: true }) lastRunAt!: string | null;
  @Field(() => ID, { nullable: true }) lastRunId!: string | null;
  @Field(() => String, { nullable: true, description: 'The last run’s status.' }) lastRunStatus!:
    string | null;
  @Field(() => String, { nullable: true, description: 'Why the last due time started no run.' })
  lastError!: string | null;
  @Field() createdAt!: string;
}

@ObjectType('Hook', {
  simpleResolvers: true,
  description: 'An app’s webhook as its owner lists it: never the secret.',
})
export class HookType {
  @Field(() => ID) id!: string;
  @Field(() => ID) appId!: string;
  @Field() name!: string;
  @Field({
    description:
      'POST a JSON body here, with the secret in X-Blocksmith-Secret or an HMAC in X-Blocksmith-Signature.',
  })
  url!: string;
  @Field({ description: 'The secret’s first characters.' }) secretPrefix!: string;
  @Field(() => GraphQLJSONObject, {
    description: 'Input name to the body field (dotted path) it is filled from.',
  })
  mapping!: Record<string, string>;
  @Field() createdAt!: string;
  @Field(() => String, { nullable: true }) rotatedAt!: string | null;
  @Field(() => String, { nullable: true }) lastCalledAt!: string | null;
}

@ObjectType('HookWithSecret', {
  simpleResolvers: true,
  description: 'A new or rotated webhook, with its secret: shown this once.',
})
export class HookWithSecretType extends HookType {
  @Field() secret!: string;
}

@ObjectType('AppTriggers', { simpleResolvers: true, description: 'An app’s schedules and webhooks.' })
export class AppTriggersType {
  @Field(() => [ScheduleType]) schedules!: ScheduleType[];
  @Field(() => [HookType]) hooks!: HookType[];
}

@InputType('ScheduleInput', {
  description:
    'A schedule’s fields. repeat: minutes (everyMinutes), hourly (minute), daily (time), weekly (weekday, time) or cron (cron). On a change, leave out what stays; a new timing needs its repeat.',
})
export class ScheduleInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) repeat?: string | null;
  @Field(() => Int, { nullable: true }) everyMinutes?: number | null;
  @Field(() => Int, { nullable: true }) minute?: number | null;
  @Field(() => String, { nullable: true }) time?: string | null;
  @Field(() => String, { nullable: true }) weekday?: string | null;
  @Field(() => String, { nullable: true }) cron?: string | null;
  @Field(() => String, { nullable: true }) timeZone?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true }) inputs?: Record<string, unknown> | null;
  @Field(() => Boolean, { nullable: true }) paused?: boolean | null;
}
