import { Button, Callout, NonIdealState } from '@blueprintjs/core';
import { TimeIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CopyButton } from '../../components/CopyButton';
import { SignedInPage } from '../../components/SignedInPage';
import { usePageTitle } from '../../components/use-page-title';
import { useStores } from '../../stores-context';
import { exampleBody } from '../../stores/triggers-store';
import { PAGE_TITLES } from '../../texts/page-titles';
import { TRIGGERS } from '../../texts/trigger-texts';
import './triggers.css';
import { Hooks } from './HookSection';
import { Schedules } from './ScheduleSection';

/** /my-apps/{appId}/triggers: an app's schedules and webhooks, for its owner. */
const TriggersPage = observer(function TriggersPage() {
  const { appId = '' } = useParams();
  const { triggers, session } = useStores();
  const userId = session.user?.id;
  usePageTitle(PAGE_TITLES.triggers(triggers.appName || undefined));

  useEffect(() => {
    if (userId) void triggers.open(appId);
  }, [triggers, appId, userId]);

  return (
    <SignedInPage
      path={`/my-apps/${appId}/triggers`}
      className="triggers-page"
      loadingLabel={TRIGGERS.loading}
      signIn={{ icon: <TimeIcon size={40} />, title: TRIGGERS.signInTitle, text: TRIGGERS.signInText }}
    >
      <Triggers />
    </SignedInPage>
  );
});

const Triggers = observer(function Triggers() {
  const { triggers } = useStores();
  if (triggers.state === 'notFound' || triggers.state === 'failed') {
    return (
      <NonIdealState
        icon={<WarningSignIcon size={40} />}
        title={triggers.state === 'notFound' ? TRIGGERS.notFoundTitle : TRIGGERS.loadFailed}
        description={TRIGGERS.loadFailed}
        action={<Link to="/my-apps">My Apps</Link>}
      />
    );
  }
  return (
    <>
      <div className="triggers-title-row">
        <div>
          <h1 className="page-title">{TRIGGERS.title}</h1>
          <p className="muted page-subtitle">{triggers.appName && TRIGGERS.subtitle(triggers.appName)}</p>
        </div>
        <Link to={`/my-apps/${encodeURIComponent(triggers.appId)}/runs`}>{TRIGGERS.runsLink}</Link>
      </div>
      <p className="muted small">{TRIGGERS.versionNote}</p>
      <SecretCallout />
      <Schedules />
      <Hooks />
    </>
  );
});

const SecretCallout = observer(function SecretCallout() {
  const { triggers } = useStores();
  const revealed = triggers.revealed;
  if (!revealed) return null;
  const { hook } = revealed;
  return (
    <Callout
      intent="warning"
      className="triggers-secret"
      title={revealed.rotated ? TRIGGERS.secretRotatedTitle : TRIGGERS.secretTitle}
      data-testid="hook-secret"
    >
      <div className="triggers-secret-row">
        <code>{hook.secret}</code>
        <CopyButton text={hook.secret} />
      </div>
      <p>{TRIGGERS.secretHelp}</p>
      <pre className="triggers-example">
        {TRIGGERS.example(hook.url, hook.secret, exampleBody(hook.mapping as Record<string, string>))}
      </pre>
      <Button text={TRIGGERS.dismiss} onClick={() => triggers.dismissSecret()} />
    </Callout>
  );
});

export default TriggersPage;
