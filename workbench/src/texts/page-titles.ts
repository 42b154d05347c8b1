/**
 * The browser tab's title of every page (not in the spec, which names the pages but gives no
 * titles): the page's own name first, the product's last, e.g. "Store · Blocksmith".
 */
import { AI_PROVIDERS_TEXTS } from './ai-providers-texts';
import { ERROR_SCREEN, NOT_FOUND, PRODUCT_NAME, TAGLINE } from './public-texts';
import { API_KEYS } from './api-texts';
import { SECRETS_TEXT } from './secret-texts';
import { KNOWLEDGE_TEXT } from './knowledge-texts';
import { TRIGGERS } from './trigger-texts';
import { TESTS } from './testing-texts';
import { ADMIN_USERS } from './admin-users-texts';
import { EARNINGS } from './earnings-texts';
import { EMBED_SIGN_IN } from './embed-texts';
import { RUNNER } from './runner-texts';
import { CREDIT_USAGE, RUNS } from './run-history-texts';

/** The parts of a title joined most specific first, blank parts left out, the product name last. */
export function pageTitle(...parts: readonly (string | null | undefined)[]): string {
  const named = parts.map((part) => part?.trim() ?? '').filter((part) => part !== '');
  return [...named, PRODUCT_NAME].join(' · ');
}

const ADMIN = 'Admin';
const BUILDER = 'Builder';

export const PAGE_TITLES = {
  home: `${PRODUCT_NAME} — ${TAGLINE.replace(/\.$/, '')}`,
  /** The builder, with the app's name when it has one. */
  builder: (appName?: string) => pageTitle(appName, BUILDER),
  /** An app's page, named after the app once it is loaded. */
  runner: (appName?: string) => pageTitle(appName),
  appNotFound: pageTitle(RUNNER.notFound.title),
  store: pageTitle('Store'),
  /** A publisher's page, with its heading ('More by {name}') once it is known. */
  publisher: (heading?: string) => pageTitle(heading, 'Store'),
  myApps: pageTitle('My Apps'),
  apiKeys: pageTitle(API_KEYS.title),
  secrets: pageTitle(SECRETS_TEXT.title),
  knowledge: pageTitle(KNOWLEDGE_TEXT.title),
  earnings: pageTitle(EARNINGS.title),
  /** An app's runs, with the app's name once it is known. */
  appRuns: (appName?: string) => pageTitle(RUNS.appRunsTitle, appName),
  triggers: (appName?: string) => pageTitle(TRIGGERS.title, appName),
  tests: (appName?: string) => pageTitle(TESTS.title, appName),
  myRuns: pageTitle(RUNS.myRunsTitle),
  /** One kept run, named after its app once it is loaded. */
  run: (appName?: string) => pageTitle(appName ? `Run of ${appName}` : 'Run'),
  credits: pageTitle(CREDIT_USAGE.pageTitle),
  /** An embedded app, named after the app once it is loaded. */
  embed: (appName?: string) => pageTitle(appName),
  embedSignIn: pageTitle(EMBED_SIGN_IN.title, 'Embed'),
  signIn: pageTitle('Sign in'),
  forgotPassword: pageTitle('Forgot password'),
  signUp: pageTitle('Sign up'),
  resetPassword: pageTitle('Set a new password'),
  authCallback: pageTitle('Signing in'),
  authDemo: pageTitle('Sign-in components'),
  analytics: pageTitle('Analytics', ADMIN),
  verification: pageTitle('Verification', ADMIN),
  adminUsers: pageTitle(ADMIN_USERS.title, ADMIN),
  aiProviders: pageTitle(AI_PROVIDERS_TEXTS.title, ADMIN),
  notFound: pageTitle(NOT_FOUND.title),
  error: pageTitle(ERROR_SCREEN.title),
} as const;
