import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { TestCheck } from '../../api/app-tests';
import { useStores } from '../../stores-context';
import { checkFromForm } from '../../stores/app-test-checks';
import { TESTS } from '../../texts/testing-texts';

const CHECK_TYPES: TestCheck['type'][] = [
  'contains',
  'equals',
  'matches',
  'jsonSchema',
  'range',
  'label',
  'judge',
];

/**
 * A case's "Add a check": the kind, what it looks at (the final answer or one of the app's
 * blocks), its one field and, for a judged check, the model that judges: the catalogue's default
 * first, kept as no model so the server's default judges (and follows its configuration), or
 * another model of the catalogue named. `onDone` closes it, once added or cancelled.
 */
export const AddCheckForm = observer(function AddCheckForm({
  caseId,
  caseName,
  onDone,
}: {
  caseId: string;
  caseName: string;
  onDone: () => void;
}) {
  const { tests, toasts } = useStores();
  const [type, setType] = useState<TestCheck['type']>('contains');
  const [target, setTarget] = useState('answer');
  const [text, setText] = useState('');
  const { models, defaultModel } = tests.judgeModels;
  const [model, setModel] = useState('');
  const submit = async () => {
    const check = checkFromForm(type, target, text, type === 'judge' ? model : '');
    if ('problem' in check) {
      toasts.show('danger', check.problem);
      return;
    }
    if (await tests.addCheck(caseId, check)) onDone();
  };
  return (
    <form
      className="tests-add-check"
      aria-label={`${TESTS.addCheck}: ${caseName}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <HTMLSelect
        aria-label={TESTS.checkType}
        value={type}
        onChange={(event) => setType(event.target.value as TestCheck['type'])}
        options={CHECK_TYPES.map((value) => ({ value, label: TESTS.checkTypes[value] ?? value }))}
      />
      <HTMLSelect
        aria-label={TESTS.checkTarget}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        options={tests.targets.map(({ value, label }) => ({ value, label }))}
      />
      {type === 'judge' && models.length > 0 && (
        <HTMLSelect
          aria-label={TESTS.judgeModel}
          value={model}
          onChange={(event) => setModel(event.target.value)}
          options={models.map((one) =>
            one.id === defaultModel
              ? { value: '', label: TESTS.defaultModel(one.label) }
              : { value: one.id, label: one.label },
          )}
        />
      )}
      <InputGroup
        aria-label={TESTS.checkFieldLabel[type]}
        placeholder={TESTS.checkFieldPlaceholder[type]}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="tests-check-field"
        autoFocus
      />
      <Button type="submit" intent="primary" text={TESTS.saveCheck} disabled={tests.busy} />
      <Button variant="minimal" text={TESTS.cancelButton} onClick={onDone} />
    </form>
  );
});
