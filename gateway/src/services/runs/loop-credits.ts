import type { ActionType } from '@blocksmith/schema';
import { loopItemCredits, type BlockCharge, type RunPlan } from '@blocksmith/engine';
import type { LoopPosition } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { creditWords } from '../credits/credit-words';
import { giveBackToEmbedCap, lockEmbedCapOf } from '../credits/embed-cap';
import { queryPrepared, type PreparedStatement } from '../../data/prepared';
import { addToBalance, insertEntries, type Row } from '../credits/ledger-queries';
import { chargeRun, chargeStartedBlocks } from './run-charges';

/** Credits set aside for one loop of a run: the most its items can cost. */
interface LoopHold {
  /** The ledger entries that hold them (debits by credit-history name; an unlimited plan's grant). */
  entryIds: string[];
  reserved: number;
  /** Credits drawn by its blocks so far. */
  used: number;
  /** What each block drew over all its items, by block id: one debit entry each once settled. */
  blocks: Map<string, { blockType: string; credits: number }>;
}

function items(count: number): string {
  return count === 1 ? '1 item' : `${count.toLocaleString('en-US')} items`;
}

/**
 * The charges of one run after it started. A loop at the top of the app sets aside, before its
 * first charged block starts, the most its items can cost (`loopItemCredits` times its items) in
 * one charge: a balance (or an embed cap) that cannot pay for that refuses the loop before any of
 * its blocks is charged, saying the loop's limit. Its blocks (the tools and model turns of its
 * agents too) are then drawn from that hold without touching the database, and `settle` turns the
 * hold into what was used, once: one debit per block over all its items, the rest given back to
 * the balance (and the embed cap), the run's cost lowered to match. Other blocks charged as they
 * start (after a route) are charged as before (`chargeStartedBlocks`). A run that ends before it
 * settles is refunded the hold like any charge.
 */
export class RunCredits {
  private readonly holds = new Map<string, Promise<LoopHold | null>>();
  /** The holds set aside so far, by loop (null: its items cost nothing), for `drawAtOnce`. */
  private readonly reserved = new Map<string, LoopHold | null>();
  private closed = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly plan: RunPlan,
    private readonly run: { runId: string; userId: string },
  ) {}

  /**
   * The credits of blocks about to start when their loop's hold, already set aside, covers them
   * all: drawn at once, in memory (most charges of a loop's items); undefined when `charge` must
   * take them (another loop, the hold not set aside yet or short, blocks outside loops).
   */
  drawAtOnce(charges: readonly BlockCharge[]): number | undefined {
    if (this.closed || charges.length === 0) return undefined;
    const loopId = charges[0]!.loop?.[0]?.loopId;
    if (loopId === undefined) return undefined;
    const hold = this.reserved.get(loopId);
    if (!hold) return undefined;
    let total = 0;
    for (const charge of charges) {
      if (charge.loop?.[0]?.loopId !== loopId) return undefined;
      total += charge.credits;
    }
    if (hold.reserved - hold.used < total) return undefined;
    hold.used += total;
    return draw(hold, charges);
  }

  /** Charges blocks about to start; answers the credits they cost. Rejects when they cannot be paid for. */
  async charge(charges: readonly BlockCharge[]): Promise<number> {
    const byLoop = new Map<string, BlockCharge[]>();
    let others: BlockCharge[] = [];
    for (const charge of charges) {
      const outer = charge.loop?.[0];
      if (!outer || this.closed) others.push(charge);
      else byLoop.set(outer.loopId, [...(byLoop.get(outer.loopId) ?? []), charge]);
    }
    const draws: [LoopHold, BlockCharge[]][] = [];
    for (const [loopId, group] of byLoop) {
      const hold = await this.holdFor(group[0]!.loop![0]!);
      const total = group.reduce((sum, charge) => sum + charge.credits, 0);
      if (hold && !this.closed && hold.reserved - hold.used >= total) {
        hold.used += total; // taken now, so blocks charged at the same moment never draw it twice
        draws.push([hold, group]);
      } else others = others.concat(byLoop.get(loopId)!);
    }
    let charged = 0;
    try {
      if (others.length > 0)
        charged = await chargeStartedBlocks(this.dataSource, { ...this.run, charges: others });
    } catch (error) {
      for (const [hold, group] of draws) hold.used -= group.reduce((sum, charge) => sum + charge.credits, 0);
      throw error;
    }
    for (const [hold, group] of draws) charged += draw(hold, group);
    return charged;
  }

  /** The loop's hold, set aside at its first charge; null when its items cost nothing. */
  private holdFor(position: LoopPosition): Promise<LoopHold | null> {
    let hold = this.holds.get(position.loopId);
    if (!hold) {
      hold = this.reserve(position);
      this.holds.set(position.loopId, hold);
      hold.then(
        (reserved) => void this.reserved.set(position.loopId, reserved),
        () => undefined,
      );
    }
    return hold;
  }

  private async reserve({ loopId, items: count }: LoopPosition): Promise<LoopHold | null> {
    const opener = this.plan.nodes.findIndex((node) => node.id === loopId);
    if (opener < 0 || this.plan.nodes[opener]!.body < 0) return null;
    const title = this.plan.nodes[opener]!.title;
    const entries = [...loopItemCredits(this.plan, opener)].map(([blockType, credits]) => ({
      blockType,
      credits: credits * count,
    }));
    const { total, entryIds } = await chargeRun(this.dataSource, {
      ...this.run,
      entries,
      what: `${title} (${items(count)})`,
      refusal: (most, balance) =>
        `Your credits do not cover ${title}: its ${items(count)} can cost up to ${creditWords(most)} ` +
        `and you have ${balance}. The loop did not start; the run was stopped and its credits refunded. ` +
        'Run it on fewer items, upgrade your plan or wait for your monthly credits.',
    });
    if (total === 0) return null;
    return { entryIds, reserved: total, used: 0, blocks: new Map() };
  }

  /**
   * Turns every loop's hold into what its blocks used, once the run's blocks are done (before its
   * ending is stored). Charges that come later are charged as they start. A run that has already
   * ended keeps its ledger as it is: its refund gave the holds back.
   */
  async settle(): Promise<void> {
    this.closed = true;
    for (const pending of this.holds.values()) {
      const hold = await pending.catch(() => null);
      if (hold) await settleHold(this.dataSource, this.run, hold);
    }
    this.holds.clear();
    this.reserved.clear();
  }
}

