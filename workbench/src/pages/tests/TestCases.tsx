import { Button, Card, HTMLTable, Tag } from '@blueprintjs/core';
import { PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { Fragment, useState } from 'react';
import { useStores } from '../../stores-context';
import { describeCheck } from '../../stores/app-test-checks';
import { TESTS } from '../../texts/testing-texts';
import { AddCheckForm } from './AddCheckForm';

/** The cases of the set: inputs, checks, and per case Add a check (in a row below it) and Remove. */
export const TestCases = observer(function TestCases() {
  const { tests } = useStores();
  const [adding, setAdding] = useState<string | null>(null);
  return (
    <section className="tests-section" aria-labelledby="cases-heading">
      <h2 id="cases-heading" className="tests-heading">
        {TESTS.casesHeading(tests.cases.length)}
      </h2>
      {tests.cases.length === 0 ? (
        <p className="muted" data-testid="cases-empty">
          {TESTS.casesEmpty}
        </p>
      ) : (
        <Card className="tests-table-card">
          <HTMLTable className="tests-table tests-stack" compact data-testid="cases-table">
            <thead>
              <tr>
                <th>{TESTS.caseName}</th>
                <th>{TESTS.caseInputs}</th>
                <th>{TESTS.caseChecks}</th>
                <th aria-label={TESTS.removeCase('')} />
              </tr>
            </thead>
            <tbody>
              {tests.cases.map((one) => (
                <Fragment key={one.id}>
                  <tr data-testid="case-row">
                    <td className="tests-case-name">{one.name}</td>
                    <td className="tests-inputs" data-label={TESTS.caseInputs}>
                      {Object.entries(one.inputs)
                        .map(([key, value]) => `${key}: ${String(value)}`)
                        .join(' · ')}
                    </td>
                    <td data-label={TESTS.caseChecks}>
                      {one.checks.length === 0 ? (
                        <span className="muted">{TESTS.noChecks}</span>
                      ) : (
                        one.checks.map((check, i) => (
                          <Tag key={i} minimal className="tests-check">
                            {describeCheck(check, (target) => tests.targetName(target))}
                          </Tag>
                        ))
                      )}
                    </td>
                    <td className="tests-row-actions">
                      <Button
                        variant="minimal"
                        size="small"
                        icon={<PlusIcon />}
                        aria-label={`${TESTS.addCheck}: ${one.name}`}
                        aria-expanded={adding === one.id}
                        title={TESTS.addCheck}
                        onClick={() => setAdding(adding === one.id ? null : one.id)}
                      />
                      <Button
                        variant="minimal"
                        size="small"
                        icon={<TrashIcon />}
                        aria-label={TESTS.removeCase(one.name)}
                        disabled={tests.busy}
                        onClick={() => void tests.removeCase(one.id)}
                      />
                    </td>
                  </tr>
                  {adding === one.id && (
                    <tr className="tests-add-check-row">
                      <td colSpan={4}>
                        <AddCheckForm caseId={one.id} caseName={one.name} onDone={() => setAdding(null)} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
    </section>
  );
});
