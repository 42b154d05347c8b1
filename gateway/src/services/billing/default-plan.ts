import { PLAN_IDS, type PlanId } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import type { NewAccountPlan } from '../accounts';
import type { CreditLedger } from '../credits';

export interface DefaultPlanOptions {
  dataSource: DataSource;
  /** DEFAULT_PLAN (always free where Stripe is configured: the configuration refuses anything else). */
  plan: PlanId;
  /** A raise brings the plan's credits at once, as a paid upgrade does. */
  ledger: Pick<CreditLedger, 'grantPlanChange'>;
  /** Called once accounts changed plan: what people are shown, and what their apps cost, changed. */
  plansChanged?: () => void;
  log?: (message: string) => void;
}

/** `'free', 'starter'`: plan ids (constants, never input) for an IN list. */
function planList(plans: readonly PlanId[]): string {
  return plans.map((plan) => `'${plan}'`).join(', ');
}

/**
 * DEFAULT_PLAN, the plan every account has where no payment system is configured. It is stored on
 * each account (every check reads `users.plan`), marked `plan_set_by = 'default'`:
 *
 * - a new account starts on it;
 * - at start-up, every account below it that no admin chose a plan for is raised to it, with the
 *   plan's credits at once (the ledger's plan-change grant, once per plan and month);
 * - an account that holds a plan only from the default follows it down when it is lowered (and to
 *   Free when Stripe is configured later, where people buy Starter), keeping the credits it holds,
 *   as when a paid plan ends;
 * - an admin's choice (`plan_set_by = 'admin'`) and a paid plan are never lowered, and an admin's
 *   choice is never raised.
 */
export class DefaultPlan {
  constructor(private readonly options: DefaultPlanOptions) {}

  get plan(): PlanId {
    return this.options.plan;
  }

  /** The plan a new account starts on, and how it was set. */
  forNewAccount(): NewAccountPlan {
    const { plan } = this.options;
    return { plan, setBy: plan === 'free' ? null : 'default' };
  }

  /**
   * Brings every account in line with the default, as described above. Safe to run from several
   * processes at once: each account changes in its own transaction, only while it still qualifies.
   */
  async apply(): Promise<{ raised: number; lowered: number }> {
    const { dataSource, plan, ledger } = this.options;
    const rank = PLAN_IDS.indexOf(plan);
    const below = PLAN_IDS.slice(0, rank);
    const above = PLAN_IDS.slice(rank + 1);
    const setBy = plan === 'free' ? null : 'default';
    let raised = 0;
    if (below.length > 0) {
      const qualifies = `plan IN (${planList(below)}) AND plan_set_by IS DISTINCT FROM 'admin'`;
      const candidates = (await dataSource.query(`SELECT id FROM users WHERE ${qualifies}`)) as {
        id: string;
      }[];
      for (const { id } of candidates) {
        const changed = await dataSource.transaction(async (m) => {
          const rows = (await m.query(
            `UPDATE users SET plan = $2, plan_set_by = 'default', plan_ends_at = NULL
              WHERE id = $1 AND ${qualifies} RETURNING id`,
            [id, plan],
          )) as [unknown[], number];
          if (rows[0].length === 0) return false;
          await ledger.grantPlanChange(m, id, plan);
          return true;
        });
        if (changed) raised += 1;
      }
    }
    let lowered = 0;
    if (above.length > 0) {
      const [rows] = (await dataSource.query(
        `UPDATE users SET plan = $1, plan_set_by = $2
          WHERE plan_set_by = 'default' AND plan IN (${planList(above)}) RETURNING id`,
        [plan, setBy],
      )) as [unknown[], number];
      lowered = rows.length;
    }
    if (raised + lowered > 0) {
      this.options.plansChanged?.();
      (this.options.log ?? console.log)(
        `DEFAULT_PLAN=${plan}: ${raised} account(s) raised to it, ${lowered} returned to it.`,
      );
    }
    return { raised, lowered };
  }
}
