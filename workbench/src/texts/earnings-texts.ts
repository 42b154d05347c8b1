import { formatCreditRange, formatPayout, formatUsdCents, type CostRange } from '@blocksmith/schema';
import { plural } from './plural';

/** Where the earnings page lives. */
export const EARNINGS_PATH = '/earnings';

function creditCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${plural(count, 'credits')}`;
}

/**
 * What a run costs on an app's page or embed: the blocks' cost plus the creator's price, and how
 * much of it goes to the creator ('5 credit(s), 3 of them to the creator').
 */
export function runCostText(total: CostRange, creatorPrice: number): string {
  const cost = formatCreditRange(total);
  return creatorPrice > 0 ? `${cost}, ${creatorPrice} of them to the creator` : cost;
}

/**
 * Every text of the earnings page (/earnings). The spec sells "monetize" without a page for it:
 * these are decisions, recorded in the workbench README.
 */
export const EARNINGS = {
  title: 'Earnings',
  menuItem: 'Earnings',
  intro:
    'Ask a price per run on your published apps: other people’s runs pay it on top of what the blocks cost, and it is yours to pay out. Your own runs never pay it.',
  signedOut: 'Sign in to see what your apps earned.',
  loading: 'Loading your earnings',
  loadFailed: 'Your earnings could not be loaded.',
  tryAgain: 'Try again',
  lockedTitle: 'Earn from your apps',
  compare: 'Compare plans',

  /** A run's creator price in the runner's credit usage. */
  creatorPriceEntry: 'Creator’s price',

  // Totals.
  balance: 'To pay out',
  total: 'Earned in all',
  paidOut: 'Paid out',
  credits: creditCount,
  dollars: (credits: number) => formatPayout(credits),

  // The chart.
  chartTitle: 'Earnings per day',
  days: (days: number) => `Last ${days} days`,
  noEarnings: 'No earnings in this period yet.',
  deletedApps: 'Deleted apps',

  // Prices.
  pricesTitle: 'Prices',
  pricesIntro:
    'What a run by someone else pays you, in whole credits (0 to 100). A change applies to runs started after it.',
  noApps: 'Publish an app to set its price.',
  appEarned: (credits: number, runs: number) =>
    credits === 0 ? 'Nothing earned yet' : `${creditCount(credits)} from ${runs} ${plural(runs, 'runs')}`,
  priceLabel: (name: string) => `Price per run of ${name}`,
  priceUnit: 'credits a run',
  save: 'Save',
  saved: (name: string, price: number) =>
    price === 0 ? `${name} is free to run again.` : `${name} now earns you ${creditCount(price)} a run.`,
  saveFailed: 'The price could not be saved.',
  wholeNumber: 'Enter a whole number of credits from 0 to 100.',
  notPublished: 'Not published',
  open: 'Open',

  // Payouts.
  payoutsTitle: 'Payouts',
  notConfigured: 'Payouts are not configured on this server. Your earnings are kept until they are.',
  threshold: (threshold: number, centsPerCredit: number) =>
    `Earnings are paid out through Stripe once they reach ${creditCount(threshold)} (${formatPayout(threshold)}); each credit pays ${centsPerCredit} cents.`,
  setUp: 'Set up payouts with Stripe',
  onboarding:
    'Finish setting up your payout account with Stripe. Once Stripe can pay you, payouts start here.',
  continueSetUp: 'Continue with Stripe',
  checkStatus: 'Check again',
  enabled: 'Your Stripe account is ready to be paid.',
  payOut: (credits: number) => `Pay out ${formatPayout(credits)}`,
  belowThreshold: (missing: number) => `${creditCount(missing)} more to the next payout.`,
  paid: (cents: number) => `${formatUsdCents(cents)} is on its way to your Stripe account.`,
  payoutFailed: 'The payout could not be made.',
  onboardingFailed: 'Stripe could not be reached. Please try again.',
  noPayouts: 'No payouts yet.',
  payoutLine: (credits: number, cents: number) => `${formatUsdCents(cents)} for ${creditCount(credits)}`,
  payoutStatus: { pending: 'Sending', paid: 'Paid', failed: 'Failed' } as const,
} as const;
