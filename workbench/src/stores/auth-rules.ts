import { ACCOUNT_TEXTS } from '../texts/account-texts';

/** Where sign-in leads without a redirect parameter. */
export const DEFAULT_AFTER_SIGN_IN = '/app';
/** ... and inside the iOS app view, which has no builder. */
export const IOS_APP_VIEW_AFTER_SIGN_IN = '/store';
/** Minimum password length (code points, as the server counts). */
export const MIN_PASSWORD_LENGTH = 8;
/** After a password reset the page goes to /signin this much later. */
export const RESET_REDIRECT_MS = 2000;

export interface BrowserFacts {
  userAgent: string;
  /** `navigator.standalone`: true in an iOS home-screen web app. */
  standalone?: boolean;
}

/**
 * The iOS app view: the product running on an iPhone, iPad or iPod as a home-screen app or inside
 * an app's web view (WKWebView's user agent has no "Safari"), not in the Safari browser itself.
 * iPadOS 13+ Safari says "Macintosh"; it is a browser, so it does not count.
 */
export function isIosAppView({ userAgent, standalone }: BrowserFacts): boolean {
  if (!/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return false;
  return standalone === true || !/\bSafari\//.test(userAgent);
}

/**
 * Where to go after signing in: the redirect parameter when it names a path inside the product,
 * else /app (/store in the iOS app view). Other sites, protocol-relative and backslash tricks are
 * refused, so a link cannot send someone off-site.
 */
export function redirectAfterSignIn(param: string | null, iosAppView: boolean): string {
  const fallback = iosAppView ? IOS_APP_VIEW_AFTER_SIGN_IN : DEFAULT_AFTER_SIGN_IN;
  if (!param) return fallback;
  const value = param.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if (/^\/(signin|signup|auth\/callback|reset-password)(?=$|[/?#])/.test(value)) return fallback;
  return value;
}

export type RecoveryLink =
  { kind: 'token'; token: string } | { kind: 'error'; message: string } | { kind: 'none' };

/**
 * Reads the reset mail's link: `/reset-password#access_token=...&type=recovery`. An error the auth
 * service put in the fragment (an expired link) is passed on.
 */
export function parseRecoveryLink(hash: string): RecoveryLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error_description') ?? params.get('error');
  if (error) return { kind: 'error', message: error.replace(/\+/g, ' ') };
  const token = params.get('access_token')?.trim();
  if (token && params.get('type') === 'recovery') return { kind: 'token', token };
  return { kind: 'none' };
}

/** A new password's problem: the two entries differ, or it is too short; else null. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password !== confirmation) return ACCOUNT_TEXTS.passwordsDoNotMatch;
  if ([...password].length < MIN_PASSWORD_LENGTH) return ACCOUNT_TEXTS.passwordTooShort;
  return null;
}
