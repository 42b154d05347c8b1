import { Button, FormGroup, InputGroup, NonIdealState } from '@blueprintjs/core';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../components/LinkButton';
import { SignUpForm } from '../../stores/auth-forms-store';
import { useStores } from '../../stores-context';
import { ACCOUNT_TEXTS } from '../../texts/account-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { AuthLayout, FormMessage, GoogleButton } from '../signin/AuthLayout';
import { useSignInRedirect, withRedirect } from '../signin/use-sign-in-redirect';
import { useAuthFormActions } from '../signin/use-auth-form-actions';

const FIELDS = [
  { field: 'fullName', label: 'Full name', type: 'text', autoComplete: 'name' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
] as const;

/** /signup: full name, e-mail, password twice (or Google); then the builder or 'Check Your Email'. */
export const SignUpPage = observer(function SignUpPage() {
  const { auth } = useStores();
  const redirect = useSignInRedirect();
  const [form] = useState(() => new SignUpForm(auth, redirect));
  usePageTitle(PAGE_TITLES.signUp);

  const { submit, google } = useAuthFormActions(form);
  useEffect(() => void form.googleOffer.check(), [form]);

  if (form.checkEmailFor !== null) {
    return (
      <AuthLayout title={ACCOUNT_TEXTS.checkYourEmail}>
        <NonIdealState
          icon={<EnvelopeIcon size={48} />}
          description={
            form.adminConfirmation
              ? ACCOUNT_TEXTS.adminCheckEmailBody(form.checkEmailFor)
              : ACCOUNT_TEXTS.checkEmailBody(form.checkEmailFor)
          }
          action={
            form.adminConfirmation ? (
              <LinkButton intent="primary" href={form.redirectTo} text={ACCOUNT_TEXTS.continueToApp} />
            ) : (
              <LinkButton intent="primary" href={withRedirect('/signin', redirect)} text="Go to Sign In" />
            )
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={ACCOUNT_TEXTS.signUpTitle}
      subtitle={ACCOUNT_TEXTS.signUpSubtitle}
      footer={
        <>
          By creating an account you agree to our <Link to="/terms">Terms</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </>
      }
    >
      {form.googleOffer.offered && (
        <GoogleButton
          label={ACCOUNT_TEXTS.signUpWithGoogle}
          onClick={() => void google()}
          disabled={form.busy}
        />
      )}
      <form className="account-form" onSubmit={(event) => void submit(event)}>
        {FIELDS.map(({ field, label, type, autoComplete }) => (
          <FormGroup key={field} label={label} labelFor={`signup-${field}`}>
            <InputGroup
              id={`signup-${field}`}
              type={type}
              autoComplete={autoComplete}
              required
              value={form[field]}
              onValueChange={(value) => form.set(field, value)}
              autoFocus={field === 'fullName'}
            />
          </FormGroup>
        ))}
        <FormMessage problem={form.problem} />
        <Button type="submit" intent="primary" fill size="large" loading={form.busy} text="Create Account" />
      </form>
      <div className="account-links">
        <span>
          Already have an account? <Link to={withRedirect('/signin', redirect)}>Sign in</Link>
        </span>
      </div>
    </AuthLayout>
  );
});

export default SignUpPage;
