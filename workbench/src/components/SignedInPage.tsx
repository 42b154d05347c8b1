import { NonIdealState, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useStores } from '../stores-context';
import { LinkButton } from './LinkButton';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import './signed-in-page.css';

/** The button that takes a visitor to sign in, and back. */
const SIGN_IN = 'Sign In';

/** A page's spinner, centred with room around it, while the page or a part of it loads. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="page-spinner">
      <Spinner aria-label={label} />
    </div>
  );
}

/**
 * The frame of a page of the signed-in person's own things (their apps, runs, keys, earnings): the
 * public header and footer, the page's `title` and `intro` for everyone, a spinner until the
 * session is known, then `children` for the person or, for a visitor, what the page is for and a
 * Sign In that comes back to `path`. `after` (dialogs) sits beside the page.
 */
export const SignedInPage = observer(function SignedInPage({
  path,
  className,
  title,
  intro,
  loadingLabel,
  signIn,
  after,
  children,
}: {
  path: string;
  className?: string;
  title?: string;
  intro?: string;
  loadingLabel: string;
  signIn: { icon: JSX.Element; title?: string; text: string };
  after?: ReactNode;
  children: ReactNode;
}) {
  const { session } = useStores();
  return (
    <div className="public-page">
      <PublicHeader signInRedirect={path} />
      <main className={className ? `public-main ${className}` : 'public-main'}>
        {title && <h1 className="page-title">{title}</h1>}
        {intro && <p className="muted signed-in-intro">{intro}</p>}
        {!session.checked ? (
          <PageSpinner label={loadingLabel} />
        ) : !session.signedIn ? (
          <NonIdealState
            className="signed-in-prompt"
            icon={signIn.icon}
            title={signIn.title}
            description={signIn.text}
            action={
              <LinkButton
                intent="primary"
                href={`/signin?redirect=${encodeURIComponent(path)}`}
                text={SIGN_IN}
              />
            }
          />
        ) : (
          children
        )}
      </main>
      <PublicFooter />
      {after}
    </div>
  );
});
