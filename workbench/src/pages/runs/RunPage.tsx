import { Alert, Button, Callout, Card, HTMLTable, NonIdealState } from '@blueprintjs/core';
import {
  ConfirmIcon,
  EyeOffIcon,
  HistoryIcon,
  RepeatIcon,
  TrashIcon,
  WarningSignIcon,
} from '@blueprintjs/icons';
import { dataView } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { RunCanvas } from '../../canvas/RunCanvas';
import { LinkButton } from '../../components/LinkButton';
import { PageSpinner, SignedInPage } from '../../components/SignedInPage';
import type { RunViewStore, StepDetail } from '../../stores/run-view-store';
import { toolRunCredits } from '../../stores/run-rows';
import { useStores } from '../../stores-context';
import { PAGE_TITLES } from '../../texts/page-titles';
import { CHAT } from '../../texts/chat-texts';
import { RUNS } from '../../texts/run-history-texts';
import { ArtifactView, ResultItemView, RunResults } from '../builder/ResultView';
import { RunNotices } from '../builder/RunNotices';
import { RunToolCalls } from '../builder/RunToolCalls';
import { ToolCallList } from '../../components/ToolCallList';
import { TOOL_CALL_TEXTS } from '../../texts/tool-texts';
import { usePageTitle } from '../../components/use-page-title';
import { RunApprovalPanel } from './RunApprovalPanel';
import { StatusTag } from './RunsLayout';
import { TESTS } from '../../texts/testing-texts';

/** /runs/{runId}: one kept run, its canvas coloured by step, a block's inputs and outputs. */
const RunPage = observer(function RunPage() {
  const { runId = '' } = useParams();
  const { runView, session } = useStores();
  const userId = session.user?.id;
  usePageTitle(PAGE_TITLES.run(runView.detail?.appName));

  useEffect(() => {
    if (userId) void runView.open(runId);
  }, [runView, runId, userId]);

  return (
    <SignedInPage
      path={`/runs/${runId}`}
      className="run-page"
      loadingLabel={RUNS.loading}
      signIn={{ icon: <HistoryIcon size={40} />, title: RUNS.signInTitle, text: RUNS.signInText }}
    >
      <RunView store={runView} />
    </SignedInPage>
  );
});

