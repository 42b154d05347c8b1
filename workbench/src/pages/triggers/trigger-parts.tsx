import { FormGroup, TextArea } from '@blueprintjs/core';
import { TRIGGERS } from '../../texts/trigger-texts';

/** A moment as the viewer's locale writes it, or "Never". */
export function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : TRIGGERS.never;
}

/** A labelled text area whose problem, when it has one, replaces its help in red. */
export function CheckedTextArea(props: {
  id: string;
  label: string;
  help: string;
  problem: string | null | undefined;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  const intent = props.problem ? 'danger' : 'none';
  return (
    <FormGroup
      label={props.label}
      labelFor={props.id}
      helperText={props.problem || props.help}
      intent={intent}
    >
      <TextArea
        id={props.id}
        fill
        rows={3}
        value={props.value}
        placeholder={props.placeholder}
        spellCheck={false}
        intent={intent}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
    </FormGroup>
  );
}
