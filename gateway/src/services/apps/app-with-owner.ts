import type { DataSource } from 'typeorm';
import { AppRecord, type User } from '../../data/entities';
import { queryPrepared, type PreparedStatement } from '../../data/prepared';
import { TurnBatches, type Settlers } from '../../data/write-batch';

/**
 * An app and what of its owner decides what others see, in one statement every app page and run
 * reads (prepared: TypeORM's relation read took two statements and most of the request's time).
 */
const APP_WITH_OWNER_COLUMNS = `a.id, a.owner_id, a.name, a.description, a.slug, a.category, a.is_private, a.is_published,
  a.share_run_details, a.creator_price, a.verification_status, a.review_notes, a.config::text AS config, a.draft_version_id,
  a.live_version_id, a.live, a.submitted_version_id, a.upvotes, a.views, a.uses, a.published_at, a.created_at,
  a.updated_at, a.block_kinds_held, u.plan AS owner_plan, u.suspended_at AS owner_suspended_at`;
const APPS_WITH_OWNER_BY_IDS: PreparedStatement = {
  name: 'apps_with_owner_by_ids',
  text: `SELECT ${APP_WITH_OWNER_COLUMNS} FROM apps a LEFT JOIN users u ON u.id = a.owner_id
          WHERE a.id = ANY($1::uuid[])`,
};
const APP_WITH_OWNER_BY_SLUG: PreparedStatement = {
  name: 'app_with_owner_by_slug',
  text: `SELECT ${APP_WITH_OWNER_COLUMNS} FROM apps a LEFT JOIN users u ON u.id = a.owner_id WHERE a.slug = $1`,
};

/** One app with its owner (whose suspension and plan decide what others see), found by slug. */
export async function appWithOwnerBySlug(dataSource: DataSource, slug: string): Promise<AppRecord | null> {
  const [row] = await queryPrepared<Record<string, unknown>[]>(dataSource, APP_WITH_OWNER_BY_SLUG, [slug]);
  return row ? recordOf(row) : null;
}

interface WaitingRead extends Settlers<AppRecord | null> {
  id: string;
}

/**
 * Apps with their owners by id, the reads asked for in one turn of the event loop in one statement
 * (`TurnBatches`): an owner's runs started together, or the pages of several apps, share a round
 * trip. Each read is still sent after it was asked for, so it sees every write committed before.
 */
export class AppsWithOwner {
  private readonly batches: TurnBatches<WaitingRead>;

  constructor(private readonly dataSource: DataSource) {
    this.batches = new TurnBatches((batch) => this.read(batch));
  }

  /** The app of `id` (a UUID) with its owner, or null. */
  byId(id: string): Promise<AppRecord | null> {
    return this.batches.submit((settle) => ({ id, ...settle }));
  }

  private async read(batch: WaitingRead[]): Promise<void> {
    const rows = await queryPrepared<Record<string, unknown>[]>(this.dataSource, APPS_WITH_OWNER_BY_IDS, [
      [...new Set(batch.map(({ id }) => id.toLowerCase()))],
    ]);
    const found = new Map(rows.map((row) => [String(row.id), row]));
    for (const { id, resolve } of batch) {
      const row = found.get(id.toLowerCase());
      resolve(row ? recordOf(row) : null);
    }
  }
}

/**
 * A record of its own for each caller, even of the same row (an owner's runs started together
 * read their app once): its config is parsed from the row's text for each, and its list and dates
 * are copies. Copying the parsed row whole (`structuredClone`) was 2.5 % of a preview run's CPU.
 */
function recordOf(row: Record<string, unknown>): AppRecord {
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
    config: JSON.parse(row.config as string) as unknown,
    draftVersionId: row.draft_version_id,
    liveVersionId: row.live_version_id,
    live: row.live,
    submittedVersionId: row.submitted_version_id,
    upvotes: Number(row.upvotes),
    views: Number(row.views),
    uses: Number(row.uses),
    publishedAt: copyOf(row.published_at as Date | null),
    createdAt: copyOf(row.created_at as Date),
    updatedAt: copyOf(row.updated_at as Date),
    blockKindsHeld: [...(row.block_kinds_held as string[])],
  } as Partial<AppRecord>);
  // Only what the reads use of the owner: what others may see depends on it.
  if (row.owner_plan !== null) {
    record.owner = {
      plan: row.owner_plan,
      suspendedAt: copyOf(row.owner_suspended_at as Date | null),
    } as User;
  }
  return record;
}

function copyOf<T extends Date | null>(date: T): T {
  return (date && new Date(date.getTime())) as T;
}
