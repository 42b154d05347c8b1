import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  FormGroup,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { BankAccountIcon, DollarIcon, SendToIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AppEarnings, Payout } from '../../api/earnings';
import { SignedInPage } from '../../components/SignedInPage';
import { UpgradePrompt } from '../../components/UpgradePrompt';
import { EARNINGS_PERIODS } from '../../stores/earnings-store';
import { useStores } from '../../stores-context';
import { EARNINGS, EARNINGS_PATH } from '../../texts/earnings-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { EarningsChart } from './EarningsChart';
import '../my-apps/my-apps.css';
import './earnings.css';

/** /earnings: what the person's apps earned, their prices, and payouts through Stripe. */
export const EarningsPage = observer(function EarningsPage() {
  const { earnings, session } = useStores();
  const [params, setParams] = useSearchParams();
  const userId = session.user?.id;
  const returned = params.get('payouts');
  usePageTitle(PAGE_TITLES.earnings);

  useEffect(() => {
    if (!userId) return;
    void earnings.load().then(async () => {
      // Back from Stripe's onboarding: ask where the account stands now.
      if (returned) {
        await earnings.refreshAccount();
        setParams({}, { replace: true });
      }
    });
    return () => earnings.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [earnings, userId]);

  return (
    <SignedInPage
      path={EARNINGS_PATH}
      className="earnings-page"
      title={EARNINGS.title}
      intro={EARNINGS.intro}
      loadingLabel={EARNINGS.loading}
      signIn={{ icon: <DollarIcon size={40} />, text: EARNINGS.signedOut }}
    >
      <EarningsContent />
    </SignedInPage>
  );
});

const EarningsContent = observer(function EarningsContent() {
  const { earnings: store } = useStores();
  const earnings = store.earnings;
  if (store.state === 'failed' && !earnings) {
    return (
      <NonIdealState
        icon={<WarningSignIcon size={40} />}
        description={EARNINGS.loadFailed}
        action={<Button text={EARNINGS.tryAgain} onClick={() => void store.load()} />}
      />
    );
  }
  if (!earnings) return <Spinner aria-label={EARNINGS.loading} />;
  return (
    <>
      {!earnings.monetization && (
        <UpgradePrompt
          level={2}
          title={EARNINGS.lockedTitle}
          message={store.lockedMessage}
          compareText={EARNINGS.compare}
          testId="earnings-locked"
        />
      )}
      <div className="totals earnings-totals">
        <Total label={EARNINGS.balance} credits={earnings.balance} testId="earnings-balance" />
        <Total label={EARNINGS.total} credits={earnings.total} testId="earnings-total" />
        <Total label={EARNINGS.paidOut} credits={earnings.paidOut} testId="earnings-paid-out" />
      </div>
      <Card className="chart-card">
        <div className="earnings-card-head">
          <h2 className="section-title">{EARNINGS.chartTitle}</h2>
          <ButtonGroup aria-label="Period">
            {EARNINGS_PERIODS.map((days) => (
              <Button
                key={days}
                size="small"
                active={store.days === days}
                aria-pressed={store.days === days}
                text={EARNINGS.days(days)}
                onClick={() => void store.load(days)}
              />
            ))}
          </ButtonGroup>
        </div>
        {store.hasEarningsInPeriod ? (
          <EarningsChart bars={store.bars} series={store.series} />
        ) : (
          <p className="muted earnings-empty">{EARNINGS.noEarnings}</p>
        )}
      </Card>
      <div className="earnings-columns">
        <Prices />
        <Payouts />
      </div>
    </>
  );
});

function Total({ label, credits, testId }: { label: string; credits: number; testId: string }) {
  return (
    <Card className="total-card" data-testid={testId}>
      <span className="total-icon" aria-hidden="true">
        <DollarIcon size={18} />
      </span>
      <div>
        <div className="total-value">{EARNINGS.credits(credits)}</div>
        <div className="muted total-label">
          {label} · {EARNINGS.dollars(credits)}
        </div>
      </div>
    </Card>
  );
}

const PriceRow = observer(function PriceRow({ app }: { app: AppEarnings }) {
  const { earnings: store } = useStores();
  const id = `price-${app.appId}`;
  const problem = store.priceProblem(app);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.savePrice(app);
  };
  return (
    <li className="earnings-app" data-testid="earnings-app">
      <div className="earnings-app-head">
        <div>
          {app.slug && app.isPublished ? (
            <a href={`/app/${app.slug}`} className="earnings-app-name">
              {app.name}
            </a>
          ) : (
            <span className="earnings-app-name">{app.name}</span>
          )}
          {!app.isPublished && (
            <Tag minimal className="earnings-app-tag">
              {EARNINGS.notPublished}
            </Tag>
          )}
        </div>
        <span className="muted small">{EARNINGS.appEarned(app.credits, app.runs)}</span>
      </div>
      <form className="earnings-price" onSubmit={submit}>
        <FormGroup
          label={EARNINGS.priceLabel(app.name)}
          labelFor={id}
          helperText={problem || undefined}
          intent={problem ? 'danger' : 'none'}
          className="earnings-price-field"
        >
          <InputGroup
            id={id}
            inputMode="numeric"
            value={store.priceText(app)}
            intent={problem ? 'danger' : 'none'}
            rightElement={<span className="earnings-unit">{EARNINGS.priceUnit}</span>}
            onChange={(event) => store.setPrice(app, event.target.value)}
          />
        </FormGroup>
        <Button
          type="submit"
          text={EARNINGS.save}
          disabled={!store.canSavePrice(app)}
          loading={store.savingPrice === app.appId}
        />
      </form>
    </li>
  );
});

