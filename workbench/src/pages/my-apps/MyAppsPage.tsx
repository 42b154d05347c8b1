import {
  Button,
  ButtonGroup,
  Card,
  HTMLSelect,
  NonIdealState,
  Spinner,
  Tag,
  type Intent,
} from '@blueprintjs/core';
import {
  ChartIcon,
  ConfirmIcon,
  EyeOpenIcon,
  ListDetailViewIcon,
  LockIcon,
  PlayIcon,
  ThumbsUpIcon,
  TimeIcon,
  TrophyIcon,
  WarningSignIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { AnalyticsPeriod } from '../../api/blocksmith-api';
import { LinkButton } from '../../components/LinkButton';
import { UpgradePrompt } from '../../components/UpgradePrompt';
import { SignedInPage } from '../../components/SignedInPage';
import { appStatusLabel } from '../../stores/my-apps-store';
import { useStores } from '../../stores-context';
import { MY_APPS } from '../../texts/public-texts';
import { RUNS } from '../../texts/run-history-texts';
import { TRIGGERS } from '../../texts/trigger-texts';
import { TESTS } from '../../texts/testing-texts';
import { PRICING_PATH } from '../../texts/api-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { RunsChart } from './RunsChart';
import '../store/store.css';
import './my-apps.css';

const PERIODS: Array<{ period: AnalyticsPeriod; label: string }> = [
  { period: '7d', label: MY_APPS.last7 },
  { period: '30d', label: MY_APPS.last30 },
];

const STATUS_INTENT: Record<string, Intent> = {
  [MY_APPS.status.private]: 'none',
  [MY_APPS.status.published]: 'success',
  [MY_APPS.status.draft]: 'warning',
};

/**
 * /my-apps: views, runs and upvotes of the person's apps and the Top App; runs per day on plans
 * with analytics (Starter), views per day and one app at a time with advanced analytics
 * (Enterprise). Free shows where the chart would be what it takes to see it.
 */
export const MyAppsPage = observer(function MyAppsPage() {
  const { myApps, session } = useStores();
  const signedIn = session.signedIn;
  usePageTitle(PAGE_TITLES.myApps);

  useEffect(() => {
    if (signedIn) void myApps.load();
  }, [myApps, signedIn]);

  return (
    <SignedInPage
      path="/my-apps"
      loadingLabel={MY_APPS.loading}
      signIn={{ icon: <ChartIcon size={40} />, title: MY_APPS.signInTitle, text: MY_APPS.signInText }}
    >
      <Analytics />
    </SignedInPage>
  );
});

const Analytics = observer(function Analytics() {
  const { myApps } = useStores();
  const { apps, topAppId } = myApps.ranked;
  const totals = myApps.totals;
  const charted = myApps.level !== null && myApps.level !== 'none';

  return (
    <>
      <div className="store-title-row">
        <div>
          <h1 className="page-title">{MY_APPS.title}</h1>
          <p className="muted page-subtitle">{MY_APPS.subtitle}</p>
        </div>
        {charted && (
          <ButtonGroup aria-label="Period">
            {PERIODS.map(({ period, label }) => (
              <Button
                key={period}
                active={myApps.period === period}
                aria-pressed={myApps.period === period}
                text={label}
                onClick={() => myApps.setPeriod(period)}
              />
            ))}
          </ButtonGroup>
        )}
      </div>
      {myApps.error ? (
        <NonIdealState
          className="store-empty"
          icon={<WarningSignIcon size={40} />}
          title={MY_APPS.loadFailed}
          description={myApps.error}
          action={<Button text={MY_APPS.retry} onClick={() => void myApps.load()} />}
        />
      ) : !myApps.data ? (
        <div className="store-loading">
          <Spinner aria-label={MY_APPS.loading} />
        </div>
      ) : (
        <div className={myApps.loading ? 'analytics-body is-loading' : 'analytics-body'}>
          <div className="totals">
            <Total icon={<EyeOpenIcon size={18} />} label={MY_APPS.totalViews} value={totals.views} />
            <Total icon={<PlayIcon size={18} />} label={MY_APPS.totalRuns} value={totals.runs} />
            <Total icon={<ThumbsUpIcon size={18} />} label={MY_APPS.totalUpvotes} value={totals.upvotes} />
          </div>
          {charted ? (
            <RunsCard />
          ) : (
            <UpgradePrompt
              level={2}
              title={MY_APPS.lockedTitle}
              message={myApps.lockedMessage('analytics')}
              compareText={MY_APPS.comparePlans}
              testId="analytics-locked"
            />
          )}
          <h2 className="section-title">{MY_APPS.appsTitle}</h2>
          {apps.length === 0 ? (
            <NonIdealState
              className="store-empty"
              title={MY_APPS.emptyTitle}
              description={MY_APPS.emptyText}
              action={<LinkButton intent="primary" href="/app" text={MY_APPS.openBuilder} />}
            />
          ) : (
            <div className="app-grid">
              {apps.map((app) => {
                const label = appStatusLabel(app);
                const top = app.id === topAppId;
                return (
                  <Card
                    key={app.id}
                    className={`analytics-app${top ? ' is-top' : ''}`}
                    data-testid="analytics-app"
                  >
                    <div className="app-card-head">
                      <h3 className="app-card-name">{app.name}</h3>
                      <div className="app-card-tags">
                        {top && (
                          <Tag intent="primary" icon={<TrophyIcon />} data-testid="top-app">
                            {MY_APPS.topApp}
                          </Tag>
                        )}
                        <Tag minimal intent={STATUS_INTENT[label]}>
                          {label}
                        </Tag>
                      </div>
                    </div>
                    {app.category && <p className="muted analytics-category">{app.category}</p>}
                    <dl className="analytics-stats">
                      <div>
                        <dt>{MY_APPS.views}</dt>
                        <dd>{app.views}</dd>
                      </div>
                      <div>
                        <dt>{MY_APPS.runs}</dt>
                        <dd>{app.runs}</dd>
                      </div>
                      <div>
                        <dt>{MY_APPS.upvotes}</dt>
                        <dd>{app.upvotes}</dd>
                      </div>
                    </dl>
                    <LinkButton
                      variant="minimal"
                      size="small"
                      icon={<ListDetailViewIcon />}
                      text={RUNS.runsButton}
                      href={`/my-apps/${encodeURIComponent(app.id)}/runs`}
                      className="analytics-runs-link"
                      data-testid="app-runs-link"
                    />
                    <LinkButton
                      variant="minimal"
                      size="small"
                      icon={<TimeIcon />}
                      text={TRIGGERS.triggersButton}
                      href={`/my-apps/${encodeURIComponent(app.id)}/triggers`}
                      className="analytics-runs-link"
                      data-testid="app-triggers-link"
                    />
                    <LinkButton
                      variant="minimal"
                      size="small"
                      icon={<ConfirmIcon />}
                      text={TESTS.testsButton}
                      href={`/my-apps/${encodeURIComponent(app.id)}/tests`}
                      className="analytics-runs-link"
                      data-testid="app-tests-link"
                    />
                  </Card>
                );
              })}
            </div>
          )}
        </div>
      )}
    </>
  );
});

/** Runs per day (and views, with advanced analytics), of all apps or one. */
const RunsCard = observer(function RunsCard() {
  const { myApps } = useStores();
  const advanced = myApps.level === 'advanced';
  const upsell = myApps.lockedMessage('advancedAnalytics');
  return (
    <Card className="chart-card">
      <div className="chart-card-head">
        <h2 className="section-title">{advanced ? MY_APPS.chartTitleWithViews : MY_APPS.chartTitle}</h2>
        {advanced && (
          <label className="chart-app-filter">
            <span className="muted">{MY_APPS.appFilter}</span>
            <HTMLSelect
              value={myApps.appId ?? ''}
              onChange={(event) => myApps.setAppId(event.currentTarget.value || null)}
              options={[
                { value: '', label: MY_APPS.allApps },
                ...(myApps.data?.apps ?? []).map((app) => ({ value: app.id, label: app.name })),
              ]}
            />
          </label>
        )}
      </div>
      <RunsChart bars={myApps.history} />
      {upsell && (
        <p className="muted chart-upsell" data-testid="advanced-analytics-locked">
          <LockIcon size={12} /> {upsell} <a href={PRICING_PATH}>{MY_APPS.comparePlans}</a>
        </p>
      )}
    </Card>
  );
});

function Total({ icon, label, value }: { icon: React.ReactNode; label: string; value: number }) {
  return (
    <Card className="total-card">
      <span className="total-icon">{icon}</span>
      <div>
        <div className="total-value" data-testid={`total-${label}`}>
          {value.toLocaleString('en-US')}
        </div>
        <div className="muted total-label">{label}</div>
      </div>
    </Card>
  );
}

export default MyAppsPage;
