import { CREATOR_PRICE_TYPE } from '@blocksmith/schema';

/**
 * The common table expressions that pay creators, for the one statement that stores run
 * successes (services/runs/success-writer.ts), whose `done` CTE holds the runs just stored as
 * succeeded. A run by someone other than its app's owner that was charged a creator price (its
 * `creator_price` debit in the runner's credit ledger: the price as it was when the run started)
 * earns that price into the owner's earnings ledger, once per run (a unique index), and the
 * owner's earnings balance grows by it in the same statement: the balance row is taken with
 * INSERT ... ON CONFLICT DO UPDATE, one row per owner per statement, so runs ending together in
 * any number of processes add up exactly. A failed run never reaches `done`, so it earns nothing
 * (and its price is refunded with its blocks).
 */
export const EARN_ON_SUCCESS_SQL = `earned AS (
  INSERT INTO earnings_entries (id, user_id, kind, credits, app_id, run_id, created_at)
  SELECT gen_random_uuid(), apps.owner_id, 'earning', -price.delta, done.app_id, done.id, done.finished_at
    FROM done
    JOIN apps ON apps.id = done.app_id
    JOIN credit_ledger price ON price.run_id = done.id AND price.user_id = done.user_id
                            AND price.kind = 'debit' AND price.block_type = '${CREATOR_PRICE_TYPE}'
   WHERE done.user_id <> apps.owner_id AND price.delta < 0
  ON CONFLICT (run_id) WHERE kind = 'earning' DO NOTHING
  RETURNING user_id, credits
), earned_balances AS (
  INSERT INTO earnings_balances AS b (user_id, balance, updated_at)
  SELECT user_id, SUM(credits), now() FROM earned GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET balance = b.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at
)`;
