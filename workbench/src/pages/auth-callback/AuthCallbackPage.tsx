import { Callout, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../components/LinkButton';
import { AuthCallbackFlow } from '../../stores/auth-forms-store';
import { useStores } from '../../stores-context';
import { ACCOUNT_TEXTS } from '../../texts/account-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { AuthLayout } from '../signin/AuthLayout';

/** /auth/callback: where Google sign-in starts (?start=google) and returns to. */
export const AuthCallbackPage = observer(function AuthCallbackPage() {
  const { auth } = useStores();
  const [params] = useSearchParams();
  const [flow] = useState(() => new AuthCallbackFlow(auth));
  usePageTitle(PAGE_TITLES.authCallback);
  useEffect(() => {
    const start = params.get('start') === 'google';
    // Google comes back to this address, so it must not ask to start again.
    if (start) window.history.replaceState(window.history.state, '', '/auth/callback');
    void flow.run({ start, errorParam: params.get('error_description') ?? params.get('error') });
    // Runs once per visit; the parameters are read at arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow]);

  const state = flow.state;
  if (state.kind === 'done') return <Navigate to={state.to} replace />;
  return (
    <AuthLayout
      title={state.kind === 'error' ? ACCOUNT_TEXTS.callbackErrorTitle : ACCOUNT_TEXTS.completingSignIn}
    >
      {state.kind === 'loading' ? (
        <div className="account-center" role="status">
          <Spinner aria-label={ACCOUNT_TEXTS.completingSignIn} />
          <p>{ACCOUNT_TEXTS.completingSignIn}</p>
        </div>
      ) : (
        <>
          <Callout intent="danger" className="account-callout" role="alert">
            {state.message}
          </Callout>
          <LinkButton intent="primary" fill href="/signin" text={ACCOUNT_TEXTS.backToSignIn} />
        </>
      )}
    </AuthLayout>
  );
});

export default AuthCallbackPage;