const Prices = observer(function Prices() {
  const { earnings: store } = useStores();
  return (
    <section className="earnings-section" aria-labelledby="earnings-prices">
      <h2 id="earnings-prices" className="section-title">
        {EARNINGS.pricesTitle}
      </h2>
      <p className="muted small">{EARNINGS.pricesIntro}</p>
      {store.apps.length === 0 ? (
        <p className="muted">{EARNINGS.noApps}</p>
      ) : (
        <ul className="earnings-apps">
          {store.apps.map((app) => (
            <PriceRow key={app.appId} app={app} />
          ))}
        </ul>
      )}
    </section>
  );
});

function PayoutLine({ payout }: { payout: Payout }) {
  const intent = payout.status === 'paid' ? 'success' : payout.status === 'failed' ? 'danger' : 'warning';
  return (
    <li data-testid="payout">
      <span>{EARNINGS.payoutLine(payout.credits, payout.amountCents)}</span>
      <Tag minimal intent={intent}>
        {EARNINGS.payoutStatus[payout.status]}
      </Tag>
      <time className="muted small" dateTime={payout.createdAt}>
        {new Date(payout.createdAt).toLocaleDateString()}
      </time>
      {payout.error && <span className="earnings-payout-error">{payout.error}</span>}
    </li>
  );
}

const Payouts = observer(function Payouts() {
  const { earnings: store } = useStores();
  const earnings = store.earnings!;
  const account = earnings.payoutAccount;
  return (
    <section className="earnings-section" aria-labelledby="earnings-payouts" data-testid="earnings-payouts">
      <h2 id="earnings-payouts" className="section-title">
        {EARNINGS.payoutsTitle}
      </h2>
      {!account.configured ? (
        <Callout icon={<BankAccountIcon />} data-testid="payouts-not-configured">
          {EARNINGS.notConfigured}
        </Callout>
      ) : (
        <div className="earnings-payout-state">
          <p className="muted small">{EARNINGS.threshold(account.threshold, account.creditValueCents)}</p>
          {account.status === 'none' && (
            <Button
              intent="primary"
              icon={<BankAccountIcon />}
              text={EARNINGS.setUp}
              loading={store.payoutBusy === 'onboarding'}
              onClick={() => void store.startOnboarding()}
            />
          )}
          {account.status === 'onboarding' && (
            <>
              <Callout intent="warning">{EARNINGS.onboarding}</Callout>
              <div className="earnings-actions">
                <Button
                  intent="primary"
                  text={EARNINGS.continueSetUp}
                  loading={store.payoutBusy === 'onboarding'}
                  onClick={() => void store.startOnboarding()}
                />
                <Button
                  text={EARNINGS.checkStatus}
                  loading={store.payoutBusy === 'refresh'}
                  onClick={() => void store.refreshAccount()}
                />
              </div>
            </>
          )}
          {account.status === 'enabled' && (
            <>
              <Callout intent="success" icon={<BankAccountIcon />}>
                {EARNINGS.enabled}
              </Callout>
              {account.canPayOut ? (
                <Button
                  intent="success"
                  icon={<SendToIcon />}
                  text={EARNINGS.payOut(earnings.balance)}
                  loading={store.payoutBusy === 'payout'}
                  onClick={() => void store.payOut()}
                />
              ) : (
                <p className="muted small">{EARNINGS.belowThreshold(store.missingForPayout)}</p>
              )}
            </>
          )}
        </div>
      )}
      {earnings.payouts.length === 0 ? (
        <p className="muted small">{EARNINGS.noPayouts}</p>
      ) : (
        <ul className="earnings-payouts">
          {earnings.payouts.map((payout) => (
            <PayoutLine key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </section>
  );
});

export default EarningsPage;
