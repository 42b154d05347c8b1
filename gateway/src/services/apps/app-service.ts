import type { App, AppConfig, BlockNameOf } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import type { BlockRegistry } from '../../kernel';
import type { Viewer } from './app-access';
import type { AppInput } from './app-input';
import { AppReader, type RunnableApp } from './app-reader';
import { AppVersionReader, type AppVersionView } from './app-version-reader';
import { AppWriter } from './app-writer';
import { checkFullBlocksForRun, type FullKindsHeld } from './block-tiers';
import { PublicReads } from './public-reads';

/**
 * Apps and who may see or change them: the one service the rest of the gateway uses. Reads
 * (`AppReader`, `AppVersionReader`) are scoped to the viewer: someone else's private or unpublished
 * app behaves exactly as a missing one; writes (`AppWriter`) load the row scoped to its owner
 * first. What public viewers read is shared for PUBLIC_READ_TTL_MS and read afresh when this
 * process changes it (`storeChanged`).
 */
export class AppService {
  private readonly publicReads = new PublicReads();
  private readonly storeListeners: (() => void)[] = [];
  private readonly reader: AppReader;
  private readonly writer: AppWriter;
  private readonly versionReader: AppVersionReader;

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: BlockRegistry,
    now: () => number = Date.now,
  ) {
    const nameOf: BlockNameOf = (type) => registry.get(type)?.name;
    this.reader = new AppReader(dataSource, registry, this.publicReads);
    this.writer = new AppWriter(dataSource, registry, now, nameOf, () => this.storeChanged());
    this.versionReader = new AppVersionReader(dataSource, nameOf);
  }

  /** A new app of `ownerId`'s, with a version 'created'; without a slug one is made from the name. */
  create(ownerId: string, input: AppInput): Promise<App> {
    return this.writer.create(ownerId, input);
  }

  /** Changes the draft, keeping changed content as a version (`AppWriter.update`). */
  update(ownerId: string, id: string, input: AppInput, options: { autosave?: boolean } = {}): Promise<App> {
    return this.writer.update(ownerId, id, input, options);
  }

  /** Makes an earlier version the draft again, as a new version: nothing is overwritten. */
  restore(ownerId: string, appId: string, versionId: string): Promise<App> {
    return this.writer.restore(ownerId, appId, versionId);
  }

  /** An app's versions, newest first (its owner and admins). */
  versions(viewer: Viewer, appId: string): Promise<AppVersionView[]> {
    return this.versionReader.versions(viewer, appId);
  }

  /** One version with its config, and what differs from the live version (its owner and admins). */
  version(viewer: Viewer, appId: string, versionId: string): Promise<AppVersionView> {
    return this.versionReader.version(viewer, appId, versionId);
  }

  remove(ownerId: string, id: string): Promise<void> {
    return this.writer.remove(ownerId, id);
  }

  setPrivate(ownerId: string, id: string, isPrivate: boolean): Promise<App> {
    return this.writer.setPrivate(ownerId, id, isPrivate);
  }

  /** Turns the app's "share run details" notice on or off (its owner only). */
  setRunSharing(ownerId: string, id: string, share: boolean): Promise<App> {
    return this.writer.setRunSharing(ownerId, id, share);
  }

  /** The app if the viewer may see it: the owner and admins always; others only approved, public, published apps. */
  get(viewer: Viewer, id: string): Promise<App> {
    return this.reader.get(viewer, id);
  }

  /** `get` for display: anyone but its owner or an admin may be served a shared read. */
  read(viewer: Viewer, id: string): Promise<App> {
    return this.reader.read(viewer, id);
  }

  /** The app a run uses, and which of its versions that is (`AppReader.forRun`). */
  forRun(viewer: Viewer, id: string): Promise<RunnableApp> {
    return this.reader.forRun(viewer, id);
  }

  getPublishedBySlug(viewer: Viewer, slug: string): Promise<App> {
    return this.reader.getPublishedBySlug(viewer, slug);
  }

  listOwn(ownerId: string): Promise<App[]> {
    return this.reader.listOwn(ownerId);
  }

  /** A publisher's page: only their approved, public, published apps. */
  listByUser(userId: string): Promise<App[]> {
    return this.reader.listByUser(userId);
  }

  /** The store: approved, public, published apps, most upvoted first; callers must not change it. */
  listStore(): Promise<App[]> {
    return this.reader.listStore();
  }

  /**
   * Something public readers see changed (published, reviewed, edited, made private, deleted,
   * upvoted): the store and public app reads are read afresh.
   */
  storeChanged(): void {
    this.publicReads.clear();
    for (const listener of this.storeListeners) listener();
  }

  /** Calls `listener` whenever this process changes what the store and public pages show. */
  onStoreChanged(listener: () => void): void {
    this.storeListeners.push(listener);
  }

  /**
   * The run-time side of the plan check: a run of `config` holding a full-tier kind its owner's
   * plan does not allow and app `appId` does not hold legitimately is refused with a save's 403
   * (`known`: read with the config, saves reading them again).
   */
  checkFullBlocksForRun(appId: string, config: AppConfig, known?: FullKindsHeld): Promise<void> {
    return checkFullBlocksForRun(this.dataSource, this.registry, appId, config, known);
  }
}
