import { Button, Callout } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { PreRunChecklist } from '../../stores/pre-run-checklist';
import { CHECKLIST } from '../../texts/builder-texts';

/** What stands in the way of a preview run, by its Run button: each problem selects its block. */
export const RunChecklist = observer(function RunChecklist({
  checklist,
}: {
  checklist: Pick<PreRunChecklist, 'problems' | 'show'>;
}) {
  const { problems } = checklist;
  if (problems.length === 0) return null;
  return (
    <Callout
      intent="warning"
      icon={<WarningSignIcon />}
      title={CHECKLIST.title}
      className="run-checklist"
      data-testid="run-checklist"
    >
      <p className="small">{CHECKLIST.lead}</p>
      <ul className="run-checklist-items">
        {problems.map((problem) => (
          <li key={`${problem.nodeId} ${problem.message}`}>
            <Button
              minimal
              small
              alignText="left"
              className="run-checklist-item"
              text={problem.message}
              onClick={() => checklist.show(problem)}
            />
          </li>
        ))}
      </ul>
    </Callout>
  );
});
