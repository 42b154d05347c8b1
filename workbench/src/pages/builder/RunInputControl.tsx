import { FileInput, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import type { RunInputField } from '../../stores/run-inputs';
import type { RunStore } from '../../stores/run-store';
import { RUN_PANEL } from '../../texts/builder-texts';
import { RUNS } from '../../texts/run-history-texts';

/** One run input: text (one line or several), file (accepted types and size limit) or dropdown. */
export const RunInputControl = observer(function RunInputControl({
  run,
  field,
}: {
  run: RunStore;
  field: RunInputField;
}) {
  const { toasts } = useStores();
  const id = `run-input-${field.plugin.id}`;
  const value = run.value(field.key) ?? '';
  let control: React.ReactNode;
  let helper: string | undefined;
  if (field.kind === 'choice') {
    control = (
      <HTMLSelect
        id={id}
        fill
        value={value || field.options[0] || ''}
        options={field.options}
        onChange={(event) => run.setValue(field.key, event.currentTarget.value)}
      />
    );
  } else if (field.kind === 'file') {
    const limits = [
      field.accept ? field.accept.split(',').join(', ') : '',
      field.maxSizeMb !== null ? `up to ${field.maxSizeMb} MB` : '',
    ].filter(Boolean);
    const chosen = run.file(field.key);
    const kept = chosen ? undefined : run.keptFile(field.key);
    if (kept) limits.push(RUNS.chooseAgain);
    helper = limits.length > 0 ? limits.join(', ') : undefined;
    control = (
      <FileInput
        fill
        hasSelection={chosen !== undefined || kept !== undefined}
        text={chosen?.name ?? (kept ? kept.name || RUNS.keptFile : RUN_PANEL.chooseFile)}
        inputProps={{ id, accept: field.accept || undefined }}
        onInputChange={(event) => {
          const input = event.currentTarget;
          const problem = run.chooseFile(field, input.files?.[0] ?? null);
          if (problem) {
            input.value = '';
            toasts.error(problem);
          }
        }}
      />
    );
  } else if (field.multiline) {
    control = (
      <TextArea
        id={id}
        fill
        autoResize
        value={value}
        placeholder={field.placeholder}
        onChange={(event) => run.setValue(field.key, event.currentTarget.value)}
      />
    );
  } else {
    control = (
      <InputGroup
        id={id}
        value={value}
        placeholder={field.placeholder}
        onValueChange={(text) => run.setValue(field.key, text)}
      />
    );
  }
  return (
    <FormGroup label={field.label} labelFor={id} helperText={helper}>
      {control}
    </FormGroup>
  );
});
