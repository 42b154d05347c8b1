import { Button, Tag } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon, EyeOffIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CursorPager } from '../../stores/cursor-pager';
import type { RunRow, StatusIntent } from '../../stores/run-rows';
import { RUNS } from '../../texts/run-history-texts';
import './runs.css';

/** Newer / Older through a cursor-paged list, with the page number between. */
export const Pager = observer(function Pager<T>({
  pager,
  newer,
  older,
  page,
}: {
  pager: CursorPager<T>;
  newer: string;
  older: string;
  page: (n: number) => string;
}) {
  if (!pager.hasNewer && !pager.hasOlder) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <Button
        icon={<ChevronLeftIcon />}
        text={newer}
        disabled={!pager.hasNewer || pager.loading}
        onClick={() => void pager.newer()}
      />
      <span className="pager-page muted" data-testid="pager-page">
        {page(pager.pageNumber)}
      </span>
      <Button
        endIcon={<ChevronRightIcon />}
        text={older}
        disabled={!pager.hasOlder || pager.loading}
        onClick={() => void pager.older()}
      />
    </nav>
  );
});

export function StatusTag({ intent, label }: { intent: StatusIntent; label: string }) {
  return (
    <Tag
      minimal
      round
      intent={intent === 'none' ? undefined : intent}
      className="run-status"
      data-testid="run-status"
    >
      {label}
    </Tag>
  );
}

/**
 * Runs as a list: status, when, the app and who ran it (when asked for), where from, how long,
 * credits; each opens the run. `actions` adds buttons to a row.
 */
export function RunList({
  rows,
  showApp = false,
  showWho = false,
  actions,
}: {
  rows: readonly RunRow[];
  showApp?: boolean;
  showWho?: boolean;
  actions?: (row: RunRow) => ReactNode;
}) {
  return (
    <table className="bp6-html-table bp6-compact run-table" data-testid="run-list">
      <thead>
        <tr>
          <th>{RUNS.status}</th>
          <th>{RUNS.when}</th>
          {showApp && <th>{RUNS.app}</th>}
          {showWho && <th>{RUNS.who}</th>}
          <th>{RUNS.source}</th>
          <th className="num">{RUNS.duration}</th>
          <th className="num">{RUNS.credits}</th>
          {actions && (
            <th>
              <span className="sr-only">{RUNS.open}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="run-row" data-run-id={row.id} data-status={row.status}>
            <td className="run-cell-status">
              <StatusTag intent={row.intent} label={row.statusLabel} />
            </td>
            <td className="run-cell-when">
              <Link to={`/runs/${row.id}`} className="run-link">
                <time dateTime={row.at}>{row.when}</time>
              </Link>
            </td>
            {showApp && <td className="run-cell-app">{row.appName}</td>}
            {showWho && (
              <td className="run-cell-who">
                {row.who}
                {row.detailsHidden && (
                  <span className="run-hidden" title={RUNS.detailsHiddenShort}>
                    <EyeOffIcon size={12} />
                    <span className="sr-only">{RUNS.detailsHiddenShort}</span>
                  </span>
                )}
              </td>
            )}
            <td className="run-cell-source">{row.source}</td>
            <td className="num run-cell-duration">{row.duration}</td>
            <td className="num run-cell-credits">{row.credits}</td>
            {actions && <td className="run-cell-actions">{actions(row)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
