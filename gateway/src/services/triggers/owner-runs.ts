import { ACCOUNT_SUSPENDED_MESSAGE, type RunSource } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AppRecord } from '../../data/entities';
import { ForbiddenError, NotFoundError } from '../../errors';
import { isVisible } from '../apps/app-access';
import type { StartRunRequest, StartedRun } from '../runs/run-start';
import { APP_NOT_FOUND } from './owned-app';

/** What starts runs (RunService). */
export interface RunStarter {
  start(request: StartRunRequest): Promise<StartedRun>;
}

const ANYONE = { userId: null, isAdmin: false } as const;

/**
 * Starts a run of an app on its owner's account for a trigger (a schedule or a webhook): charged
 * to the owner, marked with the trigger's source. An app in the store runs its live (approved)
 * version, as the store and API keys do, so a draft being edited never runs unattended; an app
 * not in the store (never published, private, in review for the first time) runs its saved version.
 */
export class OwnerRuns {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runs: RunStarter,
  ) {}

  async start(
    appId: string,
    inputs: Record<string, unknown>,
    source: RunSource,
  ): Promise<StartedRun & { ownerId: string }> {
    const record = await this.dataSource
      .getRepository(AppRecord)
      .findOne({ where: { id: appId }, relations: { owner: true } });
    if (!record) throw new NotFoundError(APP_NOT_FOUND);
    if (record.owner?.suspendedAt) throw new ForbiddenError(ACCOUNT_SUSPENDED_MESSAGE);
    const live = isVisible(ANYONE, record);
    const started = await this.runs.start({
      userId: record.ownerId,
      appId,
      inputs,
      source,
      ...(live ? { actionType: 'published', live: true } : { actionType: 'test_execution' }),
    });
    return { ...started, ownerId: record.ownerId };
  }
}
