import { Button, Callout, Card, FormGroup, InputGroup, NonIdealState } from '@blueprintjs/core';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { PublicHeader } from '../../components/PublicHeader';
import { ACCOUNT_TEXTS } from '../../texts/account-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { FormMessage, GoogleButton } from '../signin/AuthLayout';
import '../signin/account.css';

function DemoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="account-card" elevation={2}>
      <h2 className="account-title">{title}</h2>
      {children}
    </Card>
  );
}

function Field({
  id,
  label,
  type = 'text',
  value = '',
}: {
  id: string;
  label: string;
  type?: string;
  value?: string;
}) {
  return (
    <FormGroup label={label} labelFor={id}>
      <InputGroup id={id} type={type} defaultValue={value} readOnly />
    </FormGroup>
  );
}

/** /auth-demo: the sign-in UI's components side by side, in their states; nothing is sent. */
export default function AuthDemoPage() {
  usePageTitle(PAGE_TITLES.authDemo);
  return (
    <div className="account-page">
      <PublicHeader />
      <main className="account-main">
        <h1 className="account-title">{ACCOUNT_TEXTS.demoTitle}</h1>
        <p className="account-subtitle">{ACCOUNT_TEXTS.demoSubtitle}</p>
        <div className="account-demo">
          <DemoCard title={ACCOUNT_TEXTS.signInTitle}>
            <GoogleButton onClick={() => undefined} />
            <Field id="demo-email" label="Email" type="email" value="ada@example.com" />
            <Field id="demo-password" label="Password" type="password" value="password" />
            <Button intent="primary" fill size="large" text="Sign In" />
          </DemoCard>
          <DemoCard title={ACCOUNT_TEXTS.forgotTitle}>
            <Field id="demo-forgot" label="Email" type="email" value="ada@example.com" />
            <FormMessage notice={ACCOUNT_TEXTS.resetLinkSent} />
            <Button intent="primary" fill size="large" text="Send Reset Link" />
          </DemoCard>
          <DemoCard title={ACCOUNT_TEXTS.signUpTitle}>
            <Field id="demo-new" label="Password" type="password" value="password1" />
            <Field id="demo-confirm" label="Confirm password" type="password" value="password2" />
            <FormMessage problem={ACCOUNT_TEXTS.passwordsDoNotMatch} />
            <Button intent="primary" fill size="large" text="Create Account" />
          </DemoCard>
          <DemoCard title={ACCOUNT_TEXTS.checkYourEmail}>
            <NonIdealState
              icon={<EnvelopeIcon size={48} />}
              description={ACCOUNT_TEXTS.checkEmailBody('ada@example.com')}
            />
          </DemoCard>
          <DemoCard title={ACCOUNT_TEXTS.callbackErrorTitle}>
            <Callout intent="danger" className="account-callout">
              {ACCOUNT_TEXTS.noSessionFound}
            </Callout>
            <Button intent="primary" fill text={ACCOUNT_TEXTS.backToSignIn} />
          </DemoCard>
        </div>
      </main>
    </div>
  );
}
