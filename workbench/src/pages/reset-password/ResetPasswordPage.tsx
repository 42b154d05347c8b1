import { Button, FormGroup, InputGroup, NonIdealState } from '@blueprintjs/core';
import { TickCircleIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LinkButton } from '../../components/LinkButton';
import { ResetPasswordForm } from '../../stores/auth-forms-store';
import { parseRecoveryLink } from '../../stores/auth-rules';
import { useStores } from '../../stores-context';
import { ACCOUNT_TEXTS } from '../../texts/account-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { AuthLayout, FormMessage } from '../signin/AuthLayout';

/** /reset-password#access_token=...&type=recovery: choose a new password, then back to /signin. */
export const ResetPasswordPage = observer(function ResetPasswordPage() {
  const { auth } = useStores();
  const navigate = useNavigate();
  const [form] = useState(() => {
    const link = parseRecoveryLink(window.location.hash);
    // The token is read once; it should not stay in the address bar or the history.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    return new ResetPasswordForm(auth, link, (path) => navigate(path, { replace: true }));
  });
  useEffect(() => () => form.dispose(), [form]);
  usePageTitle(PAGE_TITLES.resetPassword);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.submit();
  };

  if (form.state === 'done') {
    return (
      <AuthLayout title={ACCOUNT_TEXTS.resetDoneTitle}>
        <NonIdealState
          icon={<TickCircleIcon size={48} className="success-icon" />}
          description={<span role="status">{ACCOUNT_TEXTS.passwordUpdated}</span>}
        />
      </AuthLayout>
    );
  }

  if (!form.usable) {
    return (
      <AuthLayout title={ACCOUNT_TEXTS.resetTitle}>
        <FormMessage problem={form.problem || ACCOUNT_TEXTS.resetLinkMissing} />
        <LinkButton intent="primary" fill href="/signin" text={ACCOUNT_TEXTS.backToSignIn} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={ACCOUNT_TEXTS.resetTitle} subtitle={ACCOUNT_TEXTS.resetSubtitle}>
      <form className="account-form" onSubmit={(event) => void submit(event)}>
        <FormGroup label="New password" labelFor="reset-password" helperText="At least 8 characters.">
          <InputGroup
            id="reset-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onValueChange={(value) => form.set('password', value)}
            autoFocus
          />
        </FormGroup>
        <FormGroup label="Confirm new password" labelFor="reset-confirm">
          <InputGroup
            id="reset-confirm"
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onValueChange={(value) => form.set('confirmPassword', value)}
          />
        </FormGroup>
        <FormMessage problem={form.problem} />
        <Button type="submit" intent="primary" fill size="large" loading={form.busy} text="Update Password" />
      </form>
    </AuthLayout>
  );
});

export default ResetPasswordPage;
