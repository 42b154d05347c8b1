import { Button, ProgressBar, Tag } from '@blueprintjs/core';
import { LogInIcon } from '@blueprintjs/icons';
import { PLANS, UNLIMITED, isPlanId } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useStores } from '../../stores-context';
import { CREDITS_PANEL, HEADER } from '../../texts/builder-texts';
import { CREDIT_USAGE } from '../../texts/run-history-texts';
import { UpgradeButton } from '../../components/UpgradeButton';
import '../credits/credits.css';

/** The spec's recent usage list: the newest 5 charges, read (10 at a time) while it is shown. */
const RecentUsage = observer(function RecentUsage() {
  const { credits } = useStores();
  useEffect(() => credits.showHistory(), [credits]);
  const rows = credits.recentUsage;
  return (
    <div className="recent-usage" data-testid="recent-usage">
      <h4 className="recent-usage-heading">{CREDIT_USAGE.recentUsage}</h4>
      {credits.historyError && rows === null ? (
        <p className="muted small">{CREDIT_USAGE.failed}</p>
      ) : rows === null ? (
        <p className="muted small">{CREDIT_USAGE.loading}</p>
      ) : rows.length === 0 ? (
        <p className="muted small">{CREDIT_USAGE.empty}</p>
      ) : (
        <ul className="usage-list">
          {rows.map((row) => (
            <li key={row.id} className="usage-row" data-testid="usage-row">
              <Tag minimal round intent={row.published ? 'success' : 'none'} className="usage-action">
                {row.action}
              </Tag>
              <span className="usage-block">{row.block}</span>
              <span className="usage-credits">{row.credits}</span>
              <time className="usage-when muted" dateTime={row.at}>
                {row.when}
              </time>
            </li>
          ))}
        </ul>
      )}
      <Link to="/credits" className="usage-all">
        {CREDIT_USAGE.viewAll}
      </Link>
    </div>
  );
});

/** Credits and publishing allowance when signed in; a way to sign in otherwise. */
export const CreditsPanel = observer(function CreditsPanel() {
  const { session, credits, builder } = useStores();
  if (!session.signedIn) {
    return (
      <section className="credits-panel">
        <h3 className="sidebar-heading">{CREDITS_PANEL.title}</h3>
        <p className="muted">{CREDITS_PANEL.signedOutText}</p>
        <Link to="/signin?redirect=/app" className="bp6-button bp6-fill sign-in-link">
          <LogInIcon />
          <span>{HEADER.signIn}</span>
        </Link>
      </section>
    );
  }
  const publishing = credits.publishing;
  const plan = publishing && isPlanId(publishing.plan) ? PLANS[publishing.plan] : null;
  const limited = publishing !== null && publishing.limit !== UNLIMITED;
  return (
    <section className="credits-panel" aria-live="polite">
      <h3 className="sidebar-heading">
        {CREDITS_PANEL.title}
        {plan && (
          <Tag minimal intent="primary" className="plan-tag">
            {plan.name}
          </Tag>
        )}
      </h3>
      <div className="credits-balance" data-testid="credits-balance">
        {credits.error ? (
          <span className="error-text">{CREDITS_PANEL.error}</span>
        ) : credits.credits === null ? (
          <span className="muted">{HEADER.loadingCredits}</span>
        ) : credits.unlimited ? (
          <strong>{CREDITS_PANEL.unlimited}</strong>
        ) : (
          <>
            <strong>{credits.credits}</strong> <span className="muted">credits left</span>
          </>
        )}
      </div>
      <div className="credits-row">
        <span className="muted">{CREDITS_PANEL.perRun}</span>
        <span>{builder.costText}</span>
      </div>
      {publishing && (
        <div className="publishing-info">
          <div className="credits-row">
            <span className="muted">{CREDITS_PANEL.publishing}</span>
            <span>
              {publishing.currentCount}
              {limited ? ` / ${publishing.limit}` : ` (${CREDITS_PANEL.unlimited.toLowerCase()})`}
            </span>
          </div>
          {limited && (
            <ProgressBar
              value={publishing.limit === 0 ? 1 : Math.min(1, publishing.currentCount / publishing.limit)}
              intent={publishing.remaining <= 0 ? 'danger' : 'primary'}
              stripes={false}
              animate={false}
              aria-label={CREDITS_PANEL.publishing}
            />
          )}
        </div>
      )}
      {credits.error && (
        <Button size="small" variant="minimal" text="Try again" onClick={() => void credits.refresh()} />
      )}
      <RecentUsage />
      <UpgradeButton />
    </section>
  );
});
