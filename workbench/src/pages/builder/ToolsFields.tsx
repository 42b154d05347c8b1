import { Checkbox, FormGroup, HTMLSelect, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import type { SettingField as SettingFieldSpec } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useStores } from '../../stores-context';
import type { BlockSettingsOf } from '../../stores/catalogue-store';
import { toggleToolRef } from '../../stores/tool-refs';
import { connectedTools, mostBlockCost, secretChoices } from '../../stores/tool-settings';
import { SECRETS_PATH } from '../../texts/secret-texts';
import { TOOL_TEXTS } from '../../texts/tool-texts';
import './tools.css';

interface PickerProps {
  blockId: string;
  settingKey: string;
  field: SettingFieldSpec;
  value: unknown;
  /** The app being built (it cannot be its own tool). */
  appId: string | null | undefined;
  onChange: (value: string) => void;
  onCommit: () => void;
}

/** Reads what the pickers offer once the person is known. */
function useToolChoices(): void {
  const { toolApps, session } = useStores();
  const userId = session.user?.id;
  useEffect(() => {
    if (userId) void toolApps.ensureLoaded();
  }, [toolApps, userId]);
}

/**
 * The apps a block may call as tools: the chosen ones (each with its price per call, removable),
 * then the person's apps and the store's, searched by name, each chosen with a tick.
 */
export const AppToolsPicker = observer(function AppToolsPicker({
  blockId,
  settingKey,
  field,
  value,
  appId,
  onChange,
  onCommit,
}: PickerProps) {
  const { toolApps, session } = useStores();
  useToolChoices();
  const id = `setting-${blockId}-${settingKey}`;
  const toggle = (ref: string) => {
    onChange(toggleToolRef(value, ref));
    onCommit();
  };
  const chosen = toolApps.chosen(value);
  const chosenRefs = new Set(chosen.map((app) => app.ref));
  const found = toolApps.found(appId);
  return (
    <FormGroup label={field.label ?? TOOL_TEXTS.appsHeading} labelFor={id} helperText={TOOL_TEXTS.appsHelp}>
      {chosen.length > 0 && (
        <div className="tool-apps-chosen" data-testid="tool-apps-chosen">
          {chosen.map((app) =>
            'unknown' in app ? (
              <Tag
                key={app.ref}
                intent="danger"
                minimal
                onRemove={() => toggle(app.ref)}
                title={TOOL_TEXTS.unknownApp(app.ref)}
              >
                {TOOL_TEXTS.unknownApp(app.ref)}
              </Tag>
            ) : (
              <Tag
                key={app.ref}
                intent="primary"
                minimal
                onRemove={() => toggle(app.ref)}
                aria-label={TOOL_TEXTS.removeApp(app.name)}
              >
                {app.name} · {TOOL_TEXTS.perCall(app.price)}
              </Tag>
            ),
          )}
        </div>
      )}
      {!session.signedIn ? (
        <p className="muted small">{TOOL_TEXTS.appsSignedOut}</p>
      ) : (
        <>
          <InputGroup
            id={id}
            type="search"
            leftIcon={<SearchIcon />}
            placeholder={TOOL_TEXTS.appsSearch}
            aria-label={TOOL_TEXTS.appsSearch}
            value={toolApps.search}
            onValueChange={(search) => toolApps.setSearch(search)}
          />
          {toolApps.state === 'loading' ? (
            <p className="muted small tool-apps-status">
              <Spinner size={12} /> {TOOL_TEXTS.appsLoading}
            </p>
          ) : (
            <ul className="tool-apps-list" data-testid="tool-apps-list">
              {found.map((app) => (
                <li key={app.ref} className="tool-app">
                  <Checkbox
                    checked={chosenRefs.has(app.ref)}
                    onChange={() => toggle(app.ref)}
                    aria-label={TOOL_TEXTS.chooseApp(app.name)}
                  >
                    <span className="tool-app-name">{app.name}</span>
                    <span className="tool-app-meta">
                      <Tag minimal>{app.own ? TOOL_TEXTS.own : TOOL_TEXTS.store}</Tag>
                      <span className="tool-app-price" data-testid="tool-app-price">
                        {TOOL_TEXTS.perCall(app.price)}
                        {app.creatorPrice > 0 && ` (${TOOL_TEXTS.creatorShare(app.creatorPrice)})`}
                      </span>
                    </span>
                  </Checkbox>
                </li>
              ))}
              {found.length === 0 && toolApps.state === 'ready' && (
                <li className="muted small">
                  {toolApps.search.trim() === '' ? TOOL_TEXTS.appsEmpty : TOOL_TEXTS.appsNone}
                </li>
              )}
            </ul>
          )}
          {toolApps.state === 'failed' && <p className="small tool-apps-failed">{TOOL_TEXTS.appsFailed}</p>}
        </>
      )}
    </FormGroup>
  );
});

/** A setting naming one of the person's secrets: a choice of their saved secrets' names. */
export const SecretNamePicker = observer(function SecretNamePicker({
  blockId,
  settingKey,
  field,
  value,
  onChange,
  onCommit,
}: PickerProps) {
  const { toolApps, session } = useStores();
  useToolChoices();
  const id = `setting-${blockId}-${settingKey}`;
  const current = typeof value === 'string' ? value.trim() : '';
  const { names, missing } = secretChoices(
    value,
    toolApps.secretNames,
    toolApps.state !== 'idle' && toolApps.state !== 'loading',
  );
  return (
    <FormGroup
      label={field.label}
      labelFor={id}
      labelInfo="(optional)"
      helperText={
        <>
          {missing !== null ? TOOL_TEXTS.secretMissingHelp(missing) : field.help}{' '}
          {session.signedIn && (
            <Link to={SECRETS_PATH} className="tool-secret-link">
              {TOOL_TEXTS.manageSecrets}
            </Link>
          )}
        </>
      }
      intent={missing !== null ? 'danger' : 'none'}
    >
      <HTMLSelect
        id={id}
        fill
        value={current}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          onCommit();
        }}
      >
        <option value="">{TOOL_TEXTS.secretNone}</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        {missing !== null && <option value={missing}>{TOOL_TEXTS.secretMissing(missing)}</option>}
      </HTMLSelect>
    </FormGroup>
  );
});

/** Below the settings of a block that takes tools: the blocks connected as tools, and the most a run costs. */
export const ToolsSummary = observer(function ToolsSummary({
  blockId,
  plugin,
}: {
  blockId: string;
  plugin: BlockSettingsOf;
}) {
  const { builder, catalogue } = useStores();
  const connected = connectedTools(
    builder.document.config,
    blockId,
    (type) => catalogue.byId.get(type)?.name,
  );
  const most = mostBlockCost(catalogue, { id: blockId, ...plugin });
  return (
    <div className="tools-summary" data-testid="tools-summary">
      <div className="variables-label">{TOOL_TEXTS.connectedHeading}</div>
      {connected.length === 0 ? (
        <p className="muted small">{TOOL_TEXTS.noneConnected}</p>
      ) : (
        <div className="variables-list">
          {connected.map((tool) => (
            <Tag
              key={tool.id}
              minimal
              interactive
              intent="primary"
              onClick={() => builder.view.selectNode(tool.id)}
            >
              {tool.name}
            </Tag>
          ))}
        </div>
      )}
      <p className="small tools-most-cost" data-testid="tools-most-cost">
        <strong>{TOOL_TEXTS.mostCostLabel}:</strong> {TOOL_TEXTS.mostCost(most.total, most.block, most.extra)}
      </p>
    </div>
  );
});
