import { HTMLSelect } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../../stores-context';
import { KNOWLEDGE_PATH, KNOWLEDGE_TEXT } from '../../texts/knowledge-texts';
import './knowledge-picker.css';

/**
 * A setting whose value is one of the person's knowledge bases (a text field declared with
 * `picker: 'knowledgeBase'`): chosen by name; an id that is not one of theirs is shown as such.
 */
export const KnowledgeBasePicker = observer(function KnowledgeBasePicker({
  id,
  value,
  onChange,
  onCommit,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onCommit: () => void;
}) {
  const { knowledge } = useStores();
  useEffect(() => {
    void knowledge.loadBases();
  }, [knowledge]);
  const known = knowledge.bases.some((base) => base.id === value);
  const options = [
    {
      value: '',
      label: knowledge.bases.length === 0 ? KNOWLEDGE_TEXT.pickerNone : KNOWLEDGE_TEXT.pickerPlaceholder,
    },
    ...(value !== '' && !known && knowledge.state === 'ready'
      ? [{ value, label: KNOWLEDGE_TEXT.pickerMissing }]
      : []),
    ...knowledge.bases.map((base) => ({ value: base.id, label: base.name })),
  ];
  return (
    <div className="knowledge-picker">
      <HTMLSelect
        id={id}
        fill
        value={value}
        options={options}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          onCommit();
        }}
      />
      <a href={KNOWLEDGE_PATH} target="_blank" rel="noreferrer">
        {KNOWLEDGE_TEXT.pickerManage}
      </a>
    </div>
  );
});
