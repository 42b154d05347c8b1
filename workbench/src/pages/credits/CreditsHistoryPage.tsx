import { Button, Callout, Card, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { DollarIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { PageSpinner, SignedInPage } from '../../components/SignedInPage';
import { useStores } from '../../stores-context';
import { PAGE_TITLES } from '../../texts/page-titles';
import { CREDIT_USAGE } from '../../texts/run-history-texts';
import { Pager } from '../runs/RunsLayout';
import { usePageTitle } from '../../components/use-page-title';
import './credits.css';

/** /credits: the balance, totals, and every charge a page at a time ('Test' or 'Published'). */
const CreditsHistoryPage = observer(function CreditsHistoryPage() {
  const { creditHistory, credits, session } = useStores();
  const userId = session.user?.id;
  usePageTitle(PAGE_TITLES.credits);

  useEffect(() => {
    if (!userId) return;
    void creditHistory.open();
    void credits.refresh();
  }, [creditHistory, credits, userId]);

  const pages = creditHistory.pages;
  const stats = creditHistory.stats;
  return (
    <SignedInPage
      path="/credits"
      className="credits-page"
      title={CREDIT_USAGE.pageTitle}
      intro={CREDIT_USAGE.pageSubtitle}
      loadingLabel={CREDIT_USAGE.loading}
      signIn={{
        icon: <DollarIcon size={40} />,
        title: CREDIT_USAGE.signInTitle,
        text: CREDIT_USAGE.signInText,
      }}
    >
      <div className="credits-totals">
        <Card className="credits-total">
          <div className="muted small">{CREDIT_USAGE.balance}</div>
          <div className="credits-total-value" data-testid="credits-balance">
            {credits.credits === null ? '…' : credits.unlimited ? 'Unlimited' : credits.credits}
          </div>
        </Card>
        <Card className="credits-total">
          <div className="muted small">{CREDIT_USAGE.used}</div>
          <div className="credits-total-value" data-testid="credits-used">
            {stats ? stats.totalCreditsUsed : '…'}
          </div>
        </Card>
        <Card className="credits-total">
          <div className="muted small">{CREDIT_USAGE.runs}</div>
          <div className="credits-total-value" data-testid="credits-runs">
            {stats ? stats.totalExecutions : '…'}
          </div>
        </Card>
      </div>
      {pages.error ? (
        <Callout intent="danger" title={CREDIT_USAGE.failed}>
          {pages.error}{' '}
          <Button variant="minimal" text={CREDIT_USAGE.retry} onClick={() => void pages.reload()} />
        </Callout>
      ) : !pages.loaded || creditHistory.rows === null ? (
        <PageSpinner label={CREDIT_USAGE.loading} />
      ) : creditHistory.rows.length === 0 ? (
        <NonIdealState icon={<DollarIcon size={40} />} title={CREDIT_USAGE.empty} />
      ) : (
        <div className={pages.loading ? 'runs-body is-loading' : 'runs-body'}>
          <HTMLTable compact className="history-table" data-testid="credit-history">
            <thead>
              <tr>
                <th>{CREDIT_USAGE.kind}</th>
                <th>{CREDIT_USAGE.block}</th>
                <th className="num">{CREDIT_USAGE.credits}</th>
                <th>{CREDIT_USAGE.when}</th>
              </tr>
            </thead>
            <tbody>
              {creditHistory.rows.map((row) => (
                <tr key={row.id} data-testid="history-row">
                  <td>
                    <Tag minimal round intent={row.published ? 'success' : undefined}>
                      {row.action}
                    </Tag>
                  </td>
                  <td className="history-block">{row.block}</td>
                  <td className="num">{row.credits}</td>
                  <td className="history-when muted">
                    <time dateTime={row.at}>{row.when}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Pager
            pager={pages}
            newer={CREDIT_USAGE.newer}
            older={CREDIT_USAGE.older}
            page={CREDIT_USAGE.page}
          />
        </div>
      )}
    </SignedInPage>
  );
});

export default CreditsHistoryPage;
