/**
 * Every user-facing text of block tiers in the builder: the lock on full blocks in the palette and
 * the Add Node panel, and the upgrade dialog a locked block opens (not in the spec). The refusal
 * for a plan is the server's own sentence, built by the schema's `fullBlocksRefusal`, so the
 * palette and a refused save say the same thing.
 */
import { fullBlocksRefusal, type PlanId } from '@blocksmith/schema';

export const BLOCK_TIERS = {
  /** The palette entry's tooltip and accessible description of a locked block. */
  lockedHint: (planName: string) => `Comes with the ${planName} plan and up. Click to see how to add it.`,
  /** The same for a template that uses a full block. */
  lockedTemplateHint: (planName: string) =>
    `Uses a block that comes with the ${planName} plan and up. Click to see how to add it.`,
  /** What the server answers when a save adds `blockName` on `plan`, word for word. */
  refusal: (blockName: string, plan: PlanId) => fullBlocksRefusal([blockName], plan),
  /** The same for a visitor, who is on no plan yet. */
  visitorRefusal: (blockName: string, planName: string) =>
    `${blockName} is a full block. Full blocks come with the ${planName} plan and up. Sign in with a ${planName} plan or higher to use them.`,
  dialogTitle: (planName: string) => `A ${planName} block`,
  signIn: 'Sign In',
  comparePlans: 'Compare plans',
  close: 'Close',
} as const;
