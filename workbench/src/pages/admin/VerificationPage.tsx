import {
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Spinner,
  Tab,
  TabPanel,
  Tabs,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { StateMessage } from '../../components/StateMessage';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { VersionedApp } from '../../api/blocksmith-api';
import { PublicHeader } from '../../components/PublicHeader';
import type { VerificationStore } from '../../stores/admin-store';
import { useStores } from '../../stores-context';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { ADMIN_TEXTS } from '../../texts/account-texts';
import { AdminGateView } from './AdminGateView';
import { ReviewComparison } from './ReviewComparison';
import { ReviewTestRuns } from './ReviewTestRuns';
import './admin.css';

function formatDate(value: unknown): string {
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString();
}

const PendingAppCard = observer(function PendingAppCard({
  app,
  store,
}: {
  app: VersionedApp;
  store: VerificationStore;
}) {
  const created = formatDate(app.createdAt);
  return (
    <Card className="admin-app" data-testid="pending-app">
      <div className="admin-app-body">
        <h3>{app.name}</h3>
        <p className="admin-app-description">{app.description || 'No description provided'}</p>
        <div className="admin-app-meta">
          <Tag minimal intent="warning">
            Pending
          </Tag>
          {app.category && <Tag minimal>{app.category}</Tag>}
          {app.isPrivate && <Tag minimal>Private</Tag>}
          <span>/app/{app.slug}</span>
          {created && <span>Submitted {created}</span>}
        </div>
      </div>
      <Button intent="primary" text="Review" onClick={() => store.openReview(app)} />
    </Card>
  );
});

const ReviewDialog = observer(function ReviewDialog({ store }: { store: VerificationStore }) {
  const app = store.reviewing;
  return (
    <Dialog
      isOpen={app !== null}
      onClose={() => store.closeReview()}
      title={app ? `Review "${app.name}"` : 'Review'}
      className="admin-review-dialog"
    >
      {app && (
        <>
          <DialogBody>
            <p>{app.description || 'No description provided'}</p>
            <p className="admin-muted">
              {app.category || 'No category'} · /app/{app.slug} ·{' '}
              <a href={`/app/${app.slug}`} target="_blank" rel="noopener noreferrer">
                Open the app
              </a>
            </p>
            <ReviewComparison store={store.comparison} />
            {app.id && <ReviewTestRuns appId={app.id} />}
            <FormGroup
              label="Review notes"
              labelFor="review-notes"
              labelInfo="(required to reject)"
              helperText="The owner sees these notes with a rejected app."
            >
              <TextArea
                id="review-notes"
                fill
                rows={4}
                value={store.notes}
                onChange={(event) => store.setNotes(event.target.value)}
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={() => store.closeReview()} disabled={store.busy !== null} />
                <Button
                  intent="danger"
                  text="Reject"
                  disabled={!store.canReject}
                  loading={store.busy === 'rejected'}
                  onClick={() => void store.review('rejected')}
                />
                <Button
                  intent="success"
                  text="Approve"
                  disabled={store.busy !== null}
                  loading={store.busy === 'approved'}
                  onClick={() => void store.review('approved')}
                />
              </>
            }
          />
        </>
      )}
    </Dialog>
  );
});

/** /verification (admins): counts by status, the apps awaiting review, approve or reject. */
export const VerificationPage = observer(function VerificationPage() {
  const { verification: store } = useStores();
  usePageTitle(PAGE_TITLES.verification);
  useEffect(() => {
    void store.open();
  }, [store]);
  const counts = store.counts;

  return (
    <div className="admin-page">
      <PublicHeader />
      <main className="admin-main">
        <AdminGateView
          gate={store.gate}
          refusal={ADMIN_TEXTS.accessDenied}
          refusalBody={ADMIN_TEXTS.accessDeniedBody}
          path="/verification"
        >
          <div className="admin-heading">
            <h1>{ADMIN_TEXTS.verificationTitle}</h1>
            <Button variant="minimal" icon="refresh" text="Refresh" onClick={() => void store.load()} />
          </div>
          {counts && (
            <section className="admin-status-counts" aria-label="Apps by status">
              {(['pending', 'approved', 'rejected'] as const).map((status) => (
                <Card
                  key={status}
                  className={`admin-status admin-status-${status}`}
                  data-testid={`count-${status}`}
                >
                  <span className="admin-status-count">{counts[status]}</span>
                  <span className="admin-status-label">{status[0]!.toUpperCase() + status.slice(1)}</span>
                </Card>
              ))}
            </section>
          )}
          {store.error && (
            <Callout intent="danger" role="alert" className="admin-callout">
              {store.error}
            </Callout>
          )}
          <Tabs
            id="verification-filter"
            selectedTabId={store.filter}
            onChange={(id) => store.setFilter(String(id))}
            className="admin-tabs"
          >
            {store.tabs.map((tab) => (
              <Tab
                key={tab.id}
                id={tab.id}
                title={tab.label}
                tagContent={tab.count}
                tagProps={{ round: true }}
              />
            ))}
          </Tabs>
          {/* The chosen tab's panel, named by its tab (Blueprint's ids, which the tabs point to). */}
          <TabPanel
            id={store.filter}
            parentId="verification-filter"
            selectedTabId={store.filter}
            panel={
              store.loading && store.pending.length === 0 ? (
                <div className="admin-state">
                  <Spinner aria-label="Loading apps" />
                </div>
              ) : store.visible.length === 0 ? (
                <StateMessage level={2} icon="tick-circle" title={ADMIN_TEXTS.noPendingApps} />
              ) : (
                <div className="admin-app-list" role="list" aria-label="Apps awaiting review">
                  {store.visible.map((app) => (
                    <div role="listitem" key={app.id}>
                      <PendingAppCard app={app} store={store} />
                    </div>
                  ))}
                </div>
              )
            }
          />
          <ReviewDialog store={store} />
        </AdminGateView>
      </main>
    </div>
  );
});

export default VerificationPage;
