import { AnchorButton, Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { SignInHandOver, type MessageTarget } from '../../stores/sign-in-hand-over';
import { useStores } from '../../stores-context';
import { EMBED_SIGN_IN } from '../../texts/embed-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../use-page-title';
import './embed.css';

/** The window that opened this one, when it is still there. */
function openerWindow(): MessageTarget | null {
  const opener: Window | null = window.opener;
  return opener ?? null;
}

/**
 * /embed/{slug}/sign-in, the small window an embed opens: signs the person in (the sign-in page,
 * coming back here), then lends the session to the embed and closes.
 */
const EmbedSignInPage = observer(function EmbedSignInPage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const { session, host } = useStores();
  const [handOver] = useState(
    () => new SignInHandOver(session, openerWindow(), host.origin, () => window.close()),
  );
  usePageTitle(PAGE_TITLES.embedSignIn);

  useEffect(() => {
    void handOver.step();
  }, [handOver, session.checked, session.signedIn]);

  if (handOver.state === 'signIn') {
    return <Navigate to={`/signin?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  }
  return (
    <div className="embed-sign-in">
      {handOver.state === 'noOpener' ? (
        <NonIdealState
          icon="link"
          description={EMBED_SIGN_IN.noOpener}
          action={
            <div className="embed-sign-in-actions">
              <AnchorButton
                intent="primary"
                href={`/app/${encodeURIComponent(slug)}`}
                text={EMBED_SIGN_IN.openApp}
              />
              <Button text={EMBED_SIGN_IN.close} onClick={() => window.close()} />
            </div>
          }
        />
      ) : (
        <NonIdealState icon={<Spinner />} description={EMBED_SIGN_IN.handingOver} />
      )}
    </div>
  );
});

export default EmbedSignInPage;
