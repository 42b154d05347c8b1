import {
  Alert,
  Button,
  ButtonGroup,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  InputGroup,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { StateMessage } from '../../components/StateMessage';
import { AddIcon, SearchIcon, ThumbsUpIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AppCard, OwnerActions } from '../../components/AppCard';
import { LinkButton } from '../../components/LinkButton';
import { PublicFooter } from '../../components/PublicFooter';
import { PublicHeader } from '../../components/PublicHeader';
import { hasReviewFeedback } from '../../stores/app-card-rules';
import { CATEGORY_FILTERS } from '../../stores/store-gallery-store';
import { useStores } from '../../stores-context';
import { STORE } from '../../texts/public-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { STORE_QUALITY } from '../../texts/testing-texts';
import type { StoreSort } from '../../stores/store-quality';
import './store.css';

/** The store gallery at /store. */
export const StorePage = observer(function StorePage() {
  const { gallery, session } = useStores();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const signedIn = session.signedIn;
  const checked = session.checked;
  usePageTitle(PAGE_TITLES.store);

  useEffect(() => {
    if (params.get('view') === 'mine') {
      gallery.setShowMyApps(true);
      setParams({}, { replace: true });
    }
  }, [params, setParams, gallery]);

  useEffect(() => {
    if (checked) void gallery.load();
  }, [gallery, signedIn, checked]);

  const mine = gallery.showMyApps;

  return (
    <div className="public-page">
      <PublicHeader signInRedirect="/store" />
      <main className="public-main">
        <div className="store-title-row">
          <div>
            <h1 className="page-title">{STORE.title}</h1>
            <p className="muted page-subtitle">{STORE.subtitle}</p>
          </div>
          <Button
            intent="primary"
            icon={<AddIcon />}
            text={STORE.createNewApp}
            onClick={() => navigate(gallery.createNewApp())}
          />
        </div>
        <div className="store-toolbar">
          <InputGroup
            className="store-search"
            type="search"
            leftIcon={<SearchIcon />}
            placeholder={STORE.searchPlaceholder}
            aria-label={STORE.searchPlaceholder}
            value={gallery.search}
            onValueChange={(value) => gallery.setSearch(value)}
          />
          <ButtonGroup className="store-toggle" role="group" aria-label="Which apps">
            <Button
              active={!mine}
              intent={mine ? 'none' : 'primary'}
              aria-pressed={!mine}
              text={STORE.allApps}
              onClick={() => gallery.setShowMyApps(false)}
            />
            <Button
              active={mine}
              intent={mine ? 'primary' : 'none'}
              aria-pressed={mine}
              text={STORE.myApps}
              onClick={() => gallery.setShowMyApps(true)}
            />
          </ButtonGroup>
        </div>
        <div className="store-quality-controls">
          <HTMLSelect
            aria-label={STORE_QUALITY.sortLabel}
            value={gallery.sort}
            onChange={(event) => gallery.setSort(event.target.value as StoreSort)}
            options={Object.entries(STORE_QUALITY.sorts).map(([value, label]) => ({ value, label }))}
            data-testid="store-sort"
          />
          <Switch
            checked={gallery.testedOnly}
            label={STORE_QUALITY.testedOnly}
            onChange={(event) => gallery.setTestedOnly(event.currentTarget.checked)}
            data-testid="store-tested-only"
          />
        </div>
        {gallery.showCategories && (
          <div className="category-chips" role="group" aria-label="Categories">
            {CATEGORY_FILTERS.map((category) => (
              <Button
                key={category}
                size="small"
                className="category-chip"
                intent={gallery.category === category ? 'primary' : 'none'}
                variant={gallery.category === category ? 'solid' : 'outlined'}
                aria-pressed={gallery.category === category}
                text={category === 'All' ? STORE.allCategories : category}
                onClick={() => gallery.setCategory(category)}
              />
            ))}
          </div>
        )}
        <StoreContent />
      </main>
      <PublicFooter />
      <DeleteConfirm />
      <FeedbackDialog />
    </div>
  );
});

const StoreContent = observer(function StoreContent() {
  const { gallery, session } = useStores();
  const navigate = useNavigate();
  const apps = gallery.visibleApps;

  if (gallery.showMyApps && session.checked && !session.signedIn) {
    return (
      <StateMessage
        level={2}
        className="store-empty"
        title={STORE.emptyMySignedOutTitle}
        description={STORE.emptyMySignedOutText}
        action={<LinkButton intent="primary" href="/signin?redirect=/store" text="Sign In" />}
      />
    );
  }
  if (gallery.error && !gallery.loaded) {
    return (
      <StateMessage
        level={2}
        className="store-empty"
        icon={<WarningSignIcon size={40} />}
        title={STORE.loadFailed}
        description={gallery.error}
        action={<Button text={STORE.retry} onClick={() => void gallery.load()} />}
      />
    );
  }
  if (!gallery.loaded) {
    return (
      <div className="store-loading">
        <Spinner aria-label={STORE.loading} />
      </div>
    );
  }
  if (apps.length === 0) {
    if (gallery.filtering) {
      return (
        <StateMessage
          level={2}
          className="store-empty"
          icon={<SearchIcon size={40} />}
          title={STORE.noMatchTitle}
          description={STORE.noMatchText}
          action={<Button text={STORE.clearFilters} onClick={() => gallery.clearFilters()} />}
        />
      );
    }
    return gallery.showingMyApps ? (
      <StateMessage
        level={2}
        className="store-empty"
        title={STORE.emptyMyTitle}
        description={STORE.emptyMyText}
        action={
          <Button
            intent="primary"
            text={STORE.createNewApp}
            onClick={() => navigate(gallery.createNewApp())}
          />
        }
      />
    ) : (
      <StateMessage
        level={2}
        className="store-empty"
        title={STORE.emptyAllTitle}
        description={STORE.emptyAllText}
        action={
          <Button
            intent="primary"
            text={STORE.createNewApp}
            onClick={() => navigate(gallery.createNewApp())}
          />
        }
      />
    );
  }
  return (
    <div className="app-grid">
      {apps.map((app) => (
        <AppCard
          key={app.id}
          app={app}
          publisherName={gallery.publisherName(app)}
          bumped={gallery.animating === app.id}
          upvote={
            !session.signedIn ? (
              <Link to="/signin?redirect=/store" className="sign-in-to-upvote">
                {STORE.signInToUpvote}
              </Link>
            ) : gallery.canUpvote(app) ? (
              <Button
                variant="outlined"
                icon={<ThumbsUpIcon />}
                text={STORE.upvote}
                onClick={() => void gallery.upvote(app)}
              />
            ) : null
          }
          ownerActions={
            gallery.showingMyApps && gallery.isOwner(app) ? (
              <OwnerActions
                app={app}
                busy={app.id !== undefined && gallery.togglingPrivacy.has(app.id)}
                feedback={hasReviewFeedback(app)}
                onDelete={() => gallery.askDelete(app)}
                onTogglePrivate={() => void gallery.togglePrivate(app)}
                onFeedback={() => gallery.openFeedback(app)}
              />
            ) : undefined
          }
        />
      ))}
    </div>
  );
});

const DeleteConfirm = observer(function DeleteConfirm() {
  const { gallery } = useStores();
  const app = gallery.deleteTarget;
  return (
    <Alert
      isOpen={app !== null}
      intent="danger"
      icon={<WarningSignIcon />}
      confirmButtonText={STORE.deletePermanently}
      cancelButtonText={STORE.keepApp}
      loading={gallery.deleting}
      onConfirm={() => void gallery.confirmDelete()}
      onCancel={() => gallery.cancelDelete()}
      canEscapeKeyCancel
    >
      <h3 className="alert-title">{STORE.confirmDeletion}</h3>
      <p>{app ? STORE.confirmDeletionText(app.name) : ''}</p>
    </Alert>
  );
});

const FeedbackDialog = observer(function FeedbackDialog() {
  const { gallery } = useStores();
  const navigate = useNavigate();
  const app = gallery.feedbackTarget;
  return (
    <Dialog isOpen={app !== null} onClose={() => gallery.closeFeedback()} title={STORE.feedbackTitle}>
      <DialogBody>
        {app && (
          <>
            <h4 className="feedback-heading">{app.name}</h4>
            <h5 className="feedback-label">{STORE.feedbackReason}</h5>
            <p className="feedback-notes">{app.reviewNotes}</p>
            <h5 className="feedback-label">{STORE.feedbackNextSteps}</h5>
            <p>{STORE.feedbackNextStepsText}</p>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={STORE.close} onClick={() => gallery.closeFeedback()} />
            <Button
              intent="primary"
              text={STORE.editApp}
              onClick={() => app && navigate(gallery.editApp(app))}
            />
          </>
        }
      />
    </Dialog>
  );
});

export default StorePage;
