/** What an admin may do to an account; each one is recorded with who, when, before and after. */
export const ADMIN_ACTION_KINDS = ['plan', 'credits', 'suspend', 'unsuspend'] as const;
export type AdminActionKind = (typeof ADMIN_ACTION_KINDS)[number];

/** The most credits one admin entry may add or take away. */
export const MAX_CREDIT_ADJUSTMENT = 1_000_000;
/** Why credits were given or taken: required, at most this long. */
export const MAX_ADMIN_REASON = 500;

/** What a suspended account is told when it tries to sign in or use its keys. */
export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account is suspended. Contact support if you think this is a mistake.';

/** Why a credit adjustment cannot be made, or null: a whole number other than 0, within the limit. */
export function creditAdjustmentProblem(amount: unknown): string | null {
  if (
    typeof amount !== 'number' ||
    !Number.isInteger(amount) ||
    amount === 0 ||
    Math.abs(amount) > MAX_CREDIT_ADJUSTMENT
  ) {
    return `amount must be a whole number of credits other than 0, from -${MAX_CREDIT_ADJUSTMENT.toLocaleString('en-US')} to ${MAX_CREDIT_ADJUSTMENT.toLocaleString('en-US')}.`;
  }
  return null;
}

/** Why a reason cannot be recorded, or null: some text, at most MAX_ADMIN_REASON characters. */
export function adminReasonProblem(reason: unknown, field = 'reason'): string | null {
  if (typeof reason !== 'string' || reason.trim() === '')
    return `Give a ${field}: it is kept with the entry.`;
  if (reason.trim().length > MAX_ADMIN_REASON) {
    return `${field} must be at most ${MAX_ADMIN_REASON} characters.`;
  }
  return null;
}
