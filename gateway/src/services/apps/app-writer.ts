import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_APP_NAME, emptyConfig, slugFromName, type App, type BlockNameOf } from '@blocksmith/schema';
import type { DataSource, EntityManager } from 'typeorm';
import { AppRecord, AppVersion } from '../../data/entities';
import { ConflictError, InputError, NotFoundError } from '../../errors';
import type { BlockRegistry } from '../../kernel';
import { APP_NOT_FOUND, appUuid, VERSION_NOT_FOUND, versionUuid } from './app-access';
import { checkedAppInput, checkedConfig, type AppInput } from './app-input';
import { contentOf, keepVersion } from './app-versions';
import { checkBlockTiers } from './block-tiers';
import { toApp } from './to-app';

/** The fields a version keeps; changing any of them makes a new version. */
const CONTENT_FIELDS = ['name', 'description', 'category', 'config'] as const;

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

class SlugTakenError extends ConflictError {
  constructor(slug: string) {
    super(`The address "${slug}" is taken: choose another slug.`);
  }
}

/**
 * Creating and changing apps, by their owner only: every write loads the row scoped to its owner
 * first, checks what it stores (fields, a config the engine can run, the plan's block tiers) and
 * keeps each change of content as a version. `changed` is told when public readers may see a change.
 */
export class AppWriter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: BlockRegistry,
    private readonly now: () => number,
    /** Names blocks in summaries of changes. */
    private readonly nameOf: BlockNameOf,
    private readonly changed: () => void,
  ) {}

  async create(ownerId: string, input: AppInput): Promise<App> {
    const values = checkedAppInput(input, true, this.registry);
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
      record.blockKindsHeld = await checkBlockTiers(tx, this.registry, ownerId, [], record.config);
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
    const values = checkedAppInput(input, false, this.registry);
    const app = await this.dataSource.transaction(async (tx) => {
      const record = await this.ownedForUpdate(tx, ownerId, id);
      if (values.config) {
        record.blockKindsHeld = await checkBlockTiers(
          tx,
          this.registry,
          ownerId,
          record.blockKindsHeld,
          values.config,
        );
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
    this.changed();
    return app;
  }

  /** Makes an earlier version the draft again, as a new version: nothing is overwritten. */
  async restore(ownerId: string, appId: string, versionId: string): Promise<App> {
    const app = await this.dataSource.transaction(async (tx) => {
      const record = await this.ownedForUpdate(tx, ownerId, appId);
      const version = await tx
        .getRepository(AppVersion)
        .findOneBy({ id: versionUuid(versionId), appId: record.id });
      if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
      Object.assign(record, contentOf(version), { updatedAt: new Date(this.now()) });
      // Block kinds may have gone since: the restored draft must still be one the engine can run.
      record.config = checkedConfig(version.config, this.registry);
      record.blockKindsHeld = await checkBlockTiers(
        tx,
        this.registry,
        ownerId,
        record.blockKindsHeld,
        record.config,
      );
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
    this.changed();
    return app;
  }

  async remove(ownerId: string, id: string): Promise<void> {
    const result = await this.dataSource.getRepository(AppRecord).delete({ id: appUuid(id), ownerId });
    if (!result.affected) throw new NotFoundError(APP_NOT_FOUND);
    this.changed();
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
    const record = await repository.findOneBy({ id: appUuid(id), ownerId });
    if (!record) throw new NotFoundError(APP_NOT_FOUND);
    await repository.update({ id: record.id }, { shareRunDetails: share });
    record.shareRunDetails = share;
    // Runners read the app through the shared public read: they see the change at once here.
    this.changed();
    return toApp(record);
  }

  private async ownedForUpdate(tx: EntityManager, ownerId: string, id: string): Promise<AppRecord> {
    const record = await tx
      .getRepository(AppRecord)
      .findOne({ where: { id: appUuid(id), ownerId }, lock: { mode: 'pessimistic_write' } });
    if (!record) throw new NotFoundError(APP_NOT_FOUND);
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
}
