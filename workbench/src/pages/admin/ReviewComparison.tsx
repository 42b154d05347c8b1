import { Callout, Spinner, Tag } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import type { ReviewComparisonStore } from '../../stores/review-comparison-store';
import { REVIEW_COMPARISON } from '../../texts/version-texts';

/** The submitted version beside the live one: what changed, then name, description, category and blocks. */
export const ReviewComparison = observer(function ReviewComparison({
  store,
}: {
  store: ReviewComparisonStore;
}) {
  if (store.loading) {
    return (
      <div className="review-compare-state" role="status">
        <Spinner size={20} />
        <span>{REVIEW_COMPARISON.loading}</span>
      </div>
    );
  }
  if (store.error) {
    return (
      <Callout intent="danger" role="alert" className="review-compare-state">
        {store.error}
      </Callout>
    );
  }
  if (store.missing) {
    return <Callout className="review-compare-state">{REVIEW_COMPARISON.noVersion}</Callout>;
  }
  const { submitted, live } = store;
  if (!submitted) return null;
  return (
    <section
      className="review-compare"
      aria-label={REVIEW_COMPARISON.changesTitle}
      data-testid="review-compare"
    >
      <h4 className="review-compare-title">{REVIEW_COMPARISON.changesTitle}</h4>
      {live === null && <p className="admin-muted">{REVIEW_COMPARISON.firstPublication}</p>}
      {store.changes.length === 0 ? (
        <p className="admin-muted">{REVIEW_COMPARISON.noChanges}</p>
      ) : (
        <ul className="review-changes" data-testid="review-changes">
          {store.changes.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      <div className="review-versions" role="table" aria-label="Live and submitted versions">
        <div className="review-row review-row-head" role="row">
          <span role="columnheader" className="review-field" />
          <span role="columnheader" className="review-cell review-live">
            <Tag minimal intent="success">
              {REVIEW_COMPARISON.live(live?.number ?? null)}
            </Tag>
          </span>
          <span role="columnheader" className="review-cell review-submitted">
            <Tag minimal intent="warning">
              {REVIEW_COMPARISON.submitted(submitted.number)}
            </Tag>
          </span>
        </div>
        {store.rows.map((row) => (
          <div
            key={row.field}
            role="row"
            className={`review-row${row.changed ? ' is-changed' : ''}`}
            data-testid={`review-row-${row.field}`}
          >
            <span role="rowheader" className="review-field">
              {row.label}
              {row.changed && live !== null && (
                <Tag minimal round intent="primary" className="review-changed-tag">
                  {REVIEW_COMPARISON.changed}
                </Tag>
              )}
            </span>
            <span role="cell" className="review-cell review-live">
              {row.live === null || row.live === '' ? REVIEW_COMPARISON.none : row.live}
            </span>
            <span role="cell" className="review-cell review-submitted">
              {row.submitted === '' ? REVIEW_COMPARISON.none : row.submitted}
            </span>
          </div>
        ))}
      </div>
    </section>
  );
});
