import { Button, Callout, Drawer, NonIdealState, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { CrossIcon, HistoryIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { AppVersionEntry } from '../../api/blocksmith-api';
import { useStores } from '../../stores-context';
import { versionBadges, versionKindLabel, versionTime, type VersionBadge } from '../../stores/version-rules';
import { HISTORY } from '../../texts/version-texts';
import { VersionProperties } from './VersionViewing';

const BADGE_INTENT: Record<VersionBadge, Intent> = {
  live: 'success',
  inReview: 'warning',
  draft: 'primary',
};

const VersionRow = observer(function VersionRow({ entry }: { entry: AppVersionEntry }) {
  const { builder } = useStores();
  const { history } = builder;
  const viewing = history.viewing?.version.id === entry.id;
  return (
    <li
      className={`version-row${viewing ? ' is-viewing' : ''}`}
      data-testid="version-row"
      data-version={entry.number}
      aria-current={viewing ? 'true' : undefined}
    >
      <div className="version-head">
        <strong className="version-number">{HISTORY.version(entry.number)}</strong>
        {versionBadges(entry).map((badge) => (
          <Tag key={badge} minimal round intent={BADGE_INTENT[badge]} data-testid={`badge-${badge}`}>
            {HISTORY.badges[badge]}
          </Tag>
        ))}
      </div>
      <div className="version-meta">
        <time dateTime={entry.updatedAt} title={new Date(entry.updatedAt).toLocaleString()}>
          {versionTime(entry.updatedAt)}
        </time>
        <span>{HISTORY.by(entry.authorName)}</span>
        <span>{versionKindLabel(entry.kind)}</span>
      </div>
      <p className="version-summary">{entry.summary}</p>
      <div className="version-actions">
        <Button
          size="small"
          variant="outlined"
          text={viewing ? HISTORY.viewing : HISTORY.open}
          disabled={viewing || history.busy}
          loading={history.openingId === entry.id}
          onClick={() => void history.view(entry.id)}
        />
        {!entry.isDraft && (
          <Button
            size="small"
            variant="minimal"
            intent="primary"
            text={HISTORY.restore}
            disabled={history.busy}
            loading={history.restoringId === entry.id}
            onClick={() => history.askRestore(entry)}
          />
        )}
      </div>
    </li>
  );
});

const HistoryList = observer(function HistoryList() {
  const { builder } = useStores();
  const { history } = builder;
  if (!history.appId)
    return <NonIdealState icon={<HistoryIcon size={32} />} description={HISTORY.saveFirst} />;
  if (history.error) {
    return (
      <Callout intent="danger" role="alert">
        <p>{history.error}</p>
        <Button text={HISTORY.retry} onClick={() => void history.load()} />
      </Callout>
    );
  }
  if (history.loading && history.entries.length === 0)
    return <Spinner size={24} aria-label={HISTORY.title} />;
  if (history.entries.length === 0) return <p className="muted">{HISTORY.empty}</p>;
  return (
    <ol className="version-list" aria-label={HISTORY.title}>
      {history.entries.map((entry) => (
        <VersionRow key={entry.id} entry={entry} />
      ))}
    </ol>
  );
});

/** What the history panel holds: the version shown (if any), then the list. */
const HistoryBody = observer(function HistoryBody() {
  const { builder } = useStores();
  return (
    <div className="history-body">
      {builder.readOnly ? (
        <VersionProperties />
      ) : (
        <p className="muted history-subtitle">{HISTORY.subtitle}</p>
      )}
      <HistoryList />
    </div>
  );
});

/**
 * The history panel: the app's versions, newest first; open one read only or restore it as the
 * draft. Beside the canvas (in place of the properties) on wide screens, so the canvas and the
 * version banner stay in view; a full-width panel on phones.
 */
export const HistoryPanel = observer(function HistoryPanel() {
  const { builder } = useStores();
  const { history, view } = builder;
  if (!view.isMobile) {
    if (!history.open) return null;
    return (
      <aside className="history-aside" aria-label={HISTORY.title}>
        <div className="history-aside-head">
          <HistoryIcon />
          <h2>{HISTORY.title}</h2>
          <Button
            variant="minimal"
            icon={<CrossIcon />}
            aria-label={HISTORY.close}
            onClick={() => history.setOpen(false)}
          />
        </div>
        <HistoryBody />
      </aside>
    );
  }
  return (
    <Drawer
      isOpen={history.open}
      onClose={() => history.setOpen(false)}
      title={HISTORY.title}
      icon={<HistoryIcon />}
      size="100%"
      className="history-drawer"
    >
      <HistoryBody />
    </Drawer>
  );
});
