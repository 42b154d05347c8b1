import {
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  NumericInput,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import {
  LinkIcon,
  PauseIcon,
  PlayIcon,
  RefreshIcon,
  TimeIcon,
  TrashIcon,
  WarningSignIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { EVERY_MINUTES, REPEATS, WEEKDAYS, type Hook, type Repeat, type Schedule } from '../../api/triggers';
import { CopyButton } from '../../components/CopyButton';
import { SignedInPage } from '../../components/SignedInPage';
import { usePageTitle } from '../../components/use-page-title';
import { useStores } from '../../stores-context';
import { exampleBody } from '../../stores/triggers-store';
import { PAGE_TITLES } from '../../texts/page-titles';
import { TRIGGERS } from '../../texts/trigger-texts';
import './triggers.css';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : TRIGGERS.never;
}

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

const Schedules = observer(function Schedules() {
  const { triggers } = useStores();
  return (
    <section className="triggers-section" aria-labelledby="schedules-heading">
      <h2 id="schedules-heading" className="triggers-heading">
        {TRIGGERS.schedulesHeading}
      </h2>
      {triggers.schedules.length === 0 ? (
        <p className="muted" data-testid="schedules-empty">
          {TRIGGERS.schedulesEmpty}
        </p>
      ) : (
        <Card className="triggers-table-card">
          <HTMLTable className="triggers-table" compact>
            <thead>
              <tr>
                <th>{TRIGGERS.columns.when}</th>
                <th>{TRIGGERS.columns.next}</th>
                <th>{TRIGGERS.columns.last}</th>
                <th>{TRIGGERS.columns.status}</th>
                <th>{TRIGGERS.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {triggers.schedules.map((schedule) => (
                <ScheduleRow key={schedule.id} schedule={schedule} />
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
      <ScheduleForm />
    </section>
  );
});

const ScheduleRow = observer(function ScheduleRow({ schedule }: { schedule: Schedule }) {
  const { triggers } = useStores();
  const paused = schedule.status === 'paused';
  return (
    <tr data-testid="schedule-row">
      <td data-label={TRIGGERS.columns.when}>
        <strong>{schedule.name}</strong>
        {schedule.name !== schedule.description && <div className="muted small">{schedule.description}</div>}
        <div className="muted small">
          <code>{schedule.cron}</code> · {schedule.timeZone}
        </div>
      </td>
      <td data-label={TRIGGERS.columns.next}>{when(schedule.nextRunAt)}</td>
      <td data-label={TRIGGERS.columns.last}>
        {when(schedule.lastRunAt)}
        {schedule.lastRunId && (
          <div>
            <Link to={`/runs/${schedule.lastRunId}`}>{TRIGGERS.viewRun}</Link>
            {schedule.lastRunStatus && <span className="muted small"> · {schedule.lastRunStatus}</span>}
          </div>
        )}
        {schedule.lastError && !schedule.pausedReason && (
          <div className="triggers-error small">{schedule.lastError}</div>
        )}
      </td>
      <td data-label={TRIGGERS.columns.status}>
        <Tag intent={paused ? 'warning' : 'success'} minimal>
          {paused ? TRIGGERS.paused : TRIGGERS.active}
        </Tag>
        {schedule.pausedReason && (
          <div className="triggers-error small" data-testid="paused-reason">
            {schedule.pausedReason}
          </div>
        )}
      </td>
      <td className="triggers-actions">
        <Button
          variant="minimal"
          icon={paused ? <PlayIcon /> : <PauseIcon />}
          text={paused ? TRIGGERS.resume : TRIGGERS.pause}
          disabled={triggers.busy}
          onClick={() => void triggers.setPaused(schedule, !paused)}
        />
        <Button
          variant="minimal"
          intent="danger"
          icon={<TrashIcon />}
          text={TRIGGERS.delete}
          disabled={triggers.busy}
          onClick={() => void triggers.deleteSchedule(schedule)}
        />
      </td>
    </tr>
  );
});

const ScheduleForm = observer(function ScheduleForm() {
  const { triggers } = useStores();
  const { repeat } = triggers;
  return (
    <Card className="triggers-form">
      <h3 className="triggers-subheading">{TRIGGERS.newSchedule}</h3>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void triggers.addSchedule();
        }}
      >
        <div className="triggers-form-row">
          <FormGroup label={TRIGGERS.repeatLabel} labelFor="schedule-repeat">
            <HTMLSelect
              id="schedule-repeat"
              value={repeat}
              onChange={(event) => triggers.set('repeat', event.currentTarget.value as Repeat)}
              options={REPEATS.map((value) => ({ value, label: TRIGGERS.repeats[value] ?? value }))}
            />
          </FormGroup>
          {repeat === 'minutes' && (
            <FormGroup label={TRIGGERS.everyLabel} labelFor="schedule-every">
              <HTMLSelect
                id="schedule-every"
                value={triggers.everyMinutes}
                onChange={(event) => triggers.set('everyMinutes', Number(event.currentTarget.value))}
                options={EVERY_MINUTES.map((n) => ({ value: n, label: `${n} ${TRIGGERS.minutesUnit}` }))}
              />
            </FormGroup>
          )}
          {repeat === 'hourly' && (
            <FormGroup label={TRIGGERS.minuteLabel} labelFor="schedule-minute">
              <NumericInput
                id="schedule-minute"
                min={0}
                max={59}
                value={triggers.minute}
                onValueChange={(value) => triggers.set('minute', Number.isFinite(value) ? value : 0)}
              />
            </FormGroup>
          )}
          {repeat === 'weekly' && (
            <FormGroup label={TRIGGERS.weekdayLabel} labelFor="schedule-weekday">
              <HTMLSelect
                id="schedule-weekday"
                value={triggers.weekday}
                onChange={(event) => triggers.set('weekday', event.currentTarget.value)}
                options={WEEKDAYS.map((day) => ({ value: day, label: day[0]!.toUpperCase() + day.slice(1) }))}
              />
            </FormGroup>
          )}
          {(repeat === 'daily' || repeat === 'weekly') && (
            <FormGroup label={TRIGGERS.timeLabel} labelFor="schedule-time">
              <InputGroup
                id="schedule-time"
                type="time"
                value={triggers.time}
                onValueChange={(value) => triggers.set('time', value)}
              />
            </FormGroup>
          )}
          {repeat === 'cron' && (
            <FormGroup label={TRIGGERS.cronLabel} labelFor="schedule-cron" helperText={TRIGGERS.cronHelp}>
              <InputGroup
                id="schedule-cron"
                value={triggers.cron}
                placeholder="0 9 * * 1-5"
                spellCheck={false}
                onValueChange={(value) => triggers.set('cron', value)}
              />
            </FormGroup>
          )}
          <FormGroup
            label={TRIGGERS.timeZoneLabel}
            labelFor="schedule-zone"
            helperText={TRIGGERS.timeZoneHelp}
          >
            <InputGroup
              id="schedule-zone"
              value={triggers.timeZone}
              placeholder="UTC"
              onValueChange={(value) => triggers.set('timeZone', value)}
            />
          </FormGroup>
        </div>
        <FormGroup label={TRIGGERS.nameLabel} labelFor="schedule-name">
          <InputGroup
            id="schedule-name"
            value={triggers.scheduleName}
            onValueChange={(value) => triggers.set('scheduleName', value)}
          />
        </FormGroup>
        <FormGroup
          label={TRIGGERS.inputsLabel}
          labelFor="schedule-inputs"
          helperText={triggers.inputsProblem || TRIGGERS.inputsHelp}
          intent={triggers.inputsProblem ? 'danger' : 'none'}
        >
          <TextArea
            id="schedule-inputs"
            fill
            rows={3}
            value={triggers.inputsText}
            placeholder='{"topic": "Today’s news"}'
            spellCheck={false}
            intent={triggers.inputsProblem ? 'danger' : 'none'}
            onChange={(event) => triggers.set('inputsText', event.currentTarget.value)}
          />
        </FormGroup>
        <Button
          type="submit"
          intent="primary"
          icon={<TimeIcon />}
          text={TRIGGERS.addSchedule}
          loading={triggers.busy}
          disabled={!triggers.canAddSchedule}
        />
      </form>
    </Card>
  );
});

const Hooks = observer(function Hooks() {
  const { triggers } = useStores();
  return (
    <section className="triggers-section" aria-labelledby="hooks-heading">
      <h2 id="hooks-heading" className="triggers-heading">
        {TRIGGERS.hooksHeading}
      </h2>
      {triggers.hooks.length === 0 ? (
        <p className="muted" data-testid="hooks-empty">
          {TRIGGERS.hooksEmpty}
        </p>
      ) : (
        <Card className="triggers-table-card">
          <HTMLTable className="triggers-table" compact>
            <thead>
              <tr>
                <th>{TRIGGERS.hookNameLabel}</th>
                <th>{TRIGGERS.columns.url}</th>
                <th>{TRIGGERS.columns.mapping}</th>
                <th>{TRIGGERS.columns.lastCalled}</th>
                <th>{TRIGGERS.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {triggers.hooks.map((hook) => (
                <HookRow key={hook.id} hook={hook} />
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
      <HookForm />
    </section>
  );
});

const HookRow = observer(function HookRow({ hook }: { hook: Hook }) {
  const { triggers } = useStores();
  const mapping = Object.entries(hook.mapping);
  return (
    <tr data-testid="hook-row">
      <td data-label={TRIGGERS.hookNameLabel}>
        <strong>{hook.name}</strong>
        <div className="muted small">
          {TRIGGERS.columns.secret}: <code>{hook.secretPrefix}…</code>
        </div>
      </td>
      <td data-label={TRIGGERS.columns.url}>
        <div className="triggers-url">
          <code>{hook.url}</code>
          <CopyButton text={hook.url} />
        </div>
      </td>
      <td data-label={TRIGGERS.columns.mapping}>
        {mapping.length === 0 ? (
          <span className="muted small">{TRIGGERS.noMapping}</span>
        ) : (
          <ul className="triggers-mapping">
            {mapping.map(([input, field]) => (
              <li key={input}>
                <code>{input}</code> ← <code>{String(field)}</code>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label={TRIGGERS.columns.lastCalled}>{when(hook.lastCalledAt)}</td>
      <td className="triggers-actions">
        <Button
          variant="minimal"
          icon={<RefreshIcon />}
          text={TRIGGERS.rotate}
          disabled={triggers.busy}
          onClick={() => void triggers.rotate(hook)}
        />
        <Button
          variant="minimal"
          intent="danger"
          icon={<TrashIcon />}
          text={TRIGGERS.delete}
          disabled={triggers.busy}
          onClick={() => void triggers.deleteHook(hook)}
        />
      </td>
    </tr>
  );
});

const HookForm = observer(function HookForm() {
  const { triggers } = useStores();
  return (
    <Card className="triggers-form">
      <h3 className="triggers-subheading">{TRIGGERS.newHook}</h3>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void triggers.addHook();
        }}
      >
        <FormGroup label={TRIGGERS.hookNameLabel} labelFor="hook-name">
          <InputGroup
            id="hook-name"
            value={triggers.hookName}
            placeholder="Shop orders"
            onValueChange={(value) => triggers.set('hookName', value)}
          />
        </FormGroup>
        <FormGroup
          label={TRIGGERS.mappingLabel}
          labelFor="hook-mapping"
          helperText={triggers.mappingProblem || TRIGGERS.mappingHelp}
          intent={triggers.mappingProblem ? 'danger' : 'none'}
        >
          <TextArea
            id="hook-mapping"
            fill
            rows={3}
            value={triggers.mappingText}
            placeholder="topic = customer.message"
            spellCheck={false}
            intent={triggers.mappingProblem ? 'danger' : 'none'}
            onChange={(event) => triggers.set('mappingText', event.currentTarget.value)}
          />
        </FormGroup>
        <Button
          type="submit"
          intent="primary"
          icon={<LinkIcon />}
          text={TRIGGERS.addHook}
          loading={triggers.busy}
          disabled={!triggers.canAddHook}
        />
      </form>
    </Card>
  );
});

export default TriggersPage;
