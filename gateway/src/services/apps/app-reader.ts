import type { App, AppConfig } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AppRecord } from '../../data/entities';
import { NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import type { BlockRegistry } from '../../kernel';
import { APP_NOT_FOUND, appUuid, isPrivileged, isVisible, PUBLIC, type Viewer } from './app-access';
import { AppsWithOwner, appWithOwnerBySlug } from './app-with-owner';
import type { FullKindsHeld } from './block-tiers';
import type { PublicReads } from './public-reads';
import { configForRunners, configUpToDate, toApp, toLiveApp } from './to-app';

/** The app a run uses (`AppReader.forRun`). */
export interface RunnableApp {
  app: App;
  /** The version run: the live one for others, the draft's for the owner. */
  versionId: string | null;
  /** The owner's plan and the full kinds the app holds, read with `app`'s config. */
  tiers?: FullKindsHeld;
}

/**
 * Reading apps for the builder, the store, app pages and runs. Every read is scoped to the viewer:
 * someone else's private or unpublished app behaves exactly as a missing one. What public viewers
 * read is shared through `publicReads`.
 */
export class AppReader {
  private readonly apps: AppsWithOwner;

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: BlockRegistry,
    private readonly publicReads: PublicReads,
  ) {
    this.apps = new AppsWithOwner(dataSource);
  }

  /** The app if the viewer may see it: the owner and admins always; others only approved, public, published apps. */
  async get(viewer: Viewer, id: string): Promise<App> {
    const record = await this.apps.byId(appUuid(id));
    if (!record || !isVisible(viewer, record)) throw new NotFoundError(APP_NOT_FOUND);
    return this.asDraft(record);
  }

  /** The app as its owner edits it: the draft, its config brought up to the installed blocks. */
  private asDraft(record: AppRecord): App {
    const app = toApp(record);
    return { ...app, config: configUpToDate(app.config, this.registry) };
  }

  /**
   * `get` for display (the app's page, the runner): anyone but its owner or an admin may be served
   * a read up to PUBLIC_READ_TTL_MS old. Writes use `get`.
   */
  async read(viewer: Viewer, id: string): Promise<App> {
    return (await this.readById(viewer, id, this.forRunnerPage)).app;
  }

  /**
   * The app a run uses, and which of its versions that is: for its owner (and admins) the draft;
   * for everyone else the live version, whole (the runner page gets it without AI blocks'
   * settings, the server runs all of it). With them, when read in the same statement as that
   * config, the owner's plan and the full kinds the app holds (`tiers`, for the run's plan check).
   */
  async forRun(viewer: Viewer, id: string): Promise<RunnableApp> {
    const { app, record, ownRecord } = await this.readById(viewer, id, (config) => config);
    const source = record ?? ownRecord;
    return {
      app,
      versionId: (record ? record.liveVersionId : app.draftVersionId) ?? null,
      ...(source?.owner && { tiers: { ownerPlan: source.owner.plan, held: source.blockKindsHeld } }),
    };
  }

  /**
   * `read` and `forRun`: the shared public read, the live version shown through `shown` (with its
   * record); the owner and admins read the app afresh (no record; `ownRecord` when that afresh read
   * was this call's own statement, which holds the owner's plan too).
   */
  private async readById(
    viewer: Viewer,
    id: string,
    shown: (config: AppConfig) => AppConfig,
  ): Promise<{ app: App; record: AppRecord | null; ownRecord?: AppRecord }> {
    const key = `id:${appUuid(id)}`;
    // Read afresh by this call (not a shared read of the last second): the owner's afresh read.
    let fresh = false;
    const record = await this.publicReads.read(key, () => {
      fresh = true;
      return this.apps.byId(id);
    });
    if (record && isPrivileged(viewer, record)) {
      if (fresh) return { app: this.asDraft(record), record: null, ownRecord: record };
      return { app: await this.get(viewer, id), record: null };
    }
    if (!record || !isVisible(viewer, record)) throw new NotFoundError(APP_NOT_FOUND);
    return { app: toLiveApp(record, shown), record };
  }

  async getPublishedBySlug(viewer: Viewer, slug: string): Promise<App> {
    const key = `slug:${String(slug)}`;
    const find = () => appWithOwnerBySlug(this.dataSource, String(slug));
    let record = await this.publicReads.read(key, find);
    if (record && isPrivileged(viewer, record)) record = await find();
    if (!record || !record.isPublished || !isVisible(viewer, record)) {
      throw new NotFoundError('The requested app could not be found or is not published.');
    }
    return isPrivileged(viewer, record) ? toApp(record) : toLiveApp(record, this.forRunnerPage);
  }

  async listOwn(ownerId: string): Promise<App[]> {
    const records = await this.dataSource
      .getRepository(AppRecord)
      .find({ where: { ownerId }, order: { updatedAt: 'DESC' } });
    return records.map(toApp);
  }

  /** A publisher's page: only their approved, public, published apps. */
  listByUser(userId: string): Promise<App[]> {
    if (!isUuid(userId)) return Promise.resolve([]);
    return this.list({
      where: { ownerId: appUuid(userId), ...PUBLIC },
      order: { upvotes: 'DESC', createdAt: 'ASC' },
    });
  }

  /**
   * The store: approved, public, published apps, most upvoted first. One read serves every caller
   * for PUBLIC_READ_TTL_MS (the list is the same for everyone); callers must not change it.
   */
  listStore(): Promise<App[]> {
    return this.publicReads.read('store', () =>
      this.list({ where: PUBLIC, order: { upvotes: 'DESC', createdAt: 'ASC' } }),
    );
  }

  /** Public lists: each app's live version, as the runner page may see it. */
  private async list(
    options: Parameters<ReturnType<DataSource['getRepository']>['find']>[0],
  ): Promise<App[]> {
    const records = (await this.dataSource
      .getRepository(AppRecord)
      .find({ ...options, relations: { owner: true } })) as AppRecord[];
    return records.map((record) => toLiveApp(record, this.forRunnerPage));
  }

  /**
   * A published app's config as people other than its owner see it: every block with its kind,
   * place and connections, input and output blocks with their settings (the runner page draws
   * their fields), AI blocks without theirs (prompt templates and the like are the creator's work).
   */
  private readonly forRunnerPage = (config: AppConfig): AppConfig => configForRunners(config, this.registry);
}