/** Adds the charges (already taken from the hold's `used`) to what each block drew; answers their credits. */
function draw(hold: LoopHold, charges: readonly BlockCharge[]): number {
  let total = 0;
  for (const charge of charges) {
    const block = hold.blocks.get(charge.nodeId);
    if (block) block.credits += charge.credits;
    else hold.blocks.set(charge.nodeId, { blockType: charge.blockType, credits: charge.credits });
    total += charge.credits;
  }
  return total;
}

// Settling a hold, prepared once per connection (data/prepared.ts), as the charges are (run-charges.ts).
const LOCK_RUN: PreparedStatement = {
  name: 'loop_settle_lock_run',
  text: 'SELECT action_type, status FROM runs WHERE id = $1 FOR UPDATE',
};
const REMOVE_HOLD: PreparedStatement = {
  name: 'loop_settle_remove_hold',
  text: 'DELETE FROM credit_ledger WHERE id = ANY($1::uuid[]) AND run_id = $2 RETURNING kind',
};
const LOWER_RUN_COST: PreparedStatement = {
  name: 'loop_settle_lower_cost',
  text: 'UPDATE runs SET cost = cost - $2 WHERE id = $1',
};

/**
 * In one transaction, with the run row locked first (then the embed cap's usage, then the
 * balance, as every charge and refund does): the hold's entries are replaced by one debit per block
 * that drew from it (and an unlimited plan's grant for what was used), what was not used goes back
 * to the balance and the embed cap, and the run's cost drops by it.
 */
async function settleHold(
  dataSource: DataSource,
  { runId, userId }: { runId: string; userId: string },
  hold: LoopHold,
): Promise<void> {
  const unused = hold.reserved - hold.used;
  await dataSource.transaction(async (m) => {
    const [run] = await queryPrepared<Row[]>(dataSource, LOCK_RUN, [runId], m);
    if (!run || run.status !== 'running') return;
    const cap = await lockEmbedCapOf(m, runId);
    // TypeORM answers a DELETE with [rows, count].
    const [removed] = await queryPrepared<[Row[], number]>(
      dataSource,
      REMOVE_HOLD,
      [hold.entryIds, runId],
      m,
    );
    const unlimited = removed.some((entry) => entry.kind === 'grant');
    const at = new Date();
    const actionType = run.action_type as ActionType;
    await insertEntries(m, [
      ...(unlimited && hold.used > 0
        ? [{ userId, delta: hold.used, kind: 'grant' as const, blockType: null, actionType: null, runId, at }]
        : []),
      ...[...hold.blocks.values()].map((block) => ({
        userId,
        delta: -block.credits,
        kind: 'debit' as const,
        blockType: block.blockType,
        actionType,
        runId,
        at,
      })),
    ]);
    if (unused > 0) {
      if (!unlimited) await addToBalance(m, userId, unused);
      if (cap) await giveBackToEmbedCap(m, cap, unused);
      await queryPrepared(dataSource, LOWER_RUN_COST, [runId, unused], m);
    }
  });
}
