import {
  AnchorButton,
  Button,
  Callout,
  FormGroup,
  NonIdealState,
  NumericInput,
  Spinner,
} from '@blueprintjs/core';
import { LinkIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../../components/use-page-title';
import { useStores } from '../../stores-context';
import { OAUTH_CONSENT } from '../../texts/connected-app-texts';
import { AuthLayout, FormMessage } from '../signin/AuthLayout';
import '../connected-apps/connected-apps.css';

/**
 * /oauth/interaction/{uid}: an AI assistant asks to use the account. The signed-in person sees
 * which app (its registered name and where it signs in) and for whom, sets the credits per day it
 * may spend, and allows or denies; anyone else signs in first and comes back here.
 */
const OAuthConsentPage = observer(function OAuthConsentPage() {
  const { uid = '' } = useParams();
  const { session, oauthConsent } = useStores();
  usePageTitle(OAUTH_CONSENT.pageTitle);
  const userId = session.user?.id;

  useEffect(() => {
    if (session.checked) void oauthConsent.load(uid);
  }, [oauthConsent, uid, userId, session.checked]);

  const here = `/oauth/interaction/${encodeURIComponent(uid)}`;
  const state = oauthConsent.state;
  if (!session.checked || state === 'idle' || state === 'loading') {
    return (
      <AuthLayout title={OAUTH_CONSENT.pageTitle}>
        <Spinner aria-label={OAUTH_CONSENT.loading} />
      </AuthLayout>
    );
  }
  if (state === 'signed-out') {
    return (
      <AuthLayout title={OAUTH_CONSENT.signInTitle} subtitle={OAUTH_CONSENT.signIn}>
        <AnchorButton
          intent="primary"
          fill
          href={`/signin?redirect=${encodeURIComponent(here)}`}
          text={OAUTH_CONSENT.signInButton}
        />
      </AuthLayout>
    );
  }
  if (state === 'failed' || !oauthConsent.request) {
    return (
      <AuthLayout title={OAUTH_CONSENT.failedTitle}>
        <NonIdealState icon={<LinkIcon size={40} />} description={oauthConsent.error} />
      </AuthLayout>
    );
  }
  const { client, account, connected } = oauthConsent.request;
  return (
    <AuthLayout title={OAUTH_CONSENT.title(client.name)} subtitle={OAUTH_CONSENT.from(client.redirectHost)}>
      <p className="muted" data-testid="consent-account">
        {OAUTH_CONSENT.account(account.email)}
      </p>
      <p>{OAUTH_CONSENT.what}</p>
      <ul className="oauth-consent-abilities">
        {OAUTH_CONSENT.abilities.map((ability) => (
          <li key={ability}>{ability}</li>
        ))}
      </ul>
      {connected && (
        <Callout intent="primary" className="account-callout">
          {OAUTH_CONSENT.already}
        </Callout>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void oauthConsent.allow();
        }}
      >
        <FormGroup
          label={OAUTH_CONSENT.limitLabel}
          labelFor="oauth-daily-limit"
          helperText={oauthConsent.limitInvalid ? OAUTH_CONSENT.invalidLimit : OAUTH_CONSENT.limitHelper}
          intent={oauthConsent.limitInvalid ? 'danger' : 'none'}
        >
          <NumericInput
            id="oauth-daily-limit"
            value={oauthConsent.limitText}
            onValueChange={(_value, text) => oauthConsent.setLimit(text)}
            min={0}
            max={1_000_000}
            minorStepSize={null}
            majorStepSize={10}
            stepSize={1}
            intent={oauthConsent.limitInvalid ? 'danger' : 'none'}
            fill
          />
        </FormGroup>
        <FormMessage problem={oauthConsent.error} />
        {state === 'leaving' ? (
          <p className="muted">{OAUTH_CONSENT.redirecting}</p>
        ) : (
          <div className="oauth-consent-actions">
            <Button
              text={OAUTH_CONSENT.deny}
              disabled={oauthConsent.busy}
              onClick={() => void oauthConsent.deny()}
            />
            <Button
              type="submit"
              intent="primary"
              text={OAUTH_CONSENT.allow}
              loading={oauthConsent.busy}
              disabled={oauthConsent.limitInvalid}
            />
          </div>
        )}
      </form>
    </AuthLayout>
  );
});

export default OAuthConsentPage;
