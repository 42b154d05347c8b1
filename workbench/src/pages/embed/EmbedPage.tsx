import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { LogInIcon, PlayIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { LogoMark } from '../../components/Logo';
import { useStores } from '../../stores-context';
import { PRODUCT_NAME } from '../../texts/builder-texts';
import { EMBED } from '../../texts/embed-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { RUNNER } from '../../texts/runner-texts';
import { RunResults } from '../builder/ResultView';
import { RunInputControl } from '../builder/RunInputControl';
import { RunFailures, RunProgress } from '../runner/RunProgress';
import { usePageTitle } from '../../components/use-page-title';
import { usePostedHeight } from './use-posted-height';
import { EmbedChat, useEmbedChat } from './EmbedChat';
import { EmbedNotices } from './EmbedNotices';
import { ChatViewSwitch } from '../runner/ChatWindow';
import '../runner/runner.css';
import './embed.css';

/** /embed/{slug}: the app alone, to be framed by other sites. */
const EmbedPage = observer(function EmbedPage() {
  const { slug = '' } = useParams();
  const { embed, session, host } = useStores();
  const root = useRef<HTMLDivElement>(null);
  usePageTitle(PAGE_TITLES.embed(embed.app?.name));
  usePostedHeight(root);
  // A chat app (or one whose one input is text) can be chatted with here too.
  const chat = useEmbedChat(embed, slug, embed.state === 'ready' ? embed.app?.id : undefined);

  useEffect(() => {
    void embed.open(slug);
    return () => embed.close();
  }, [embed, slug]);

  useEffect(() => {
    const listener = (event: MessageEvent) =>
      embed.receive({ origin: event.origin, source: event.source, data: event.data });
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [embed]);

  const footer = (
    <footer className="embed-footer">
      <a href={`${host.origin}/`} target="_blank" rel="noopener noreferrer" className="embed-made-with">
        <LogoMark size={16} />
        <span>{EMBED.madeWith}</span>
      </a>
    </footer>
  );

  if (embed.state !== 'ready' || !embed.app) {
    const message =
      embed.state === 'notFound'
        ? EMBED.notFound
        : embed.state === 'unavailable'
          ? embed.unavailableMessage
          : embed.state === 'failed'
            ? EMBED.loadFailed
            : null;
    return (
      <div className="embed-page" ref={root}>
        <div className="embed-status" data-testid="embed-status">
          {message === null ? (
            <Spinner aria-label={EMBED.loading} />
          ) : (
            <NonIdealState
              icon={embed.state === 'failed' ? 'offline' : 'search'}
              description={message}
              action={
                embed.state === 'failed' ? (
                  <Button text={EMBED.tryAgain} onClick={() => void embed.open(slug)} />
                ) : undefined
              }
            />
          )}
        </div>
        {footer}
      </div>
    );
  }

  const { app, run } = embed;
  return (
    <div className="embed-page" ref={root}>
      <header className="embed-header">
        <h1 className="embed-title">{app.name}</h1>
        {app.description && <p className="embed-description">{app.description}</p>}
        {chat.chattable && chat.settings?.mode === 'text' && <ChatViewSwitch chat={chat} />}
      </header>
      {chat.chattable && chat.view === 'chat' ? (
        <EmbedChat embed={embed} chat={chat} />
      ) : (
        <>
          <form
            className="embed-form"
            onSubmit={(event) => {
              event.preventDefault();
              void embed.runApp();
            }}
          >
            {run.inputFields.length === 0 && <p className="muted">{EMBED.noInputs}</p>}
            {run.inputFields.map((field) => (
              <RunInputControl key={field.plugin.id} run={run} field={field} />
            ))}
            <EmbedNotices embed={embed} />
            {embed.signingIn ? (
              <Callout intent="primary" className="embed-callout" data-testid="embed-waiting">
                <Spinner size={14} className="embed-inline-spinner" />{' '}
                {embed.priceUnconfirmed && session.signedIn
                  ? EMBED.waitingForConfirmation
                  : EMBED.waitingForSignIn}{' '}
                <Button
                  size="small"
                  variant="minimal"
                  text={EMBED.cancelSignIn}
                  onClick={() => embed.cancelSignIn()}
                />
              </Callout>
            ) : null}
            <div className="embed-run-row">
              <Button
                type="submit"
                intent="success"
                size="large"
                icon={session.signedIn || embed.runsSignedOut ? <PlayIcon /> : <LogInIcon />}
                text={embed.runLabel}
                loading={run.processing}
                disabled={!embed.canRun}
                data-testid="embed-run"
              />
              <span className="muted small embed-who" data-testid="embed-who">
                {session.signedIn
                  ? embed.priceUnconfirmed
                    ? EMBED.confirmNote
                    : EMBED.signedInAs(session.displayName)
                  : embed.runsSignedOut
                    ? EMBED.ownerPays
                    : EMBED.signInNote(PRODUCT_NAME)}
              </span>
            </div>
            {embed.costText && (
              <p className="muted small embed-cost" data-testid="embed-cost">
                {RUNNER.costs} {embed.costText}
              </p>
            )}
          </form>
          <section className="embed-results" aria-live="polite">
            <RunProgress run={run} document={embed.document} catalogue={embed.catalogue} />
            <RunFailures run={run} />
            {run.hasResults && <h2 className="embed-results-title">{EMBED.results}</h2>}
            <RunResults run={run} slug={app.slug} />
          </section>
        </>
      )}
      {footer}
    </div>
  );
});

export default EmbedPage;
