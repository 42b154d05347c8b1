import type { DataSource } from 'typeorm';
import { AppRecord } from '../../data/entities';
import { NotFoundError } from '../../errors';
import { isUuid } from '../../ids';

export const APP_NOT_FOUND = 'App not found.';

/** One of the person's own apps; anyone else's (or none) is not found, never told apart. */
export async function ownedApp(dataSource: DataSource, userId: string, appId: string): Promise<AppRecord> {
  const record = isUuid(appId)
    ? await dataSource.getRepository(AppRecord).findOneBy({ id: appId, ownerId: userId })
    : null;
  if (!record) throw new NotFoundError(APP_NOT_FOUND);
  return record;
}
