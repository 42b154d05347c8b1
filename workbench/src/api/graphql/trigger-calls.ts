import {
  AppTriggersDocument,
  CreateHookDocument,
  CreateScheduleDocument,
  DeleteHookDocument,
  DeleteScheduleDocument,
  RotateHookSecretDocument,
  UpdateScheduleDocument,
} from '../generated/graphql';
import type { TriggersApi } from '../triggers';
import type { GraphQLTransport } from './graphql-transport';

/** An app's schedules and webhooks. */
export class TriggerCalls implements TriggersApi {
  constructor(private readonly transport: GraphQLTransport) {}

  async appTriggers(appId: string) {
    const { schedules, hooks } = (await this.transport.query(AppTriggersDocument, { appId })).appTriggers;
    return { schedules, hooks };
  }

  async createSchedule(appId: string, schedule: Parameters<TriggersApi['createSchedule']>[1]) {
    return (await this.transport.mutate(CreateScheduleDocument, { appId, schedule })).createSchedule;
  }

  async updateSchedule(
    appId: string,
    scheduleId: string,
    changes: Parameters<TriggersApi['updateSchedule']>[2],
  ) {
    return (await this.transport.mutate(UpdateScheduleDocument, { appId, scheduleId, changes }))
      .updateSchedule;
  }

  async deleteSchedule(appId: string, scheduleId: string): Promise<void> {
    await this.transport.mutate(DeleteScheduleDocument, { appId, scheduleId });
  }

  async createHook(appId: string, name: string | null, mapping: Record<string, string>) {
    return (await this.transport.mutate(CreateHookDocument, { appId, name, mapping })).createHook;
  }

  async rotateHookSecret(appId: string, hookId: string) {
    return (await this.transport.mutate(RotateHookSecretDocument, { appId, hookId })).rotateHookSecret;
  }

  async deleteHook(appId: string, hookId: string): Promise<void> {
    await this.transport.mutate(DeleteHookDocument, { appId, hookId });
  }
}
