import {
  Button,
  Card,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NumericInput,
  Tag,
} from '@blueprintjs/core';
import { PauseIcon, PlayIcon, TimeIcon, TrashIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { EVERY_MINUTES, REPEATS, WEEKDAYS, type Repeat, type Schedule } from '../../api/triggers';
import { useStores } from '../../stores-context';
import { TRIGGERS } from '../../texts/trigger-texts';
import { CheckedTextArea, when } from './trigger-parts';

export const Schedules = observer(function Schedules() {
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
        <CheckedTextArea
          id="schedule-inputs"
          label={TRIGGERS.inputsLabel}
          help={TRIGGERS.inputsHelp}
          problem={triggers.inputsProblem}
          value={triggers.inputsText}
          placeholder={'{"topic": "Today’s news"}'}
          onChange={(value) => triggers.set('inputsText', value)}
        />
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
