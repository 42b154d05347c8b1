import {
  Button,
  Callout,
  Divider,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Switch,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { EyeOpenIcon, TrashIcon, WarningSignIcon } from '@blueprintjs/icons';
import { CATEGORIES, isCategory, onErrorOf, unusedVariables } from '@blocksmith/schema';
import type { BlockSettingsOf } from '../../stores/catalogue-store';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { CategoryIcon } from '../../canvas/block-visuals';
import { useStores } from '../../stores-context';
import { HEADER, PROPERTIES } from '../../texts/builder-texts';
import { MODEL_TEXTS } from '../../texts/model-texts';
import './models.css';
import { OnErrorField } from './OnErrorField';
import { PromptAssistantButton } from './PromptAssistantDialog';
import { PublishButton } from './PublishButton';
import { SettingField } from './SettingField';
import { McpServersPicker } from './McpServersPicker';
import { AppToolsPicker, SecretNamePicker, ToolsSummary } from './ToolsFields';
import { takesTools, toolPickerOf } from '../../stores/tool-settings';
import { VersionProperties } from './VersionViewing';

/** Name, description, category and privacy of the app. */
const AppProperties = observer(function AppProperties() {
  const { builder } = useStores();
  const { document } = builder;
  const { meta } = document;
  return (
    <section className="panel-section">
      <h3 className="panel-heading">{PROPERTIES.appProperties}</h3>
      <FormGroup label={PROPERTIES.name} labelFor="app-name">
        <InputGroup
          id="app-name"
          value={meta.name}
          maxLength={80}
          onValueChange={(name) => document.setMeta({ name })}
        />
      </FormGroup>
      <FormGroup label={PROPERTIES.description} labelFor="app-description">
        <TextArea
          id="app-description"
          fill
          autoResize
          value={meta.description}
          maxLength={500}
          onChange={(event) => document.setMeta({ description: event.currentTarget.value })}
        />
      </FormGroup>
      <FormGroup label={PROPERTIES.category} labelFor="app-category">
        <HTMLSelect
          id="app-category"
          fill
          value={meta.category}
          onChange={(event) => {
            const value = event.currentTarget.value;
            document.setMeta({ category: isCategory(value) ? value : '' });
          }}
          options={[
            { value: '', label: PROPERTIES.chooseCategory },
            ...CATEGORIES.map((c) => ({ value: c, label: c })),
          ]}
        />
      </FormGroup>
      <Switch
        checked={meta.isPrivate}
        label={PROPERTIES.private}
        onChange={(event) => document.setMeta({ isPrivate: event.currentTarget.checked })}
      />
    </section>
  );
});

/** What one run of an AI block costs with the models chosen for it. */
const BlockCostLine = observer(function BlockCostLine({ plugin }: { plugin: BlockSettingsOf }) {
  const { catalogue } = useStores();
  const cost = catalogue.blockCost(plugin);
  return (
    <p className="small block-cost" data-testid="block-cost">
      {MODEL_TEXTS.costLabel}: {MODEL_TEXTS.blockCost(cost.total, cost.block, cost.models)}
    </p>
  );
});

/** The selected block's settings form, drawn from the settings its kind declares. */
const BlockSettings = observer(function BlockSettings() {
  const { builder, catalogue } = useStores();
  const { document } = builder;
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const plugin = builder.selectedBlock;
  if (!plugin) return <p className="muted panel-hint">{PROPERTIES.noSelection}</p>;
  const { id, available, fields: seenFields } = plugin;
  const entry = catalogue.byId.get(plugin.type);
  if (!entry) {
    return (
      <section className="panel-section">
        <Callout intent="warning" title={plugin.type}>
          This block kind is not available on this server, so its settings cannot be edited.
        </Callout>
      </section>
    );
  }
  const fields = Object.entries(entry.settings);
  const promptKey = fields.find(([, field]) => field.type === 'prompt')?.[0];
  const template = promptKey ? String(plugin.settings[promptKey] ?? '') : '';
  const unused = promptKey ? unusedVariables(template, available) : [];

  const insertVariable = (name: string) => {
    if (!promptKey) return;
    const area = promptRef.current;
    const token = `{{${name}}}`;
    const start = area?.selectionStart ?? template.length;
    const end = area?.selectionEnd ?? template.length;
    document.updateSetting(id, promptKey, template.slice(0, start) + token + template.slice(end));
    document.sealHistory();
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <section className="panel-section" aria-label={`${entry.name} settings`}>
      <div className="block-settings-head">
        <span className={`block-icon block-icon-${entry.category}`}>
          <CategoryIcon category={entry.category} />
        </span>
        <div>
          <h3 className="panel-heading">{entry.name}</h3>
          <p className="muted small">{entry.description}</p>
        </div>
      </div>
      {plugin.variable && (
        <p className="small">
          Output variable <code>{`{{${plugin.variable}}}`}</code>
        </p>
      )}
      {entry.category === 'ai' && <BlockCostLine plugin={plugin} />}
      {fields.map(([key, field]) => {
        const picker = toolPickerOf(entry, key);
        const Picker =
          picker === 'apps'
            ? AppToolsPicker
            : picker === 'secret'
              ? SecretNamePicker
              : picker === 'mcpServers'
                ? McpServersPicker
                : null;
        return Picker ? (
          <Picker
            key={`${id}:${key}`}
            blockId={id}
            settingKey={key}
            field={field}
            value={plugin.settings[key]}
            appId={document.meta.id}
            onChange={(value) => document.updateSetting(id, key, value)}
            onCommit={() => document.sealHistory()}
          />
        ) : (
          <SettingField
            key={`${id}:${key}`}
            ref={key === promptKey ? promptRef : undefined}
            blockId={id}
            settingKey={key}
            field={field}
            value={plugin.settings[key]}
            onChange={(value) => document.updateSetting(id, key, value)}
            onCommit={() => document.sealHistory()}
          />
        );
      })}
      {takesTools(entry) && <ToolsSummary blockId={id} plugin={plugin} />}
      {promptKey && available.length > 0 && (
        <div className="variables">
          <div className="variables-label">{PROPERTIES.variables}</div>
          <div className="variables-list">
            {available.map((name) => (
              <Tag
                key={name}
                interactive
                minimal
                intent="primary"
                onClick={() => insertVariable(name)}
                title={PROPERTIES.variablesHelp}
              >
                {`{{${name}}}`}
              </Tag>
            ))}
          </div>
          {seenFields.length > 0 && (
            <>
              <div className="variables-label">{PROPERTIES.fields}</div>
              <div className="variables-list">
                {seenFields.map((path) => (
                  <Tag
                    key={path}
                    interactive
                    minimal
                    onClick={() => insertVariable(path)}
                    title={PROPERTIES.variablesHelp}
                  >
                    {`{{${path}}}`}
                  </Tag>
                ))}
              </div>
            </>
          )}
        </div>
      )}
      {promptKey && <PromptAssistantButton blockId={id} variables={available} settingKey={promptKey} />}
      {unused.length > 0 && (
        <Callout intent="warning" icon={<WarningSignIcon />} title={PROPERTIES.headsUp} className="heads-up">
          {PROPERTIES.headsUpText} {unused.map((name) => `{{${name}}}`).join(', ')}
        </Callout>
      )}
      {!entry.flow?.loop && (
        <OnErrorField
          blockId={id}
          value={onErrorOf(plugin)}
          onChange={(mode) => document.setOnError(id, mode)}
        />
      )}
      <Divider />
      <Button
        variant="minimal"
        intent="danger"
        icon={<TrashIcon />}
        text={PROPERTIES.deleteBlock}
        onClick={() => {
          builder.view.selectNode(id);
          builder.gestures.deleteSelection();
        }}
      />
    </section>
  );
});

/** The right panel: app properties, then the selected block's settings. */
export const PropertiesPanel = observer(function PropertiesPanel({
  withActions = false,
}: {
  withActions?: boolean;
}) {
  const { builder } = useStores();
  return (
    <div className="properties-content" data-tour="properties">
      {withActions && (
        <div className="panel-actions">
          <Button
            icon={<EyeOpenIcon />}
            text={HEADER.preview}
            onClick={() => void builder.preview.openPreview()}
          />
          <PublishButton />
        </div>
      )}
      {builder.readOnly ? (
        <VersionProperties />
      ) : (
        <>
          <AppProperties />
          <Divider />
          <BlockSettings />
        </>
      )}
    </div>
  );
});
