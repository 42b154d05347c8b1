import { PLANS, isPlanId } from '@blocksmith/schema';
import { plural } from './plural';

/** Where the admin users page lives. */
export const ADMIN_USERS_PATH = '/admin/users';

/** '1 credit', '5 credits'. */
function creditCount(count: number): string {
  return `${count} ${plural(count, 'credits')}`;
}

function planName(value: unknown): string {
  return isPlanId(value) ? PLANS[value].name : String(value);
}

/**
 * Every text of the admin users page (/admin/users). The spec has no such page: these are
 * decisions, recorded in the workbench README.
 */
export const ADMIN_USERS = {
  title: 'Accounts',
  menuItem: 'Manage accounts',
  refusal: 'Access Denied',
  refusalBody: 'Only administrators can manage accounts.',
  intro:
    'Find an account by e-mail or name to change its plan (Enterprise after a sales contact), give or take credits, or suspend it. Every change is recorded below.',
  searchLabel: 'Find accounts',
  searchPlaceholder: 'E-mail or name',
  search: 'Search',
  loading: 'Loading accounts',
  loadFailed: 'The accounts could not be loaded.',
  noMatches: (query: string) => (query ? `No account matches "${query}".` : 'No accounts yet.'),
  loadMore: 'Load more',
  columns: {
    account: 'Account',
    plan: 'Plan',
    credits: 'Credits',
    apps: 'Apps',
    lastSignIn: 'Last sign-in',
    status: 'Status',
  },
  unlimited: 'Unlimited',
  apps: (apps: number, published: number) =>
    published > 0 ? `${apps} (${published} published)` : String(apps),
  never: 'Never',
  active: 'Active',
  suspended: 'Suspended',
  admin: 'Admin',
  noName: 'No name',

  // The account drawer.
  detailLoading: 'Loading the account',
  detailFailed: 'The account could not be loaded.',
  joined: (date: string) => `Joined ${date}`,
  planSection: 'Plan',
  planLabel: 'Move to plan',
  changePlan: 'Change plan',
  planHelper:
    'Enterprise is granted here after a sales contact. A move up brings the plan’s credits at once.',
  planChanged: (email: string, plan: string) => `${email} is now on the ${planName(plan)} plan.`,
  creditsSection: 'Credits',
  balance: (held: number, unlimited: boolean) =>
    unlimited ? `${creditCount(held)} held; the plan is unlimited` : creditCount(held),
  amountLabel: 'Credits to give',
  amountHelper: 'A negative number takes credits back; a balance never goes below zero.',
  reasonLabel: 'Reason',
  reasonPlaceholder: 'Why, for the record',
  applyCredits: 'Record',
  creditsChanged: (amount: number, email: string) =>
    amount > 0
      ? `Gave ${creditCount(amount)} to ${email}.`
      : `Took ${creditCount(-amount)} back from ${email}.`,
  suspensionSection: 'Suspension',
  suspendedSince: (date: string) =>
    `Suspended since ${date}: cannot sign in or use API keys, and its published apps are out of the store.`,
  notSuspended: 'Active: signs in, runs apps, its published apps are in the store.',
  suspend: 'Suspend account',
  unsuspend: 'Lift suspension',
  suspendTitle: 'Suspend this account?',
  suspendBody: (email: string) =>
    `${email} will be signed out everywhere, will not be able to sign in or use API keys, and its published apps will leave the store until the suspension is lifted.`,
  suspendReasonLabel: 'Reason (optional)',
  confirmSuspend: 'Suspend',
  cancel: 'Cancel',
  suspendedToast: (email: string) => `${email} is suspended.`,
  unsuspendedToast: (email: string) => `${email} may sign in again.`,
  ownAccount: 'This is your own account: it cannot be suspended from here.',
  earningsSection: 'Earnings',
  earnings: (balance: number, total: number, paidOut: number) =>
    `${creditCount(balance)} to pay out · ${creditCount(total)} earned in all · ${creditCount(paidOut)} paid out`,
  runsSection: 'Recent runs',
  noRuns: 'No runs yet.',
  deletedApp: 'Deleted app',
  runCost: (cost: number) => creditCount(cost),
  historySection: 'What admins did',
  noActions: 'Nothing yet.',
  close: 'Close',
  changeFailed: 'The change could not be made.',

  // The log of every admin action.
  logTitle: 'Admin actions',
  logIntro: 'Every change an admin made to an account: who, what, when, before and after.',
  logEmpty: 'No admin actions yet.',
  logFailed: 'The admin actions could not be loaded.',
  /** One action as a sentence: who did what to whom. */
  describe: (action: {
    action: string;
    adminEmail: string;
    userEmail: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }): string => {
    const { adminEmail: who, userEmail: whom, before, after } = action;
    switch (action.action) {
      case 'plan':
        return `${who} moved ${whom} from ${planName(before.plan)} to ${planName(after.plan)}`;
      case 'credits': {
        const change = Number(after.credits) - Number(before.credits);
        const what = change >= 0 ? `gave ${creditCount(change)} to` : `took ${creditCount(-change)} from`;
        return `${who} ${what} ${whom} (${String(before.credits)} → ${String(after.credits)})`;
      }
      case 'suspend':
        return `${who} suspended ${whom}`;
      case 'unsuspend':
        return `${who} lifted the suspension of ${whom}`;
      default:
        return `${who}: ${action.action} ${whom}`;
    }
  },
} as const;
