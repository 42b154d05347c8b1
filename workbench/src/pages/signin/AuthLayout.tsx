import { Button, Callout, Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { PublicHeader } from '../../components/PublicHeader';
import { ACCOUNT_TEXTS } from '../../texts/account-texts';
import './account.css';

/** The frame of every account page: the public header, then one centred card. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="account-page">
      <PublicHeader />
      <main className="account-main">
        <Card className="account-card" elevation={2}>
          <h1 className="account-title">{title}</h1>
          {subtitle && <p className="account-subtitle">{subtitle}</p>}
          {children}
        </Card>
        {footer && <div className="account-footer">{footer}</div>}
      </main>
    </div>
  );
}

/** A form's problem (role alert, read out at once) or notice. */
export function FormMessage({ problem, notice }: { problem?: string; notice?: string }) {
  return (
    <>
      {problem ? (
        <Callout intent="danger" className="account-callout" role="alert">
          {problem}
        </Callout>
      ) : null}
      {notice ? (
        <Callout intent="success" className="account-callout" role="status">
          {notice}
        </Callout>
      ) : null}
    </>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/** The Google button with the 'or' rule under it. */
export function GoogleButton({
  label = ACCOUNT_TEXTS.continueWithGoogle,
  onClick,
  disabled,
}: {
  label?: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <>
      <Button fill size="large" icon={<GoogleMark />} text={label} onClick={onClick} disabled={disabled} />
      <div className="account-or" role="separator">
        <span>or</span>
      </div>
    </>
  );
}
