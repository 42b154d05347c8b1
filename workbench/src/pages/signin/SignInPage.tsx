import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { SignInForm } from '../../stores/auth-forms-store';
import { useStores } from '../../stores-context';
import { ACCOUNT_TEXTS } from '../../texts/account-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { AuthLayout, FormMessage, GoogleButton } from './AuthLayout';
import { useSignInRedirect, withRedirect } from './use-sign-in-redirect';
import { useAuthFormActions } from './use-auth-form-actions';

/** /signin: log in (e-mail and password, or Google), or ask for a password reset mail. */
export const SignInPage = observer(function SignInPage() {
  const { auth } = useStores();
  const redirect = useSignInRedirect();
  const [form] = useState(() => new SignInForm(auth, redirect));
  const forgot = form.mode === 'forgot';
  usePageTitle(forgot ? PAGE_TITLES.forgotPassword : PAGE_TITLES.signIn);

  const { submit, google } = useAuthFormActions(form);
  useEffect(() => void form.googleOffer.check(), [form]);

  return (
    <AuthLayout
      title={forgot ? ACCOUNT_TEXTS.forgotTitle : ACCOUNT_TEXTS.signInTitle}
      subtitle={forgot ? ACCOUNT_TEXTS.forgotSubtitle : ACCOUNT_TEXTS.signInSubtitle}
    >
      {!forgot && form.googleOffer.offered && (
        <GoogleButton onClick={() => void google()} disabled={form.busy} />
      )}
      <form className="account-form" onSubmit={(event) => void submit(event)}>
        <FormGroup label="Email" labelFor="signin-email">
          <InputGroup
            id="signin-email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onValueChange={(value) => form.setEmail(value)}
            autoFocus
          />
        </FormGroup>
        {!forgot && (
          <FormGroup label="Password" labelFor="signin-password">
            <InputGroup
              id="signin-password"
              type="password"
              autoComplete="current-password"
              required
              value={form.password}
              onValueChange={(value) => form.setPassword(value)}
            />
          </FormGroup>
        )}
        <FormMessage problem={form.problem} notice={form.notice} />
        <Button
          type="submit"
          intent="primary"
          fill
          size="large"
          loading={form.busy}
          text={forgot ? 'Send Reset Link' : 'Sign In'}
        />
      </form>
      <div className="account-links">
        {forgot ? (
          <Button
            variant="minimal"
            size="small"
            onClick={() => form.setMode('login')}
            text="Back to Sign In"
          />
        ) : (
          <Button
            variant="minimal"
            size="small"
            onClick={() => form.setMode('forgot')}
            text="Forgot Password?"
          />
        )}
        <span>
          No account? <Link to={withRedirect('/signup', redirect)}>Sign up</Link>
        </span>
      </div>
    </AuthLayout>
  );
});

export default SignInPage;
