import { AppQualityDetails } from '../../components/AppQuality';
import { qualityOf } from '../../api/app-tests';
import { Button, Callout, Card, Spinner, Tag } from '@blueprintjs/core';
import { StateMessage } from '../../components/StateMessage';
import { ArrowUpIcon, EyeOpenIcon, LogInIcon, PlayIcon, ThumbsUpIcon, TickIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { CreditsBadge, UserMenu } from '../../components/UserMenu';
import { useStores } from '../../stores-context';
import { RunResults } from '../builder/ResultView';
import { RunInputControl } from '../builder/RunInputControl';
import { DeveloperPanels } from './DeveloperPanels';
import { ChatViewSwitch, ChatWindow } from './ChatWindow';
import { RunFailures, RunProgress } from './RunProgress';
import { RecentRuns, SharingNotice, ShownRunBanner, useRunAgainParam } from './RunnerHistory';
import { STORE_LINK_LABEL } from '../../texts/builder-texts';
import { runBlockerText } from '../../stores/run-blocker';
import { RUNNER } from '../../texts/runner-texts';
import { PRICING_PATH } from '../../texts/api-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import './runner.css';
import { plural } from '../../texts/plural';

const signInHref = (slug: string) => `/signin?redirect=${encodeURIComponent(`/app/${slug}`)}`;

const CreditsBox = observer(function CreditsBox({ slug }: { slug: string }) {
  const { session, credits, runner } = useStores();
  if (!session.signedIn) {
    return (
      <Card className="runner-credits" data-testid="runner-credits">
        <h2 className="runner-credits-title">{RUNNER.credits}</h2>
        <p className="muted">{RUNNER.creditsSignedOut}</p>
        <Link to={signInHref(slug)} className="bp6-button bp6-intent-primary">
          <LogInIcon />
          <span>{RUNNER.signIn}</span>
        </Link>
      </Card>
    );
  }
  return (
    <Card className="runner-credits" data-testid="runner-credits">
      <h2 className="runner-credits-title">{RUNNER.credits}</h2>
      <p data-testid="credits-balance">
        {credits.error ? (
          <span className="error-text">{credits.error}</span>
        ) : credits.credits === null ? (
          <span className="muted">Loading credits...</span>
        ) : credits.unlimited ? (
          <strong>Unlimited</strong>
        ) : (
          <>
            <strong>{credits.credits}</strong> <span className="muted">{RUNNER.creditsLeft}</span>
          </>
        )}
      </p>
      <p className="muted small">
        {RUNNER.costs} {runner.costText}
      </p>
    </Card>
  );
});

const RUN_BLOCKERS_ID = 'run-blockers';

/**
 * Upgrade, where the balance is short: the checkout to Starter for free-plan people when billing
 * is on, else the plans compared.
 */
const UpgradeLink = observer(function UpgradeLink() {
  const { upgrade } = useStores();
  useEffect(() => {
    if (upgrade.offered) void upgrade.check();
  }, [upgrade, upgrade.offered]);
  return (
    <Link
      to={PRICING_PATH}
      className="run-upgrade"
      data-testid="run-upgrade"
      onClick={(event) => {
        if (!upgrade.startsCheckout) return;
        event.preventDefault();
        void upgrade.start();
      }}
    >
      {RUNNER.upgrade}
    </Link>
  );
});

/** Why Run App is disabled (signing in has its own notice above): short credits, empty inputs. */
const RunBlockers = observer(function RunBlockers() {
  const { runner } = useStores();
  const blockers = runner.runBlockers.filter((blocker) => blocker.kind !== 'signedOut');
  if (blockers.length === 0) return null;
  return (
    <div className="run-blockers" id={RUN_BLOCKERS_ID} data-testid="run-blockers">
      {blockers.map((blocker) => (
        <p
          key={blocker.kind}
          className={`run-blocker is-${blocker.kind}`}
          data-testid={`run-blocker-${blocker.kind}`}
        >
          {runBlockerText(blocker)}
          {blocker.kind === 'credits' && (
            <>
              {' '}
              <UpgradeLink />
            </>
          )}
        </p>
      ))}
    </div>
  );
});

const UpvoteButton = observer(function UpvoteButton({ slug }: { slug: string }) {
  const { session, runner } = useStores();
  if (!session.signedIn) {
    return (
      <Link to={signInHref(slug)} className="bp6-button upvote-button is-disabled" aria-disabled="true">
        <ArrowUpIcon />
        <span>{RUNNER.signIn}</span>
      </Link>
    );
  }
  if (runner.upvoted && !runner.upvoteLocked) {
    return (
      <span className="upvoted-note" data-testid="upvoted">
        <TickIcon /> {RUNNER.youUpvoted}
      </span>
    );
  }
  return (
    <Button
      className={`upvote-button${runner.upvoteLocked ? ' is-animating' : ''}`}
      icon={<ArrowUpIcon />}
      text={RUNNER.upvote}
      disabled={!runner.canUpvote}
      onClick={() => runner.upvote()}
      data-testid="upvote-button"
    />
  );
});

/** The public page of a published app: /app/{slug}. */
const RunnerPage = observer(function RunnerPage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const { runner, session, credits, chat } = useStores();
  const { run, app } = runner;
  usePageTitle(runner.state === 'notFound' ? PAGE_TITLES.appNotFound : PAGE_TITLES.runner(app?.name));

  useEffect(() => {
    void runner.open(slug, location.key);
    return () => runner.close();
  }, [runner, slug, location.key]);

  useRunAgainParam(runner.history, runner.state === 'ready');

  useEffect(() => {
    if (!session.signedIn) return;
    void credits.refresh();
    void runner.loadUpvoteStatus();
    void runner.history.reload();
  }, [session.signedIn, credits, runner]);

  // A chat app opens on its chat; any app whose one input is text can be chatted with.
  // ?conversation= (a link from run history) opens that conversation on the chat.
  const appId = runner.state === 'ready' ? runner.app?.id : undefined;
  const conversationId = new URLSearchParams(location.search).get('conversation');
  useEffect(() => {
    if (!session.signedIn || !appId) return;
    void chat.open(appId, conversationId);
    return () => chat.close();
  }, [session.signedIn, appId, chat, conversationId]);

  const header = (
    <header className="runner-header">
      <Logo compact />
      <nav className="runner-nav" aria-label="Main">
        <Link to="/store">{STORE_LINK_LABEL}</Link>
        <Link to="/app">{RUNNER.createNewApp}</Link>
      </nav>
      <div className="runner-account" data-testid="runner-account">
        {session.signedIn ? (
          <>
            <span className="runner-header-credits">
              <CreditsBadge />
            </span>
            <UserMenu />
          </>
        ) : session.checked ? (
          <Link to={signInHref(slug)} className="bp6-button bp6-minimal">
            <LogInIcon />
            <span>{RUNNER.signIn}</span>
          </Link>
        ) : null}
      </div>
    </header>
  );

  if (runner.state === 'notFound') {
    return (
      <div className="runner-page">
        {header}
        <main className="runner-main runner-missing">
          <StateMessage
            level={1}
            icon="search"
            title={RUNNER.notFound.title}
            description={RUNNER.notFound.description}
            action={
              <div className="runner-missing-links">
                <Link to="/store" className="bp6-button">
                  {RUNNER.browseStore}
                </Link>
                <Link to="/app" className="bp6-button bp6-intent-primary">
                  {RUNNER.createNewApp}
                </Link>
              </div>
            }
          />
        </main>
      </div>
    );
  }
  if (runner.state === 'failed') {
    return (
      <div className="runner-page">
        {header}
        <main className="runner-main runner-missing">
          <StateMessage
            level={1}
            icon="offline"
            title={RUNNER.loadFailed}
            action={<Button text={RUNNER.tryAgain} onClick={() => void runner.open(slug, location.key)} />}
          />
        </main>
      </div>
    );
  }
  if (runner.state !== 'ready' || !app) {
    return (
      <div className="runner-page">
        {header}
        <main className="runner-main runner-missing">
          <Spinner aria-label={RUNNER.loading} />
        </main>
      </div>
    );
  }

  return (
    <div className="runner-page">
      {header}
      <main className="runner-main">
        <section className="runner-intro">
          <div className="runner-title-row">
            <h1 className="runner-title">{app.name}</h1>
            {app.category && <Tag minimal>{app.category}</Tag>}
          </div>
          {app.description && <p className="runner-description">{app.description}</p>}
          <div className="runner-meta">
            <span>
              {RUNNER.by}{' '}
              {runner.authorName === RUNNER.unknownAuthor || runner.authorName === '' ? (
                <span data-testid="runner-author">{runner.authorName || '...'}</span>
              ) : (
                <Link to={`/store/user/${app.owner_id}`} data-testid="runner-author">
                  {runner.authorName}
                </Link>
              )}
            </span>
            <span className="runner-counts">
              <span data-testid="runner-views">
                <EyeOpenIcon size={14} /> {runner.views} {plural(runner.views, RUNNER.views)}
              </span>
              <span data-testid="runner-runs">
                <PlayIcon size={14} /> {runner.runs} {plural(runner.runs, RUNNER.runs)}
              </span>
              <span data-testid="runner-votes">
                <ThumbsUpIcon size={14} /> {runner.upvotes} {plural(runner.upvotes, RUNNER.votes)}
              </span>
            </span>
            <UpvoteButton slug={slug} />
          </div>
          <AppQualityDetails quality={qualityOf(app)} />
        </section>
        {session.signedIn && chat.chattable && <ChatViewSwitch chat={chat} />}
        {session.signedIn && chat.chattable && chat.view === 'chat' ? (
          <ChatWindow chat={chat} costText={runner.costText} />
        ) : (
          <div className="runner-columns">
            <section className="runner-form-column">
              <Card className="runner-form">
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    void runner.runApp();
                  }}
                >
                  <h2 className="runner-heading">{RUNNER.inputs}</h2>
                  {run.inputFields.length === 0 && <p className="muted">{RUNNER.noInputs}</p>}
                  {run.inputFields.map((field) => (
                    <RunInputControl key={field.plugin.id} run={run} field={field} />
                  ))}
                  <SharingNotice history={runner.history} />
                  {!session.signedIn && (
                    <Callout intent="primary" className="runner-signin">
                      {RUNNER.signInToRun}. <Link to={signInHref(slug)}>{RUNNER.signIn}</Link>
                    </Callout>
                  )}
                  <Button
                    type="submit"
                    intent="success"
                    size="large"
                    fill
                    icon={<PlayIcon />}
                    text={run.processing ? RUNNER.processing : RUNNER.runApp}
                    disabled={!runner.canRun}
                    title={runner.runBlockers[0] ? runBlockerText(runner.runBlockers[0]) : undefined}
                    aria-describedby={runner.runBlockers.length > 0 ? RUN_BLOCKERS_ID : undefined}
                    data-testid="run-app"
                  />
                  <RunBlockers />
                </form>
              </Card>
              <CreditsBox slug={slug} />
              <RecentRuns history={runner.history} />
            </section>
            <section className="runner-results-column" aria-live="polite">
              <h2 className="runner-heading">{RUNNER.results}</h2>
              <ShownRunBanner run={run} />
              <RunProgress run={run} document={runner.document} catalogue={runner.catalogue} />
              <RunFailures run={run} />
              {!run.hasResults && !run.processing && run.phase !== 'failed' && (
                <p className="muted">Fill in the inputs and press {RUNNER.runApp} to see the results here.</p>
              )}
              <RunResults run={run} slug={app.slug} />
            </section>
          </div>
        )}
        <DeveloperPanels slug={slug} />
      </main>
    </div>
  );
});

export default RunnerPage;
