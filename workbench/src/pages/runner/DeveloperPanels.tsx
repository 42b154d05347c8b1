import {
  AnchorButton,
  Button,
  Card,
  FormGroup,
  InputGroup,
  Spinner,
  Switch,
  Tab,
  TabPanel,
  Tabs,
} from '@blueprintjs/core';
import { CodeIcon, CodeBlockIcon, KeyIcon, LogInIcon, ShareIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { CodeBlock } from '../../components/CodeBlock';
import { LinkButton } from '../../components/LinkButton';
import { UpgradePrompt } from '../../components/UpgradePrompt';
import { API_TABS } from '../../stores/api-access-store';
import { useStores } from '../../stores-context';
import { API_KEYS_PATH, API_PANEL } from '../../texts/api-texts';
import { EMBED_PANEL } from '../../texts/embed-texts';

/** "Use via API" for everyone, and the Embed panel for the app's owner, under the app page. */
export const DeveloperPanels = observer(function DeveloperPanels({ slug }: { slug: string }) {
  const { runner } = useStores();
  return (
    <section className="runner-developer" aria-label={API_PANEL.title}>
      <ApiPanel slug={slug} />
      {runner.isOwner && <EmbedPanel />}
    </section>
  );
});

const ApiPanel = observer(function ApiPanel({ slug }: { slug: string }) {
  const { apiAccess } = useStores();
  const access = apiAccess.access;
  return (
    <Card className="developer-panel" data-testid="api-panel">
      <h2 className="runner-heading developer-heading">
        <CodeIcon /> {API_PANEL.title}
      </h2>
      {access === 'unknown' ? (
        <Spinner size={20} />
      ) : access === 'signedOut' ? (
        <UpgradePrompt
          title={API_PANEL.lockedTitle}
          message={API_PANEL.lockedSignedOut}
          compareText={API_PANEL.comparePlans}
          testId="api-panel-locked"
        >
          <LinkButton
            intent="primary"
            icon={<LogInIcon />}
            href={`/signin?redirect=${encodeURIComponent(`/app/${slug}`)}`}
            text={API_PANEL.signIn}
          />
        </UpgradePrompt>
      ) : access === 'locked' ? (
        <UpgradePrompt
          title={API_PANEL.lockedTitle}
          message={apiAccess.lockedMessage}
          compareText={API_PANEL.comparePlans}
          testId="api-panel-locked"
        />
      ) : (
        <ApiSnippetsView slug={slug} />
      )}
    </Card>
  );
});

const API_TABS_ID = 'api-snippet-tabs';

/** The chosen tab's snippet (the OpenAPI document once it is read). */
const ApiSnippet = observer(function ApiSnippet({ slug }: { slug: string }) {
  const { apiAccess } = useStores();
  const tab = apiAccess.tab;
  if (tab === 'openapi' && apiAccess.documentState !== 'ready') {
    return apiAccess.documentState === 'failed' ? (
      <p className="muted">
        {API_PANEL.openApiFailed}{' '}
        <Button size="small" text={API_PANEL.tryAgain} onClick={() => void apiAccess.loadDocument()} />
      </p>
    ) : (
      <p className="muted">
        <Spinner size={16} className="inline-spinner" /> {API_PANEL.openApiLoading}
      </p>
    );
  }
  return (
    <CodeBlock
      code={apiAccess.shown}
      label={`${API_PANEL.copy} ${API_PANEL.tabs[tab]}`}
      title={tab === 'openapi' ? API_PANEL.openApiTitle : API_PANEL.requestTitle(slug)}
      testId={`api-snippet-${tab}`}
    />
  );
});

const ApiSnippetsView = observer(function ApiSnippetsView({ slug }: { slug: string }) {
  const { apiAccess } = useStores();
  const tab = apiAccess.tab;
  return (
    <>
      {apiAccess.access === 'owner' && (
        <UpgradePrompt
          title={API_PANEL.lockedTitle}
          message={`${apiAccess.lockedMessage} ${API_PANEL.ownerUpgrade}`}
          compareText={API_PANEL.comparePlans}
          testId="api-panel-owner-upgrade"
        />
      )}
      <p className="muted developer-intro">{API_PANEL.intro}</p>
      <Tabs
        id={API_TABS_ID}
        animate={false}
        selectedTabId={tab}
        onChange={(id) => {
          const chosen = API_TABS.find((candidate) => candidate === id);
          if (chosen) apiAccess.setTab(chosen);
        }}
      >
        {API_TABS.map((id) => (
          <Tab key={id} id={id} title={API_PANEL.tabs[id]} />
        ))}
      </Tabs>
      {/* The chosen tab's panel, named by its tab (Blueprint's ids, which the tabs point to). */}
      <TabPanel
        className="developer-code"
        id={tab}
        parentId={API_TABS_ID}
        selectedTabId={tab}
        panel={<ApiSnippet slug={slug} />}
      />
      <p className="muted small developer-note">{API_PANEL.keyNote}</p>
      {apiAccess.hasFileInput && <p className="muted small developer-note">{API_PANEL.fileNote}</p>}
      <LinkButton variant="outlined" icon={<KeyIcon />} href={API_KEYS_PATH} text={API_PANEL.keysLink} />
    </>
  );
});

const EmbedPanel = observer(function EmbedPanel() {
  const { embedSettings, runner } = useStores();
  const appId = runner.app?.id;
  useEffect(() => {
    if (!appId) return;
    void embedSettings.load(appId);
    return () => embedSettings.clear();
  }, [embedSettings, appId]);
  const settings = embedSettings.settings;
  return (
    <Card className="developer-panel" data-testid="embed-panel">
      <h2 className="runner-heading developer-heading">
        <CodeBlockIcon /> {EMBED_PANEL.title}
      </h2>
      {embedSettings.state === 'failed' ? (
        <p className="muted">
          {EMBED_PANEL.loadFailed}{' '}
          <Button
            size="small"
            text={EMBED_PANEL.tryAgain}
            onClick={() => appId && void embedSettings.load(appId)}
          />
        </p>
      ) : !settings || embedSettings.state !== 'ready' ? (
        <Spinner size={20} aria-label={EMBED_PANEL.loading} />
      ) : !settings.available ? (
        <UpgradePrompt
          title={EMBED_PANEL.lockedTitle}
          message={EMBED_PANEL.locked(settings.requiredPlan)}
          compareText={EMBED_PANEL.comparePlans}
          testId="embed-panel-locked"
        />
      ) : (
        <>
          <p className="muted developer-intro">{EMBED_PANEL.intro}</p>
          <CodeBlock
            code={embedSettings.scriptSnippet}
            label={`${EMBED_PANEL.copy} ${EMBED_PANEL.scriptLabel}`}
            title={EMBED_PANEL.scriptLabel}
            wrap
            testId="embed-script"
          />
          <CodeBlock
            code={embedSettings.iframeSnippet}
            label={`${EMBED_PANEL.copy} ${EMBED_PANEL.iframeLabel}`}
            title={EMBED_PANEL.iframeLabel}
            wrap
            testId="embed-iframe"
          />
          <AnchorButton
            className="developer-open-embed"
            variant="minimal"
            intent="primary"
            size="small"
            endIcon={<ShareIcon />}
            href={embedSettings.embedUrl}
            target="_blank"
            rel="noopener noreferrer"
            text={EMBED_PANEL.preview}
          />
          <form
            className="embed-settings-form"
            onSubmit={(event) => {
              event.preventDefault();
              void embedSettings.save();
            }}
          >
            <Switch
              checked={embedSettings.paysOwner}
              label={EMBED_PANEL.paysOwner}
              onChange={(event) => embedSettings.setPaysOwner(event.currentTarget.checked)}
              data-testid="embed-pays-owner"
            />
            <p className="muted small developer-note">{EMBED_PANEL.paysOwnerHelp}</p>
            <FormGroup
              label={EMBED_PANEL.monthlyCredits}
              labelFor="embed-monthly-credits"
              intent={embedSettings.tried && embedSettings.creditsProblem ? 'danger' : 'none'}
              helperText={embedSettings.tried ? (embedSettings.creditsProblem ?? undefined) : undefined}
            >
              <InputGroup
                id="embed-monthly-credits"
                inputMode="numeric"
                value={embedSettings.monthlyCredits}
                disabled={!embedSettings.paysOwner}
                onValueChange={(value) => embedSettings.setMonthlyCredits(value)}
                rightElement={<span className="input-unit muted small">{EMBED_PANEL.creditsUnit}</span>}
              />
            </FormGroup>
            <p className="small" data-testid="embed-usage">
              {settings.paysOwner
                ? EMBED_PANEL.usage(settings.usedThisMonth, settings.monthlyCredits)
                : EMBED_PANEL.usageNoCap(settings.usedThisMonth)}
            </p>
            <Button
              type="submit"
              intent="primary"
              text={EMBED_PANEL.save}
              loading={embedSettings.saving}
              disabled={!embedSettings.canSave}
            />
          </form>
        </>
      )}
    </Card>
  );
});
