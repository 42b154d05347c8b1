import {
  isIosAppView,
  newPasswordProblem,
  parseRecoveryLink,
  redirectAfterSignIn,
  RESET_REDIRECT_MS,
} from './auth-rules';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPHONE_WEBVIEW =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36';

describe('redirect after sign-in', () => {
  it('follows the redirect parameter inside the product', () => {
    expect(redirectAfterSignIn('/store', false)).toBe('/store');
    expect(redirectAfterSignIn('/app/my-app?x=1', true)).toBe('/app/my-app?x=1');
  });

  it('defaults to /app, and to /store in the iOS app view', () => {
    expect(redirectAfterSignIn(null, false)).toBe('/app');
    expect(redirectAfterSignIn('', false)).toBe('/app');
    expect(redirectAfterSignIn(null, true)).toBe('/store');
  });

  it('never leaves the product or loops back to an account page', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(redirectAfterSignIn(bad, false)).toBe('/app');
    }
    expect(redirectAfterSignIn('/signin?redirect=/app', false)).toBe('/app');
    expect(redirectAfterSignIn('/signup', true)).toBe('/store');
    expect(redirectAfterSignIn('/signing-rules', false)).toBe('/signing-rules');
  });

  it('knows the iOS app view from the browser facts', () => {
    expect(isIosAppView({ userAgent: IPHONE_WEBVIEW })).toBe(true);
    expect(isIosAppView({ userAgent: IPHONE_SAFARI, standalone: true })).toBe(true);
    expect(isIosAppView({ userAgent: IPHONE_SAFARI, standalone: false })).toBe(false);
    expect(isIosAppView({ userAgent: DESKTOP })).toBe(false);
  });
});

describe('recovery link', () => {
  it('reads the token from the mail link fragment', () => {
    expect(parseRecoveryLink('#access_token=abc_-123&type=recovery')).toEqual({
      kind: 'token',
      token: 'abc_-123',
    });
  });

  it('needs type=recovery and a token', () => {
    expect(parseRecoveryLink('#access_token=abc')).toEqual({ kind: 'none' });
    expect(parseRecoveryLink('#type=recovery')).toEqual({ kind: 'none' });
    expect(parseRecoveryLink('')).toEqual({ kind: 'none' });
  });

  it('passes on an error from the link', () => {
    expect(
      parseRecoveryLink('#error=access_denied&error_description=Email+link+is+invalid+or+has+expired'),
    ).toEqual({
      kind: 'error',
      message: 'Email link is invalid or has expired',
    });
  });
});

describe('new password', () => {
  it('must match, then be at least 8 characters', () => {
    expect(newPasswordProblem('abcdefgh', 'abcdefgi')).toBe('Passwords do not match.');
    expect(newPasswordProblem('short', 'short')).toBe('Password must be at least 8 characters long.');
    expect(newPasswordProblem('abcdefgh', 'abcdefgh')).toBeNull();
  });

  it('counts characters as people see them', () => {
    expect(newPasswordProblem('😀😀😀😀😀😀😀', '😀😀😀😀😀😀😀')).toBe(
      'Password must be at least 8 characters long.',
    );
    expect(newPasswordProblem('😀😀😀😀😀😀😀😀', '😀😀😀😀😀😀😀😀')).toBeNull();
  });

  it('redirects 2 seconds after a reset', () => {
    expect(RESET_REDIRECT_MS).toBe(2000);
  });
});
