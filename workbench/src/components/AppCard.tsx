import { Button, Card, Tag, type Intent } from '@blueprintjs/core';
import {
  ArrowUpIcon,
  CommentIcon,
  EyeOpenIcon,
  GlobeIcon,
  LockIcon,
  PlayIcon,
  ThumbsUpIcon,
  TrashIcon,
} from '@blueprintjs/icons';
import type { App, VerificationStatus } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { verificationStatus } from '../stores/app-card-rules';
import { plural } from '../texts/plural';
import { STORE } from '../texts/public-texts';
import { LinkButton } from './LinkButton';
import { AppQualityLines } from './AppQuality';

const STATUS_INTENT: Record<VerificationStatus, Intent> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export interface AppCardProps {
  app: App;
  publisherName: string;
  /** The upvote control (button, 'Sign in to upvote' link, or nothing once upvoted). */
  upvote?: ReactNode;
  /** The count is animating after an upvote. */
  bumped?: boolean;
  /** The owner's actions (My Apps). */
  ownerActions?: ReactNode;
}

/**
 * One app in the store or on a publisher page: name, review status, Private, publisher, category,
 * two lines of description, views, runs and votes, its tested quality and public runs' figures,
 * Open App.
 */
export const AppCard = observer(function AppCard({
  app,
  publisherName,
  upvote,
  bumped,
  ownerActions,
}: AppCardProps) {
  const status = verificationStatus(app);
  return (
    <Card className="app-card" data-testid="app-card" data-app-name={app.name}>
      <div className="app-card-head">
        <h2 className="app-card-name" title={app.name}>
          {app.name}
        </h2>
        <div className="app-card-tags">
          <Tag minimal intent={STATUS_INTENT[status]} data-testid="verification-badge">
            {STORE.status[status]}
          </Tag>
          {app.isPrivate && (
            <Tag minimal icon={<LockIcon />} data-testid="private-badge">
              {STORE.private}
            </Tag>
          )}
        </div>
      </div>
      <div className="app-card-meta">
        {app.owner_id ? (
          <Link to={`/store/user/${encodeURIComponent(app.owner_id)}`} className="publisher-chip">
            <span className="publisher-avatar" aria-hidden="true">
              {publisherName.charAt(0).toUpperCase()}
            </span>
            {publisherName}
          </Link>
        ) : null}
        {app.category && (
          <Tag minimal round className="app-card-category">
            {app.category}
          </Tag>
        )}
      </div>
      <p className={`app-card-description${app.description.trim() ? '' : ' muted'}`}>
        {app.description.trim() || STORE.noDescription}
      </p>
      <div className="app-card-stats">
        <span title={STORE.views}>
          <EyeOpenIcon size={14} /> {app.views}{' '}
          <span className="stat-label">{plural(app.views, STORE.views)}</span>
        </span>
        <span title={STORE.runs}>
          <PlayIcon size={14} /> {app.uses} <span className="stat-label">{plural(app.uses, STORE.runs)}</span>
        </span>
        <span title={STORE.votes} className={bumped ? 'vote-bump' : undefined} data-testid="vote-count">
          <ThumbsUpIcon size={14} /> {app.upvotes}{' '}
          <span className="stat-label">{plural(app.upvotes, STORE.votes)}</span>
        </span>
      </div>
      <AppQualityLines app={app} />
      <div className="app-card-actions">
        <LinkButton
          intent="primary"
          href={`/app/${encodeURIComponent(app.slug)}`}
          text={STORE.openApp}
          endIcon={<ArrowUpIcon style={{ transform: 'rotate(45deg)' }} />}
        />
        {upvote}
      </div>
      {ownerActions && <div className="app-card-owner">{ownerActions}</div>}
    </Card>
  );
});

/** The owner's buttons on a My Apps card. */
export function OwnerActions({
  app,
  busy,
  feedback,
  onDelete,
  onTogglePrivate,
  onFeedback,
}: {
  app: App;
  busy: boolean;
  feedback: boolean;
  onDelete: () => void;
  onTogglePrivate: () => void;
  onFeedback: () => void;
}) {
  return (
    <>
      <Button
        size="small"
        variant="minimal"
        icon={app.isPrivate ? <GlobeIcon /> : <LockIcon />}
        text={app.isPrivate ? STORE.makePublic : STORE.makePrivate}
        loading={busy}
        onClick={onTogglePrivate}
      />
      {feedback && (
        <Button
          size="small"
          variant="minimal"
          intent="warning"
          icon={<CommentIcon />}
          text={STORE.reviewFeedback}
          onClick={onFeedback}
        />
      )}
      <Button
        size="small"
        variant="minimal"
        intent="danger"
        icon={<TrashIcon />}
        text={STORE.deleteApp}
        onClick={onDelete}
      />
    </>
  );
}
