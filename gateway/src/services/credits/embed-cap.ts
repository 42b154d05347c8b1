import type { EntityManager } from 'typeorm';
import { InsufficientCreditsError } from '../../errors';
import { creditWords } from './credit-words';
import { rows } from './ledger-queries';

/** A run an embed's owner pays for: the app whose cap it counts against, and the month. */
export interface EmbedCap {
  appId: string;
  /** `YYYY-MM` in UTC, the key of `embed_usage`. */
  period: string;
}

/**
 * A charge the owner's monthly embed credits do not cover: the run is refused (at its start) or
 * stopped before the block runs (as blocks start), and nothing is taken for it.
 */
export class EmbedCapReachedError extends InsufficientCreditsError {
  constructor(
    readonly monthlyCredits: number,
    required: number,
    what = 'This run',
  ) {
    super(
      `This app's owner pays for its embedded runs up to ${creditWords(monthlyCredits)} a month, and the ` +
        `owner’s monthly embed credits are used up: ${what} needs ${creditWords(required)}. ` +
        'The run was stopped and its credits refunded; sign in to run it on your own credits.',
      { required, monthlyCredits },
    );
  }
}

/**
 * Counts `credits` against the embed's cap for the month, in the caller's transaction (before the
 * balance is touched: embed usage is locked before the balance everywhere). Throws
 * EmbedCapReachedError, counting nothing, when the owner no longer pays for embed runs or the
 * month's count would pass the cap.
 */
export async function countAgainstEmbedCap(
  m: EntityManager,
  cap: EmbedCap,
  credits: number,
  what?: string,
): Promise<void> {
  if (credits <= 0) return;
  const counted = await rows(
    m,
    `INSERT INTO embed_usage AS u (app_id, period, credits)
       SELECT $1, $2, $3 FROM app_embeds e WHERE e.app_id = $1 AND e.pays_owner AND $3 <= e.monthly_credits
     ON CONFLICT (app_id, period) DO UPDATE SET credits = u.credits + $3
       WHERE u.credits + $3 <= (SELECT monthly_credits FROM app_embeds WHERE app_id = $1 AND pays_owner)
     RETURNING credits`,
    [cap.appId, cap.period, credits],
  );
  if (counted.length > 0) return;
  const [settings] = await rows(m, 'SELECT monthly_credits FROM app_embeds WHERE app_id = $1', [cap.appId]);
  throw new EmbedCapReachedError(Number(settings?.monthly_credits ?? 0), credits, what);
}

/**
 * The cap a run counts against, with its month's usage row locked (so the balance is locked after
 * it, in the same order as a charge); null for a run no embed cap covers.
 */
export async function lockEmbedCapOf(m: EntityManager, runId: string): Promise<EmbedCap | null> {
  const [run] = await rows(
    m,
    'SELECT app_id, embed_period FROM runs WHERE id = $1 AND embed_period IS NOT NULL',
    [runId],
  );
  if (!run) return null;
  const cap = { appId: String(run.app_id), period: String(run.embed_period) };
  await rows(m, 'SELECT 1 FROM embed_usage WHERE app_id = $1 AND period = $2 FOR UPDATE', [
    cap.appId,
    cap.period,
  ]);
  return cap;
}

/** Gives back `credits` a refunded run had counted against its cap, in the caller's transaction. */
export async function giveBackToEmbedCap(m: EntityManager, cap: EmbedCap, credits: number): Promise<void> {
  if (credits <= 0) return;
  await m.query(
    'UPDATE embed_usage SET credits = GREATEST(credits - $3, 0) WHERE app_id = $1 AND period = $2',
    [cap.appId, cap.period, credits],
  );
}
