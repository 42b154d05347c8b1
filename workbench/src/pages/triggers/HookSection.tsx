import { Button, Card, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { LinkIcon, RefreshIcon, TrashIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { Hook } from '../../api/triggers';
import { CopyButton } from '../../components/CopyButton';
import { useStores } from '../../stores-context';
import { TRIGGERS } from '../../texts/trigger-texts';
import { CheckedTextArea, when } from './trigger-parts';

export const Hooks = observer(function Hooks() {
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
        <CheckedTextArea
          id="hook-mapping"
          label={TRIGGERS.mappingLabel}
          help={TRIGGERS.mappingHelp}
          problem={triggers.mappingProblem}
          value={triggers.mappingText}
          placeholder="topic = customer.message"
          onChange={(value) => triggers.set('mappingText', value)}
        />
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
