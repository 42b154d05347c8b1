import { AnchorButton, Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import type { MessageTarget, SignInHandOver } from '../../stores/sign-in-hand-over';
import { useStores } from '../../stores-context';
import { runCostText } from '../../texts/earnings-texts';
import { EMBED_SIGN_IN } from '../../texts/embed-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { useSettledFocus } from './use-settled-focus';
import './embed.css';

/** The window that opened this one, when it is still there. */
function openerWindow(): MessageTarget | null {
  const opener: Window | null = window.opener;
  return opener ?? null;
}

/** The price of a run, to be confirmed before the embed runs the app on the person's credits. */
const ConfirmPrice = observer(function ConfirmPrice({ handOver }: { handOver: SignInHandOver }) {
  // A click meant for another window must not land here: Confirm waits until this one has been
  // in front, with the focus, for a moment.
  const settled = useSettledFocus();
  const price = handOver.price!;
  return (
    <div className="embed-confirm" data-testid="embed-confirm">
      <h1 className="embed-confirm-title">{EMBED_SIGN_IN.confirmTitle}</h1>
      <p>{EMBED_SIGN_IN.confirmIntro(handOver.appName)}</p>
      <p className="embed-confirm-price" data-testid="embed-confirm-price">
        {runCostText({ min: price.minCredits, max: price.maxCredits }, price.creatorPrice)}
      </p>
      <p className="muted small">{EMBED_SIGN_IN.confirmOnce}</p>
      {handOver.problem && (
        <Callout intent="warning" role="alert" className="embed-callout">
          {handOver.problem}
        </Callout>
      )}
      <div className="embed-sign-in-actions">
        <Button
          intent="success"
          text={EMBED_SIGN_IN.confirm}
          loading={handOver.confirming}
          disabled={!settled}
          onClick={() => void handOver.confirm()}
          data-testid="embed-confirm-button"
        />
        <Button text={EMBED_SIGN_IN.cancel} onClick={() => window.close()} />
      </div>
    </div>
  );
});

/**
 * /embed/{slug}/sign-in, the small window an embed opens (no other site may frame it): signs the
 * person in (the sign-in page, coming back here), has them confirm the price of a run unless it is
 * free or already confirmed, then lends the session to the embed and closes.
 */
const EmbedSignInPage = observer(function EmbedSignInPage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const { session, embed } = useStores();
  const [handOver] = useState(() => embed.signInWindow(slug, openerWindow(), () => window.close()));
  usePageTitle(PAGE_TITLES.embedSignIn);

  useEffect(() => {
    void handOver.step();
  }, [handOver, session.checked, session.signedIn]);

  if (handOver.state === 'signIn') {
    return <Navigate to={`/signin?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  }
  return (
    <div className="embed-sign-in">
      {handOver.state === 'confirm' ? (
        <ConfirmPrice handOver={handOver} />
      ) : handOver.state === 'failed' ? (
        <NonIdealState
          icon="error"
          description={handOver.problem}
          action={<Button text={EMBED_SIGN_IN.close} onClick={() => window.close()} />}
        />
      ) : handOver.state === 'noOpener' ? (
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
