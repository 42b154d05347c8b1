import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { ON_ERROR_LABELS, ON_ERROR_MODES, type OnError } from '@blocksmith/schema';
import { PROPERTIES } from '../../texts/builder-texts';

const OPTIONS = ON_ERROR_MODES.map((mode) => ({ value: mode, label: ON_ERROR_LABELS[mode] }));

/** What the run does when a block fails: stop, continue with an error value, or take its error route. */
export function OnErrorField({
  blockId,
  value,
  onChange,
}: {
  blockId: string;
  value: OnError;
  onChange: (mode: OnError) => void;
}) {
  const id = `on-error-${blockId}`;
  return (
    <FormGroup label={PROPERTIES.onError} labelFor={id} helperText={PROPERTIES.onErrorHelp[value]}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        options={OPTIONS}
        onChange={(event) => {
          const mode = ON_ERROR_MODES.find((m) => m === event.currentTarget.value);
          if (mode) onChange(mode);
        }}
      />
    </FormGroup>
  );
}
