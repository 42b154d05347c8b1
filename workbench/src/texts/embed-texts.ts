/**
 * Every user-facing text of embeds: the embedded app (/embed/{slug}), its sign-in window and the
 * owner's Embed panel on the app page (not in the spec: the issue "What the pricing page promises"
 * asks for them).
 */
import { PRODUCT_NAME } from './builder-texts';

export const EMBED = {
  runApp: 'Run',
  running: 'Running...',
  signInToRun: 'Sign in to run',
  signInNote: (product: string) => `Runs use your ${product} credits. Signing in opens a small window.`,
  ownerPays: 'Free to try: the app\u2019s creator pays for these runs.',
  waitingForSignIn: 'Finish signing in in the window that opened...',
  popupBlocked: 'Your browser blocked the sign-in window. Allow pop-ups for this page and press Run again.',
  cancelSignIn: 'Cancel',
  signedInAs: (name: string) => `Signed in as ${name}`,
  results: 'Results',
  madeWith: `Made with ${PRODUCT_NAME}`,
  loading: 'Loading the app...',
  notFound: 'This app is not published, or its address has changed.',
  loadFailed: 'The app could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
  runFailed: 'The run failed',
  noInputs: 'This app needs no input: just run it.',
  openOnProduct: `Open on ${PRODUCT_NAME}`,
  /** Run, while the signed-in person has not confirmed the price of a run here. */
  confirmPrice: 'Confirm price',
  confirmNote: 'Runs use your credits. Confirm the price once, in a small window.',
  waitingForConfirmation: 'Confirm the price in the window that opened...',
  /** The chat of a chat app, for someone not signed in whose messages the owner does not pay for. */
  signInToChat: 'Sign in to chat',
  chatOwnerPays:
    'Free to try: the app\u2019s creator pays for these messages. Your conversations stay in this browser.',
  chatSignInNote: (product: string) =>
    `Each message is a run on your ${product} credits. Signing in opens a small window.`,
} as const;

/** The sign-in window an embed opens (/embed/{slug}/sign-in). */
export const EMBED_SIGN_IN = {
  title: 'Signing in',
  handingOver: 'Signed in. Returning to the app...',
  noOpener:
    'You are signed in, but this window can no longer reach the page it was opened from. Run the app on its page instead.',
  openApp: 'Open the app',
  close: 'Close this window',
  confirmTitle: 'Confirm the price',
  confirmIntro: (app: string) =>
    `You are about to run ${app} from a page on another site, on your credits. One run costs:`,
  confirmOnce: 'We ask once for this app, and again if its price goes up.',
  confirm: 'Confirm price',
  cancel: 'Cancel',
  priceFailed: 'The price of this app could not be read. Close this window and try again.',
  confirmFailed: 'The price could not be confirmed. Try again.',
} as const;

export const EMBED_PANEL = {
  title: 'Embed',
  intro: 'Put this app on your own site. Visitors run it right there.',
  scriptLabel: 'Script: sizes itself to the app',
  iframeLabel: 'Plain iframe: fixed height',
  copy: 'Copy',
  paysOwner: 'Charge runs to me when the runner is not signed in',
  paysOwnerHelp:
    'Visitors without an account can run the app on your credits, up to the monthly cap. Signed-in visitors always pay for their own runs.',
  monthlyCredits: 'Monthly credit cap',
  creditsUnit: 'credits a month',
  usage: (used: number, cap: number) => `Used this month: ${used} of ${cap} credits`,
  usageNoCap: (used: number) => `Used this month: ${used} credits`,
  save: 'Save',
  saved: 'Embed settings saved',
  saveFailed: 'The embed settings could not be saved',
  wholeNumber: 'Enter a whole number of credits, 0 or more.',
  loading: 'Loading the embed settings...',
  loadFailed: 'The embed settings could not be loaded.',
  tryAgain: 'Try again',
  lockedTitle: 'Embed this app on your site',
  locked: (plan: string) =>
    `Embeds come with the ${plan} plan and up. Upgrade to put your apps on other sites.`,
  comparePlans: 'Compare plans',
  preview: 'Open the embed',
} as const;
