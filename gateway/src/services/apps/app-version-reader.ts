import { describeChanges, type AppConfig, type BlockNameOf } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AppRecord, AppVersion } from '../../data/entities';
import { NotFoundError } from '../../errors';
import {
  APP_NOT_FOUND,
  appUuid,
  isPrivileged,
  VERSION_NOT_FOUND,
  versionUuid,
  type Viewer,
} from './app-access';
import { contentOf } from './app-versions';

/** A version as its app's owner and admins see it. */
export interface AppVersionView {
  id: string;
  appId: string;
  number: number;
  kind: string;
  summary: string;
  authorId: string | null;
  authorName: string;
  createdAt: string;
  updatedAt: string;
  isDraft: boolean;
  isLive: boolean;
  isInReview: boolean;
  name: string;
  description: string;
  category: string;
  config: AppConfig;
  /** What differs from the live version; everything when there is none. */
  changesFromLive: string[];
}

/** An app's versions as its owner and admins see them; anyone else finds no app. */
export class AppVersionReader {
  constructor(
    private readonly dataSource: DataSource,
    /** Names blocks in the changes from the live version. */
    private readonly nameOf: BlockNameOf,
  ) {}

  /** An app's versions, newest first (its owner and admins). */
  async versions(viewer: Viewer, appId: string): Promise<AppVersionView[]> {
    const record = await this.privilegedRecord(viewer, appId);
    const versions = await this.dataSource.getRepository(AppVersion).find({
      where: { appId: record.id },
      relations: { author: true },
      order: { number: 'DESC' },
    });
    return versions.map((version) => versionView(record, version, this.nameOf));
  }

  /** One version with its config, and what differs from the live version (its owner and admins). */
  async version(viewer: Viewer, appId: string, versionId: string): Promise<AppVersionView> {
    const record = await this.privilegedRecord(viewer, appId);
    const version = await this.dataSource
      .getRepository(AppVersion)
      .findOne({ where: { id: versionUuid(versionId), appId: record.id }, relations: { author: true } });
    if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
    return versionView(record, version, this.nameOf);
  }

  private async privilegedRecord(viewer: Viewer, appId: string): Promise<AppRecord> {
    const record = await this.dataSource.getRepository(AppRecord).findOneBy({ id: appUuid(appId) });
    if (!record || !isPrivileged(viewer, record)) throw new NotFoundError(APP_NOT_FOUND);
    return record;
  }
}

function versionView(record: AppRecord, version: AppVersion, nameOf: BlockNameOf): AppVersionView {
  const isLive = version.id === record.liveVersionId;
  return {
    id: version.id,
    appId: version.appId,
    number: version.number,
    kind: version.kind,
    summary: version.summary,
    authorId: version.authorId,
    authorName: version.author?.fullName || version.author?.email || '',
    createdAt: version.createdAt.toISOString(),
    updatedAt: version.updatedAt.toISOString(),
    isDraft: version.id === record.draftVersionId,
    isLive,
    isInReview: version.id === record.submittedVersionId,
    ...contentOf(version),
    changesFromLive: isLive ? [] : describeChanges(record.live, contentOf(version), nameOf),
  };
}
