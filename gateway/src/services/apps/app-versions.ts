import { randomUUID } from 'node:crypto';
import {
  describeChanges,
  sameVersionContent,
  summarizeChanges,
  type AppConfig,
  type BlockNameOf,
  type VersionContent,
} from '@blocksmith/schema';
import type { EntityManager } from 'typeorm';
import { AppVersion, type AppRecord, type AppVersionKind } from '../../data/entities';

/**
 * Autosaves by one person closer together than this are one editing burst: they update the
 * burst's version instead of adding one each.
 */
export const AUTOSAVE_BURST_MS = 10 * 60 * 1000;

/** What the builder saved, as a version holds it. */
export function contentOf(source: {
  name: string;
  description: string;
  category: string;
  config: AppConfig;
}): VersionContent {
  return {
    name: source.name,
    description: source.description,
    category: source.category,
    config: source.config,
  };
}

/**
 * Keeps a version of the draft an app row now holds, in the transaction that changed it (the row
 * must be locked or new in it): a new version numbered after the last, or, for an autosave within
 * the same person's burst, the burst's own version brought up to date (unless review or the store
 * refers to it). Nothing is kept when the content did not change. Points the row at the version.
 */
export async function keepVersion(
  tx: EntityManager,
  record: AppRecord,
  how: {
    authorId: string;
    kind: AppVersionKind;
    now: Date;
    /** Names blocks in the summary of changes. */
    nameOf: BlockNameOf;
    /** A first line for the summary ('Restored version 2'). */
    summaryPrefix?: string;
  },
): Promise<AppVersion> {
  const { authorId, kind, now, nameOf, summaryPrefix } = how;
  const versions = tx.getRepository(AppVersion);
  const content = contentOf(record);
  const draft = record.draftVersionId ? await versions.findOneBy({ id: record.draftVersionId }) : null;
  if (draft && sameVersionContent(draft, content) && kind !== 'restore') return draft;
  const describe = (before: VersionContent | null) => {
    const lines = describeChanges(before, content, nameOf);
    return summarizeChanges(summaryPrefix ? [summaryPrefix, ...lines] : lines);
  };
  const inBurst =
    kind === 'autosave' &&
    draft !== null &&
    draft.kind === 'autosave' &&
    draft.authorId === authorId &&
    now.getTime() - draft.updatedAt.getTime() < AUTOSAVE_BURST_MS &&
    draft.id !== record.liveVersionId &&
    draft.id !== record.submittedVersionId;
  if (inBurst) {
    const before = await versions.findOneBy({ appId: record.id, number: draft.number - 1 });
    Object.assign(draft, content, { summary: describe(before), updatedAt: now });
    await versions.save(draft);
    return draft;
  }
  const [{ next }] = (await tx.query(
    'SELECT COALESCE(MAX(number), 0) + 1 AS next FROM app_versions WHERE app_id = $1',
    [record.id],
  )) as [{ next: number }];
  const version = versions.create({
    id: randomUUID(),
    appId: record.id,
    number: Number(next),
    ...content,
    authorId,
    kind,
    summary: describe(draft),
    createdAt: now,
    updatedAt: now,
  });
  await versions.save(version);
  record.draftVersionId = version.id;
  return version;
}
