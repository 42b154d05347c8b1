import { randomBytes, randomUUID } from 'node:crypto';
import {
  CATEGORIES,
  describeChanges,
  isPlanId,
  DEFAULT_APP_NAME,
  effectiveCreatorPrice,
  emptyConfig,
  isCategory,
  slugFromName,
  type App,
  type AppConfig,
  type BlockNameOf,
  type PlanId,
} from '@blocksmith/schema';
import { IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import { ConflictError, InputError, NotFoundError } from '../../errors';
import { AppRecord, AppVersion, type User } from '../../data/entities';
import { queryPrepared, type PreparedStatement } from '../../data/prepared';
import { contentOf, keepVersion } from './app-versions';
import { checkFullKinds, fullKindsOf, heldAfterSave } from './block-tiers';
import { planRun, type RunPlan } from '@blocksmith/engine';
import type { BlockRegistry } from '../../kernel';
import { isUuid } from '../../ids';

/** What a caller may set on an app. Ids, owners, counters and review state never come from the client. */
export interface AppInput {
  name?: string;
  description?: string;
  slug?: string;
  category?: string;
  isPrivate?: boolean;
  config?: AppConfig;
}

/** Who is asking: nobody, a user, or an admin. */
export interface Viewer {
  userId: string | null;
  isAdmin: boolean;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_NAME = 100;
const MAX_DESCRIPTION = 2000;
const NOT_FOUND = 'App not found.';

/**
 * How long one read of the store listing, or of a public app, serves everyone who is not its owner
 * or an admin. Publishing, review, privacy, edits, deletions and upvotes made through this process
 * refresh them at once; view and run counts, and changes made through another process, show within
 * this time. Owners and admins always read afresh; other people's runs use these reads too
 * (a run gets its own copy of the config).
 */
export const PUBLIC_READ_TTL_MS = 1_000;
/** Public app reads kept at most (by id and by address). */
const PUBLIC_READS_KEPT = 2_000;

/**
 * An app and what of its owner decides what others see, in one statement every app page and run
 * reads (prepared: TypeORM's relation read took two statements and most of the request's time).
 */
const APP_WITH_OWNER_COLUMNS = `a.id, a.owner_id, a.name, a.description, a.slug, a.category, a.is_private, a.is_published,
  a.share_run_details, a.creator_price, a.verification_status, a.review_notes, a.config, a.draft_version_id,
  a.live_version_id, a.live, a.submitted_version_id, a.upvotes, a.views, a.uses, a.published_at, a.created_at,
  a.updated_at, u.plan AS owner_plan, u.suspended_at AS owner_suspended_at`;
const APP_WITH_OWNER_BY_ID: PreparedStatement = {
  name: 'app_with_owner_by_id',
  text: `SELECT ${APP_WITH_OWNER_COLUMNS} FROM apps a LEFT JOIN users u ON u.id = a.owner_id WHERE a.id = $1`,
};
const APP_WITH_OWNER_BY_SLUG: PreparedStatement = {
  name: 'app_with_owner_by_slug',
  text: `SELECT ${APP_WITH_OWNER_COLUMNS} FROM apps a LEFT JOIN users u ON u.id = a.owner_id WHERE a.slug = $1`,
};

function appWithOwner(row: Record<string, unknown>): AppRecord {
  const record = Object.assign(new AppRecord(), {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    description: row.description,
    slug: row.slug,
    category: row.category,
    isPrivate: row.is_private,
    isPublished: row.is_published,
    shareRunDetails: row.share_run_details,
    creatorPrice: Number(row.creator_price),
    verificationStatus: row.verification_status,
    reviewNotes: row.review_notes,
    config: row.config,
    draftVersionId: row.draft_version_id,
    liveVersionId: row.live_version_id,
    live: row.live,
    submittedVersionId: row.submitted_version_id,
    upvotes: Number(row.upvotes),
    views: Number(row.views),
    uses: Number(row.uses),
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } as Partial<AppRecord>);
  // Only what the reads use of the owner: what others may see depends on it.
  if (row.owner_plan !== null) {
    record.owner = { plan: row.owner_plan, suspendedAt: row.owner_suspended_at } as User;
  }
  return record;
}

export function toApp(record: AppRecord): App {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    slug: record.slug,
    category: isCategory(record.category) ? record.category : '',
    isPrivate: record.isPrivate,
    isPublished: record.isPublished,
    owner_id: record.ownerId,
    upvotes: record.upvotes,
    views: record.views,
    uses: record.uses,
    config: record.config,
    verificationStatus: record.verificationStatus,
    reviewNotes: record.reviewNotes,
    createdAt: record.createdAt.toISOString(),
    draftVersionId: record.draftVersionId,
    liveVersionId: record.liveVersionId,
    submittedVersionId: record.submittedVersionId,
    shareRunDetails: record.shareRunDetails,
    creatorPrice: record.creatorPrice,
  };
}

/**
 * An app's config as people other than its owner see it: its AI blocks without their settings (the
 * prompts stay the owner's; the server runs them whole).
 */
export function configForRunners(config: AppConfig, registry: BlockRegistry): AppConfig {
  return {
    ...config,
    plugins: config.plugins.map((plugin) =>
      registry.get(plugin.type)?.category === 'ai' ? { ...plugin, settings: {} } : plugin,
    ),
  };
}

/**
 * The app as everyone but its owner and admins sees it: its live version, with `config` as the
 * runner page needs it (or whole, for a run on the server).
 */
function toLiveApp(record: AppRecord, config: (config: AppConfig) => AppConfig): App {
  const live = record.live!;
  return {
    ...toApp(record),
    name: live.name,
    description: live.description,
    category: isCategory(live.category) ? live.category : '',
    config: config(live.config),
    // What a run by someone else pays now: nothing while the owner's plan has no creator earnings.
    creatorPrice: effectiveCreatorPrice(
      record.creatorPrice,
      isPlanId(record.owner?.plan) ? record.owner.plan : 'free',
    ),
    reviewNotes: null,
    draftVersionId: null,
    liveVersionId: null,
    submittedVersionId: null,
  };
}

/**
 * Apps and who may see or change them. Every read is scoped to the viewer: someone else's private
 * or unpublished app behaves exactly as a missing one, and every write loads the row scoped to its
 * owner first.
 */
export class AppService {
  /**
   * Reads shared by public viewers, and until when (performance.now()): the store listing
   * (`store`) and single apps (`id:<id>`, `slug:<slug>`).
   */
  private readonly publicReads = new Map<string, { read: Promise<unknown>; until: number }>();
  private readonly storeListeners: (() => void)[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: BlockRegistry,
    private readonly now: () => number = Date.now,
  ) {}

  async create(ownerId: string, input: AppInput): Promise<App> {
    const values = this.checked(input, true);
    const generated = slugFromName(values.name ?? DEFAULT_APP_NAME, this.now());
    for (let attempt = 0; ; attempt++) {
      // An address the server made up that someone took at the same moment: another one.
      const slug =
        values.slug ?? (attempt === 0 ? generated : `${generated}-${randomBytes(3).toString('hex')}`);
      try {
        return await this.createWith(ownerId, values, slug);
      } catch (error) {
        if (!(error instanceof SlugTakenError) || values.slug !== undefined || attempt >= 3) throw error;
      }
    }
  }

  private createWith(ownerId: string, values: AppInput, slug: string): Promise<App> {
    return this.dataSource.transaction(async (tx) => {
      const record = tx.getRepository(AppRecord).create({
        id: randomUUID(),
        ownerId,
        name: values.name ?? DEFAULT_APP_NAME,
        description: values.description ?? '',
        slug,
        category: values.category ?? '',
        isPrivate: values.isPrivate ?? false,
        config: values.config ?? emptyConfig(),
        draftVersionId: null,
        liveVersionId: null,
        live: null,
        submittedVersionId: null,
      });
      record.blockKindsHeld = await this.checkBlockTiers(tx, ownerId, [], record.config);
      await this.saveUnique(tx, record);
      await keepVersion(tx, record, {
        authorId: ownerId,
        kind: 'created',
        now: new Date(this.now()),
        nameOf: this.nameOf,
      });
      await tx.getRepository(AppRecord).update({ id: record.id }, { draftVersionId: record.draftVersionId });
      return toApp(record);
    });
  }

  /**
   * Changes the draft. A change of name, description, category or config is kept as a version
   * (`autosave`: one version per editing burst); what the store shows changes only through review.
   */
  async update(
    ownerId: string,
    id: string,
    input: AppInput,
    options: { autosave?: boolean } = {},
  ): Promise<App> {
    const values = this.checked(input, false);
    const app = await this.dataSource.transaction(async (tx) => {
      const record = await this.ownedForUpdate(tx, ownerId, id);
      if (values.config) {
        record.blockKindsHeld = await this.checkBlockTiers(tx, ownerId, record.blockKindsHeld, values.config);
      }
      Object.assign(record, values, { updatedAt: new Date(this.now()) });
      if (CONTENT_FIELDS.some((field) => values[field] !== undefined)) {
        await keepVersion(tx, record, {
          authorId: ownerId,
          kind: options.autosave ? 'autosave' : 'save',
          now: new Date(this.now()),
          nameOf: this.nameOf,
        });
      }
      await this.saveUnique(tx, record);
      return toApp(record);
    });
    this.storeChanged();
    return app;
  }

  /** Makes an earlier version the draft again, as a new version: nothing is overwritten. */
  async restore(ownerId: string, appId: string, versionId: string): Promise<App> {
    const app = await this.dataSource.transaction(async (tx) => {
      const record = await this.ownedForUpdate(tx, ownerId, appId);
      const version = await tx
        .getRepository(AppVersion)
        .findOneBy({ id: this.versionUuid(versionId), appId: record.id });
      if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
      Object.assign(record, contentOf(version), { updatedAt: new Date(this.now()) });
      // Block kinds may have gone since: the restored draft must still be one the engine can run.
      record.config = this.checkedConfig(version.config);
      record.blockKindsHeld = await this.checkBlockTiers(tx, ownerId, record.blockKindsHeld, record.config);
      await keepVersion(tx, record, {
        authorId: ownerId,
        kind: 'restore',
        now: new Date(this.now()),
        nameOf: this.nameOf,
        summaryPrefix: `Restored version ${version.number}`,
      });
      await tx.getRepository(AppRecord).save(record);
      return toApp(record);
    });
    this.storeChanged();
    return app;
  }

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
      .findOne({ where: { id: this.versionUuid(versionId), appId: record.id }, relations: { author: true } });
    if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
    return versionView(record, version, this.nameOf);
  }

  private async privilegedRecord(viewer: Viewer, appId: string): Promise<AppRecord> {
    const record = await this.dataSource.getRepository(AppRecord).findOneBy({ id: this.uuid(appId) });
    if (!record || !this.privileged(viewer, record)) throw new NotFoundError(NOT_FOUND);
    return record;
  }

  private versionUuid(id: string): string {
    if (!isUuid(id)) throw new NotFoundError(VERSION_NOT_FOUND);
    return id;
  }

  async remove(ownerId: string, id: string): Promise<void> {
    const result = await this.dataSource.getRepository(AppRecord).delete({ id: this.uuid(id), ownerId });
    if (!result.affected) throw new NotFoundError(NOT_FOUND);
    this.storeChanged();
  }

  async setPrivate(ownerId: string, id: string, isPrivate: boolean): Promise<App> {
    if (typeof isPrivate !== 'boolean') throw new InputError('isPrivate must be true or false.');
    return this.update(ownerId, id, { isPrivate });
  }

  /**
   * Turns the app's "share run details" notice on or off (its owner only): runs other people start
   * while it is on show their inputs and results to the owner, and the runner page says so.
   */
  async setRunSharing(ownerId: string, id: string, share: boolean): Promise<App> {
    if (typeof share !== 'boolean') throw new InputError('share must be true or false.');
    const repository = this.dataSource.getRepository(AppRecord);
    const record = await repository.findOneBy({ id: this.uuid(id), ownerId });
    if (!record) throw new NotFoundError(NOT_FOUND);
    await repository.update({ id: record.id }, { shareRunDetails: share });
    record.shareRunDetails = share;
    // Runners read the app through the shared public read: they see the change at once here.
    this.storeChanged();
    return toApp(record);
  }

  /** The app if the viewer may see it: the owner and admins always; others only approved, public, published apps. */
  async get(viewer: Viewer, id: string): Promise<App> {
    const record = await this.withOwner({ id: this.uuid(id) });
    if (!record || !this.visible(viewer, record)) throw new NotFoundError(NOT_FOUND);
    return toApp(record);
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
   * settings, the server runs all of it).
   */
  async forRun(viewer: Viewer, id: string): Promise<{ app: App; versionId: string | null }> {
    const { app, record } = await this.readById(viewer, id, (config) => config);
    return { app, versionId: (record ? record.liveVersionId : app.draftVersionId) ?? null };
  }

  /**
   * `read` and `forRun`: the shared public read, the live version shown through `shown` (with its
   * record); the owner and admins read the app afresh (no record).
   */
  private async readById(
    viewer: Viewer,
    id: string,
    shown: (config: AppConfig) => AppConfig,
  ): Promise<{ app: App; record: AppRecord | null }> {
    const key = `id:${this.uuid(id)}`;
    const record = await this.publicRead(key, () => this.withOwner({ id }));
    if (record && this.privileged(viewer, record)) return { app: await this.get(viewer, id), record: null };
    if (!record || !this.visible(viewer, record)) throw new NotFoundError(NOT_FOUND);
    return { app: toLiveApp(record, shown), record };
  }

  async getPublishedBySlug(viewer: Viewer, slug: string): Promise<App> {
    const key = `slug:${String(slug)}`;
    const find = () => this.withOwner({ slug: String(slug) });
    let record = await this.publicRead(key, find);
    if (record && this.privileged(viewer, record)) record = await find();
    if (!record || !record.isPublished || !this.visible(viewer, record)) {
      throw new NotFoundError('The requested app could not be found or is not published.');
    }
    return this.privileged(viewer, record) ? toApp(record) : toLiveApp(record, this.forRunnerPage);
  }

  /** A read shared by public viewers for PUBLIC_READ_TTL_MS; a failed read is not kept. */
  private publicRead<T>(key: string, read: () => Promise<T>): Promise<T> {
    const now = performance.now();
    const kept = this.publicReads.get(key);
    if (kept && kept.until > now) return kept.read as Promise<T>;
    const entry = { read: read(), until: now + PUBLIC_READ_TTL_MS };
    this.publicReads.delete(key);
    this.publicReads.set(key, entry);
    if (this.publicReads.size > PUBLIC_READS_KEPT) {
      this.publicReads.delete(this.publicReads.keys().next().value!);
    }
    entry.read.catch(() => {
      if (this.publicReads.get(key) === entry) this.publicReads.delete(key);
    });
    return entry.read;
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
      where: { ownerId: this.uuid(userId), ...PUBLIC },
      order: { upvotes: 'DESC', createdAt: 'ASC' },
    });
  }

  /**
   * The store: approved, public, published apps, most upvoted first. One read serves every caller
   * for PUBLIC_READ_TTL_MS (the list is the same for everyone); callers must not change it.
   */
  listStore(): Promise<App[]> {
    return this.publicRead('store', () =>
      this.list({ where: PUBLIC, order: { upvotes: 'DESC', createdAt: 'ASC' } }),
    );
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

  /**
   * Refuses a config holding a full-tier block kind the owner's plan does not allow and the app
   * does not hold legitimately (`held`), compared by kind, not block id: turning a block into a
   * full one is adding one. Answers the kinds the app holds legitimately once it is saved.
   */
  private async checkBlockTiers(
    tx: EntityManager,
    ownerId: string,
    held: readonly string[],
    config: AppConfig,
  ): Promise<string[]> {
    if (fullKindsOf(config, this.registry).size === 0) return [...held];
    const plan = await this.planOf(tx, ownerId);
    checkFullKinds(plan, held, config, this.registry);
    return heldAfterSave(plan, held, config, this.registry);
  }

  /**
   * The run-time side of the plan check: a run of `config` (the draft or the live version of app
   * `appId`) holding a full-tier kind that its owner's plan does not allow and the app does not
   * hold legitimately is refused with the same 403 as a save. Reads nothing for apps without full
   * blocks.
   */
  async checkFullBlocksForRun(appId: string, config: AppConfig): Promise<void> {
    if (fullKindsOf(config, this.registry).size === 0) return;
    const [row] = (await this.dataSource.query(
      'SELECT a.block_kinds_held, u.plan FROM apps a JOIN users u ON u.id = a.owner_id WHERE a.id = $1',
      [appId],
    )) as { block_kinds_held: string[]; plan: string }[];
    if (!row) throw new NotFoundError(NOT_FOUND);
    checkFullKinds(isPlanId(row.plan) ? row.plan : 'free', row.block_kinds_held, config, this.registry);
  }

  private async planOf(tx: EntityManager, ownerId: string): Promise<PlanId> {
    const [owner] = (await tx.query('SELECT plan FROM users WHERE id = $1', [ownerId])) as { plan: string }[];
    return isPlanId(owner?.plan) ? owner.plan : 'free';
  }

  /** Block names for summaries of changes, from the registry. */
  private readonly nameOf = (type: string): string | undefined => this.registry.get(type)?.name;

  /** The owner and admins see everything about an app, always current. */
  private privileged(viewer: Viewer, record: AppRecord): boolean {
    return viewer.isAdmin || (viewer.userId !== null && viewer.userId === record.ownerId);
  }

  private visible(viewer: Viewer, record: AppRecord): boolean {
    if (this.privileged(viewer, record)) return true;
    return (
      record.isPublished &&
      !record.isPrivate &&
      record.liveVersionId !== null &&
      record.live !== null &&
      // A suspended owner's apps leave the store, their pages and their runs until unsuspended.
      !record.owner?.suspendedAt
    );
  }

  /** One app with its owner (whose suspension and plan decide what others see). */
  private async withOwner(where: { id: string } | { slug: string }): Promise<AppRecord | null> {
    const [row] = await queryPrepared<Record<string, unknown>[]>(
      this.dataSource,
      'id' in where ? APP_WITH_OWNER_BY_ID : APP_WITH_OWNER_BY_SLUG,
      ['id' in where ? where.id : where.slug],
    );
    return row ? appWithOwner(row) : null;
  }

  private async ownedForUpdate(tx: EntityManager, ownerId: string, id: string): Promise<AppRecord> {
    const record = await tx
      .getRepository(AppRecord)
      .findOne({ where: { id: this.uuid(id), ownerId }, lock: { mode: 'pessimistic_write' } });
    if (!record) throw new NotFoundError(NOT_FOUND);
    return record;
  }

  private async saveUnique(manager: EntityManager, record: AppRecord): Promise<void> {
    const taken = await manager
      .getRepository(AppRecord)
      .createQueryBuilder('app')
      .where('app.slug = :slug AND app.id <> :id', { slug: record.slug, id: record.id })
      .getExists();
    if (taken) throw new SlugTakenError(record.slug);
    try {
      await manager.getRepository(AppRecord).save(record);
    } catch (error) {
      // Taken between the look and the write, by a save at the same moment.
      if ((error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION) {
        throw new SlugTakenError(record.slug);
      }
      throw error;
    }
  }

  /** Ids are opaque uuids; anything else cannot name an app, so it is simply not found. */
  private uuid(id: string): string {
    if (!isUuid(id)) throw new NotFoundError(NOT_FOUND);
    return id;
  }

  private checked(input: AppInput, creating: boolean): AppInput {
    if (input === null || typeof input !== 'object')
      throw new InputError('Send the app fields as an object.');
    const values: AppInput = {};
    if (input.name !== undefined) {
      if (typeof input.name !== 'string') throw new InputError('name must be text.');
      const name = input.name.trim();
      if (name.length > MAX_NAME) throw new InputError(`name must be at most ${MAX_NAME} characters.`);
      values.name = name === '' ? DEFAULT_APP_NAME : name;
    }
    if (input.description !== undefined) {
      if (typeof input.description !== 'string') throw new InputError('description must be text.');
      if (input.description.length > MAX_DESCRIPTION) {
        throw new InputError(`description must be at most ${MAX_DESCRIPTION} characters.`);
      }
      values.description = input.description;
    }
    if (input.slug !== undefined && !(creating && input.slug === '')) {
      if (typeof input.slug !== 'string' || !SLUG.test(input.slug) || input.slug.length > 120) {
        throw new InputError(
          'slug must be lower-case letters, digits and single hyphens (at most 120 characters).',
        );
      }
      values.slug = input.slug;
    }
    if (input.category !== undefined) {
      if (input.category !== '' && !isCategory(input.category)) {
        throw new InputError(`category must be one of: ${CATEGORIES.join(', ')}.`);
      }
      values.category = input.category;
    }
    if (input.isPrivate !== undefined) {
      if (typeof input.isPrivate !== 'boolean') throw new InputError('isPrivate must be true or false.');
      values.isPrivate = input.isPrivate;
    }
    if (input.config !== undefined) values.config = this.checkedConfig(input.config);
    return values;
  }

  /** A saved config must be one the engine can run: the same checks as a run, naming each node. */
  private checkedConfig(config: AppConfig): AppConfig {
    if (config === null || typeof config !== 'object') throw new InputError('config must be an object.');
    const canvas = config.canvas ?? emptyConfig().canvas;
    const finite = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
    if (!finite(canvas?.zoom) || !finite(canvas?.pan?.x) || !finite(canvas?.pan?.y)) {
      throw new InputError('config.canvas needs a numeric zoom and pan { x, y }.');
    }
    if (config.connections !== undefined && !Array.isArray(config.connections)) {
      throw new InputError('config.connections must be a list.');
    }
    const normalised: AppConfig = {
      plugins: config.plugins,
      connections: config.connections ?? [],
      canvas: { zoom: canvas.zoom, pan: { x: canvas.pan.x, y: canvas.pan.y } },
    };
    const plan = planRun(normalised, this.registry);
    return { ...normalised, plugins: withSelectValues(normalised.plugins, plan) };
  }
}

/**
 * Select settings given by an option's label (as the block tables document them) are stored as
 * the option's value, which validation found; every other setting is kept as it was sent.
 */
function withSelectValues(plugins: AppConfig['plugins'], plan: RunPlan): AppConfig['plugins'] {
  return plugins.map((plugin, index) => {
    const node = plan.nodes[index];
    // Settings of an older block version were migrated on the way: those are left to the migration.
    if (!node?.definition || (plugin.version ?? 1) !== node.definition.version) return plugin;
    let settings = plugin.settings;
    for (const [key, field] of Object.entries(node.definition.settings)) {
      const value = node.settings[key];
      if (field.type === 'select' && key in (plugin.settings ?? {}) && plugin.settings[key] !== value) {
        settings = { ...settings, [key]: value };
      }
    }
    return settings === plugin.settings ? plugin : { ...plugin, settings };
  });
}

/** In the store: published, public, with a live (approved) version, of an owner not suspended. */
const PUBLIC = {
  isPublished: true,
  isPrivate: false,
  liveVersionId: Not(IsNull()),
  owner: { suspendedAt: IsNull() },
};

/** The fields a version keeps; changing any of them makes a new version. */
const CONTENT_FIELDS = ['name', 'description', 'category', 'config'] as const;

const VERSION_NOT_FOUND = 'That version of the app was not found.';

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

class SlugTakenError extends ConflictError {
  constructor(slug: string) {
    super(`The address "${slug}" is taken: choose another slug.`);
  }
}

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
