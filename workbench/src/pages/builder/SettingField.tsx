import { FormGroup, HTMLSelect, InputGroup, NumericInput, Switch, TextArea } from '@blueprintjs/core';
import type { SettingField as SettingFieldSpec } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { forwardRef, useState } from 'react';
import { useStores } from '../../stores-context';
import { settingProblem } from '../../stores/setting-rules';
import { KnowledgeBasePicker } from './KnowledgeBasePicker';

interface Props {
  blockId: string;
  settingKey: string;
  field: SettingFieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  onCommit: () => void;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** One control of a block's settings form, chosen by the field's declared type. */
export const SettingField = observer(
  forwardRef<HTMLTextAreaElement, Props>(function SettingField(
    { blockId, settingKey, field, value, onChange, onCommit },
    promptRef,
  ) {
    const { catalogue } = useStores();
    const id = `setting-${blockId}-${settingKey}`;
    let problem = settingProblem(field, value);
    // A number being typed is kept as text until it is complete.
    const [draft, setDraft] = useState<string | null>(null);

    let control: React.ReactNode;
    switch (field.type) {
      case 'boolean':
        return (
          <Switch
            className="setting-switch"
            id={id}
            label={field.label}
            checked={value === true}
            onChange={(event) => {
              onChange(event.currentTarget.checked);
              onCommit();
            }}
          />
        );
      case 'select':
        control = (
          <HTMLSelect
            id={id}
            fill
            value={asText(value)}
            options={field.options.map((option) => ({ value: option.value, label: option.label }))}
            onChange={(event) => {
              onChange(event.currentTarget.value);
              onCommit();
            }}
          />
        );
        break;
      case 'model': {
        const current = asText(value);
        const choices = catalogue.modelChoices(field, current);
        problem ??= choices.problem;
        control = (
          <HTMLSelect
            id={id}
            fill
            value={current}
            onChange={(event) => {
              onChange(event.currentTarget.value);
              onCommit();
            }}
          >
            {choices.groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </HTMLSelect>
        );
        break;
      }
      case 'number':
        control = (
          // Blueprint's step buttons point at the input by the id it gives it: the input keeps
          // that id and is named by the field's label instead.
          <NumericInput
            aria-label={field.label}
            fill
            min={field.min}
            max={field.max}
            stepSize={field.step ?? 1}
            minorStepSize={field.integer ? null : 0.1}
            clampValueOnBlur
            value={draft ?? (typeof value === 'number' ? value : '')}
            rightElement={field.unit ? <span className="field-unit">{field.unit}</span> : undefined}
            onValueChange={(number, text) => {
              setDraft(text);
              if (Number.isFinite(number)) onChange(number);
            }}
            onBlur={() => {
              setDraft(null);
              onCommit();
            }}
          />
        );
        break;
      case 'prompt':
        control = (
          <TextArea
            id={id}
            inputRef={promptRef}
            fill
            autoResize
            className="prompt-input"
            value={asText(value)}
            placeholder={field.placeholder}
            maxLength={field.maxLength}
            onChange={(event) => onChange(event.currentTarget.value)}
            onBlur={onCommit}
          />
        );
        break;
      case 'text':
        control =
          field.picker === 'knowledgeBase' ? (
            <KnowledgeBasePicker id={id} value={asText(value)} onChange={onChange} onCommit={onCommit} />
          ) : field.multiline ? (
            <TextArea
              id={id}
              fill
              autoResize
              value={asText(value)}
              placeholder={field.placeholder}
              maxLength={field.maxLength}
              onChange={(event) => onChange(event.currentTarget.value)}
              onBlur={onCommit}
            />
          ) : (
            <InputGroup
              id={id}
              value={asText(value)}
              placeholder={field.placeholder}
              maxLength={field.maxLength}
              onValueChange={(text) => onChange(text)}
              onBlur={onCommit}
            />
          );
        break;
    }

    return (
      <FormGroup
        label={field.label}
        labelFor={field.type === 'number' ? undefined : id}
        labelInfo={field.required === false ? '(optional)' : undefined}
        helperText={problem ?? field.help}
        intent={problem ? 'danger' : 'none'}
      >
        {control}
      </FormGroup>
    );
  }),
);
