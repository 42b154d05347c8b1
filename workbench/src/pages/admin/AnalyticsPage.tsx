import { Callout, Card, NonIdealState, SegmentedControl, Spinner, Tag } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { PublicHeader } from '../../components/PublicHeader';
import { ANALYTICS_RANGES, type AnalyticsRange } from '../../stores/admin-store';
import { useStores } from '../../stores-context';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { ADMIN_TEXTS } from '../../texts/account-texts';
import { AdminGateView } from './AdminGateView';
import './admin.css';

const RANGE_LABELS: Record<AnalyticsRange, string> = {
  '1d': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  all: 'All time',
};

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** /analytics (admins): event counts by kind over a range, and the raw recent events beside them. */
export const AnalyticsPage = observer(function AnalyticsPage() {
  const { adminAnalytics: store } = useStores();
  usePageTitle(PAGE_TITLES.analytics);
  useEffect(() => {
    void store.open();
  }, [store]);

  return (
    <div className="admin-page">
      <PublicHeader />
      <main className="admin-main">
        <AdminGateView gate={store.gate} refusal={ADMIN_TEXTS.noPermission} path="/analytics">
          <div className="admin-heading">
            <h1>{ADMIN_TEXTS.analyticsTitle}</h1>
            <SegmentedControl
              aria-label="Time range"
              role="radiogroup"
              value={store.range}
              onValueChange={(value) => void store.setRange(value as AnalyticsRange)}
              options={ANALYTICS_RANGES.map((range) => ({ value: range, label: RANGE_LABELS[range] }))}
            />
          </div>
          {store.error && (
            <Callout intent="danger" role="alert" className="admin-callout">
              {store.error}
            </Callout>
          )}
          {store.summary === null && store.loading && (
            <div className="admin-state">
              <Spinner aria-label="Loading analytics" />
            </div>
          )}
          {store.empty && <NonIdealState title={ADMIN_TEXTS.noAnalyticsData} />}
          {store.summary && !store.empty && (
            <div className={store.loading ? 'admin-analytics admin-refreshing' : 'admin-analytics'}>
              <section className="admin-cards" aria-label="Events by kind">
                {store.groups.length === 0 && <p className="admin-muted">{ADMIN_TEXTS.noAnalyticsData}</p>}
                {store.groups.map((group) => (
                  <Card key={group.kind} className="admin-card" data-testid="event-kind">
                    <div className="admin-card-head">
                      <h2>{group.kind}</h2>
                      <span className="admin-card-total">{group.total.toLocaleString()}</span>
                    </div>
                    <ul className="admin-counts">
                      {group.events.map((event) => (
                        <li key={event.name}>
                          <code>{event.name}</code>
                          <span>{event.count.toLocaleString()}</span>
                        </li>
                      ))}
                    </ul>
                  </Card>
                ))}
              </section>
              <section className="admin-events" aria-label="Raw events" tabIndex={0}>
                <h2>Raw events</h2>
                <p className="admin-muted">The newest {store.summary.recent.length} events in this range.</p>
                <ol className="admin-event-list">
                  {store.summary.recent.map((event, index) => (
                    <li key={`${event.at}-${index}`}>
                      <div className="admin-event-head">
                        <Tag minimal>{event.name}</Tag>
                        <time dateTime={event.at}>{formatTime(event.at)}</time>
                      </div>
                      {Object.keys(event.props).length > 0 && (
                        <pre className="admin-event-props">{JSON.stringify(event.props, null, 1)}</pre>
                      )}
                    </li>
                  ))}
                </ol>
              </section>
            </div>
          )}
        </AdminGateView>
      </main>
    </div>
  );
});

export default AnalyticsPage;