/** A value as a block received it: text as it was, anything else as data. */
function Fields({ values }: { values: Record<string, unknown> }) {
  const view = dataView(values);
  if (view.kind !== 'fields') return <pre className="result-json">{JSON.stringify(values, null, 2)}</pre>;
  return (
    <div className="table-scroll">
      <HTMLTable compact className="result-fields run-fields">
        <tbody>
          {view.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                <code>{row.key}</code>
              </th>
              <td className="run-field-value">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** One block of the run; its error is left out when it is the run's own, said above already. */
const StepPanel = observer(function StepPanel({
  step,
  slug,
  hidden,
  runError,
}: {
  step: StepDetail;
  slug: string;
  hidden: boolean;
  runError: string;
}) {
  return (
    <Card className="step-panel" data-testid="step-panel" data-node-id={step.nodeId}>
      <div className="step-panel-head">
        <h2 className="step-title">{step.title}</h2>
        <StatusTag intent={step.intent} label={step.statusLabel} />
      </div>
      <div className="step-facts muted small">
        {step.duration && <span>{step.duration}</span>}
        {step.model && (
          <span>
            {RUNS.model}: {step.model}
          </span>
        )}
        {step.tokens && <span data-testid="step-tokens">{step.tokens}</span>}
        {step.credits !== null && (
          <span title={RUNS.stepCreditsTitle} data-testid="step-credits">
            {RUNS.stepCredits(step.credits)}
          </span>
        )}
        {step.itemCount !== null && <span>{RUNS.items(step.itemCount)}</span>}
        {step.callCount !== null && <span>{TOOL_CALL_TEXTS.count(step.callCount)}</span>}
      </div>
      {step.error && step.error !== runError && (
        <Callout intent="danger" title={RUNS.error} className="step-error">
          {step.error}
        </Callout>
      )}
      {hidden ? (
        <p className="muted step-hidden">
          <EyeOffIcon size={14} /> {RUNS.hiddenDetails}
        </p>
      ) : (
        <>
          <h3 className="step-section">{RUNS.blockInputs}</h3>
          {step.inputs && Object.keys(step.inputs).length > 0 ? (
            <Fields values={step.inputs} />
          ) : (
            <p className="muted small">{RUNS.noBlockInputs}</p>
          )}
          {step.toolCalls && (
            <>
              <h3 className="step-section">{TOOL_CALL_TEXTS.heading}</h3>
              <ToolCallList rows={step.toolCalls} />
            </>
          )}
          <h3 className="step-section">{RUNS.blockOutputs}</h3>
          {step.step?.truncated && (
            <p className="muted small" data-testid="step-truncated">
              {RUNS.truncated}{' '}
              {step.fullValues.map(({ field, url }) => (
                <a key={field} href={url} target="_blank" rel="noopener noreferrer" className="full-value">
                  {RUNS.fullValue}: <code>{field}</code>
                </a>
              ))}
            </p>
          )}
          {step.items.length === 0 && step.artifacts.length === 0 && !step.otherOutputs ? (
            <p className="muted small">{RUNS.noBlockOutputs}</p>
          ) : (
            <div className="results">
              {step.artifacts.map((artifact, index) => (
                <ArtifactView key={`artifact:${index}`} artifact={artifact} />
              ))}
              {step.items.map((item) => (
                <ResultItemView key={item.output} item={item} slug={slug} level={4} />
              ))}
              {step.otherOutputs && <Fields values={step.otherOutputs} />}
            </div>
          )}
        </>
      )}
    </Card>
  );
});

const RunView = observer(function RunView({ store }: { store: RunViewStore }) {
  const navigate = useNavigate();
  const { tests } = useStores();
  const [confirming, setConfirming] = useState(false);
  if (store.state === 'notFound') {
    return (
      <NonIdealState
        icon={<WarningSignIcon size={40} />}
        title={RUNS.notFoundTitle}
        description={RUNS.notFoundText}
        action={<LinkButton href="/runs" text={RUNS.backToMyRuns} />}
      />
    );
  }
  if (store.state === 'failed') {
    return (
      <NonIdealState
        icon="offline"
        title={RUNS.loadFailed}
        action={<Button text={RUNS.retry} onClick={() => void store.open(store.detail?.id ?? '')} />}
      />
    );
  }
  const detail = store.detail;
  const summary = store.summary;
  if (store.state !== 'ready' || !detail || !summary) {
    return <PageSpinner label={RUNS.loadingRun} />;
  }
  const hidden = detail.detailsHidden;
  const toolCredits = toolRunCredits(detail.toolRuns);
  const selected = store.selected;
  const slug = store.app?.slug ?? 'run';
  return (
    <>
      <nav className="run-crumbs small">
        {store.isAppOwner ? (
          <Link to={`/my-apps/${detail.appId}/runs`}>{RUNS.backToRuns}</Link>
        ) : (
          <Link to="/runs">{RUNS.backToMyRuns}</Link>
        )}
      </nav>
      <div className="runs-title-row">
        <div>
          <h1 className="page-title" data-testid="run-app-name">
            {detail.appName}
          </h1>
          <div className="run-meta">
            <StatusTag intent={summary.intent} label={summary.statusLabel} />
            <span>
              <time dateTime={summary.at}>{summary.when}</time>
            </span>
            <span>{summary.who}</span>
            <span>{summary.source}</span>
            <span>{summary.duration}</span>
            <span>{summary.credits}</span>
            {toolCredits && (
              <span title={RUNS.toolRunCreditsTitle} data-testid="run-tool-credits">
                {toolCredits}
              </span>
            )}
            {store.conversationPath && (
              <Link to={store.conversationPath} data-testid="run-conversation">
                {CHAT.conversationLink}
              </Link>
            )}
            {detail.version && (
              <span title={RUNS.versionTitle} data-testid="run-version">
                {RUNS.version(detail.version.number)}
              </span>
            )}
          </div>
        </div>
        <div className="run-actions">
          {store.runAgainPath && (
            <Button
              intent="primary"
              icon={<RepeatIcon />}
              text={RUNS.runAgain}
              onClick={() => navigate(store.runAgainPath!)}
              data-testid="run-again"
            />
          )}
          {store.isAppOwner && detail.mine && detail.inputs !== null && (
            <Button
              icon={<ConfirmIcon />}
              text={TESTS.keepAsCase}
              onClick={() => void tests.keepRun(detail.appId, detail.id)}
              data-testid="keep-as-test-case"
            />
          )}
          {store.isAppOwner && (
            <Button icon={<TrashIcon />} text={RUNS.delete} onClick={() => setConfirming(true)} />
          )}
        </div>
      </div>
      {store.isAppOwner && !detail.mine && (
        <Callout className="run-rule" icon={hidden ? <EyeOffIcon /> : undefined} data-testid="run-rule">
          {hidden ? RUNS.hiddenDetails : RUNS.rule}
        </Callout>
      )}
      <RunApprovalPanel store={store.approval} />
      <RunNotices run={store.run} waiting={false} />
      <div className="run-layout">
        <section className="run-canvas-column" aria-label={RUNS.steps}>
          {store.appMissing ? (
            <Callout intent="warning">{RUNS.appMissing}</Callout>
          ) : (
            <>
              <RunCanvas store={store} />
              <p className="muted small run-canvas-hint">{RUNS.canvasHint}</p>
            </>
          )}
          <ol className="step-list" data-testid="step-list">
            {store.steps.map((step) => (
              <li key={step.nodeId}>
                <button
                  type="button"
                  className={`step-row${store.selectedNodeId === step.nodeId ? ' is-selected' : ''}`}
                  aria-pressed={store.selectedNodeId === step.nodeId}
                  data-testid="step-row"
                  data-node-id={step.nodeId}
                  data-status={step.status}
                  onClick={() => store.select(step.nodeId)}
                >
                  <StatusTag intent={step.intent} label={step.statusLabel} />
                  <span className="step-row-title">{step.title}</span>
                  <span className="muted small">
                    {[step.duration, step.tokens, step.credits !== null ? RUNS.stepCredits(step.credits) : '']
                      .filter((part) => part !== '')
                      .join(' · ')}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </section>
        <section className="run-detail-column">
          {selected && <StepPanel step={selected} slug={slug} hidden={hidden} runError={store.run.error} />}
          <h2 className="section-title">{RUNS.inputs}</h2>
          {hidden ? (
            <p className="muted">
              <EyeOffIcon size={14} /> {RUNS.detailsHiddenShort}
            </p>
          ) : detail.inputs && Object.keys(detail.inputs).length > 0 ? (
            <Fields values={detail.inputs} />
          ) : (
            <p className="muted">{RUNS.noInputs}</p>
          )}
          {!hidden && (
            <>
              <h2 className="section-title">{RUNS.results}</h2>
              {store.run.hasResults ? (
                <RunResults run={store.run} slug={slug} level={3} />
              ) : (
                <p className="muted">{RUNS.noResults}</p>
              )}
              <RunToolCalls run={store.run} level={3} />
            </>
          )}
        </section>
      </div>
      <Alert
        isOpen={confirming}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText={RUNS.deleteConfirm}
        cancelButtonText={RUNS.cancel}
        onConfirm={async () => {
          setConfirming(false);
          if (await store.remove()) navigate(`/my-apps/${detail.appId}/runs`);
        }}
        onCancel={() => setConfirming(false)}
      >
        <p className="alert-title">
          <strong>{RUNS.deleteTitle}</strong>
        </p>
        <p>{RUNS.deleteText}</p>
      </Alert>
    </>
  );
});

export default RunPage;
