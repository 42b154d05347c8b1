import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { ScheduleInput as ScheduleFields } from '../../services/triggers';
import { requireCaller, type GraphQLContext } from '../context';
import {
  AppTriggersType,
  HookType,
  HookWithSecretType,
  ScheduleInput,
  ScheduleType,
} from '../types/triggers';

/** The fields sent, without GraphQL's nulls for the ones left out. */
function scheduleFields(input: ScheduleInput): ScheduleFields {
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
  );
}

@Resolver()
export class TriggerResolver {
  @Query(() => AppTriggersType, {
    description: 'One of your apps’ schedules and webhooks (others’ apps: NOT_FOUND).',
  })
  async appTriggers(@Arg('appId', () => ID) appId: string, @Ctx() context: GraphQLContext) {
    const { userId } = requireCaller(context);
    const { schedules, hooks } = context.services.triggers;
    return { schedules: await schedules.list(userId, appId), hooks: await hooks.list(userId, appId) };
  }

  @Mutation(() => ScheduleType, {
    description: 'Adds a schedule to one of your apps; it runs on your credits.',
  })
  createSchedule(
    @Arg('appId', () => ID) appId: string,
    @Arg('schedule', () => ScheduleInput) schedule: ScheduleInput,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.triggers.schedules.create(
      requireCaller(context).userId,
      appId,
      scheduleFields(schedule),
    );
  }

  @Mutation(() => ScheduleType, {
    description:
      'Changes a schedule: its timing, inputs or name; paused true pauses it, false resumes it from now.',
  })
  updateSchedule(
    @Arg('appId', () => ID) appId: string,
    @Arg('scheduleId', () => ID) scheduleId: string,
    @Arg('changes', () => ScheduleInput) changes: ScheduleInput,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.triggers.schedules.update(
      requireCaller(context).userId,
      appId,
      scheduleId,
      scheduleFields(changes),
    );
  }

  @Mutation(() => Boolean, { description: 'Deletes a schedule.' })
  async deleteSchedule(
    @Arg('appId', () => ID) appId: string,
    @Arg('scheduleId', () => ID) scheduleId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    await context.services.triggers.schedules.remove(requireCaller(context).userId, appId, scheduleId);
    return true;
  }

  @Mutation(() => HookWithSecretType, {
    description: 'Adds a webhook to one of your apps; the answer is the only time its secret is shown.',
  })
  createHook(
    @Arg('appId', () => ID) appId: string,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Arg('mapping', () => GraphQLJSONObject, { nullable: true }) mapping: Record<string, unknown> | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.triggers.hooks.create(requireCaller(context).userId, appId, {
      ...(name !== null && { name }),
      ...(mapping !== null && { mapping }),
    });
  }

  @Mutation(() => HookType, {
    description: 'Renames a webhook or changes how its body fills the app’s inputs.',
  })
  updateHook(
    @Arg('appId', () => ID) appId: string,
    @Arg('hookId', () => ID) hookId: string,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Arg('mapping', () => GraphQLJSONObject, { nullable: true }) mapping: Record<string, unknown> | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.triggers.hooks.update(requireCaller(context).userId, appId, hookId, {
      ...(name !== null && { name }),
      ...(mapping !== null && { mapping }),
    });
  }

  @Mutation(() => HookWithSecretType, {
    description: 'A new secret for a webhook: the old one is refused from now on. Shown this once.',
  })
  rotateHookSecret(
    @Arg('appId', () => ID) appId: string,
    @Arg('hookId', () => ID) hookId: string,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.triggers.hooks.rotate(requireCaller(context).userId, appId, hookId);
  }

  @Mutation(() => Boolean, { description: 'Deletes a webhook: calls to it are 404 from now on.' })
  async deleteHook(
    @Arg('appId', () => ID) appId: string,
    @Arg('hookId', () => ID) hookId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    await context.services.triggers.hooks.remove(requireCaller(context).userId, appId, hookId);
    return true;
  }
}
