import { useSearchParams } from 'react-router-dom';
import { isIosAppView, redirectAfterSignIn } from '../../stores/auth-rules';

/** Where this page leads after signing in: ?redirect=, else /app (/store in the iOS app view). */
export function useSignInRedirect(): string {
  const [params] = useSearchParams();
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone;
  return redirectAfterSignIn(
    params.get('redirect'),
    isIosAppView({ userAgent: navigator.userAgent, standalone }),
  );
}

/** A link to another account page that keeps the redirect parameter. */
export function withRedirect(path: string, redirect: string): string {
  return redirect === '/app' ? path : `${path}?redirect=${encodeURIComponent(redirect)}`;
}
