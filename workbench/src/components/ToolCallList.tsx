import { HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import type { ToolCallRow } from '../stores/tool-call-log';
import { formatDuration } from '../texts/run-history-texts';
import { TOOL_CALL_TEXTS } from '../texts/tool-texts';
import './tool-calls.css';

function argumentsText(args: ToolCallRow['arguments']): string {
  return typeof args === 'string' ? args : JSON.stringify(args);
}

function Outcome({ row }: { row: ToolCallRow }) {
  if (row.status === 'running')
    return (
      <span className="tool-call-running">
        <Spinner size={12} /> {TOOL_CALL_TEXTS.running}
      </span>
    );
  if (row.status === 'succeeded') return <span className="tool-call-answer">{row.answer ?? ''}</span>;
  return (
    <span className="tool-call-error">
      <Tag minimal intent={row.status === 'failed' ? 'danger' : 'warning'}>
        {row.status === 'failed' ? TOOL_CALL_TEXTS.failed : TOOL_CALL_TEXTS.refused}
      </Tag>{' '}
      {row.error ?? ''}
    </span>
  );
}

/**
 * A model block's tool calls, one row each: the tool, its arguments, its answer (or why it failed
 * or was not made), its time and credits, and a link to the run a call to an app made.
 */
export function ToolCallList({ rows, live = false }: { rows: readonly ToolCallRow[]; live?: boolean }) {
  if (rows.length === 0)
    return <p className="muted small">{live ? TOOL_CALL_TEXTS.waiting : TOOL_CALL_TEXTS.none}</p>;
  return (
    <div className="tool-calls-scroll">
      <HTMLTable compact className="tool-calls" data-testid="tool-calls">
        <thead>
          <tr>
            <th scope="col">{TOOL_CALL_TEXTS.tool}</th>
            <th scope="col">{TOOL_CALL_TEXTS.arguments}</th>
            <th scope="col">{TOOL_CALL_TEXTS.answer}</th>
            <th scope="col">{TOOL_CALL_TEXTS.time}</th>
            <th scope="col">{TOOL_CALL_TEXTS.credits}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={index}
              className={`tool-call is-${row.status}`}
              data-testid="tool-call"
              data-status={row.status}
            >
              <td className="tool-call-tool">
                <code>{row.tool}</code>
                {row.turn !== undefined && (
                  <div className="muted small">{TOOL_CALL_TEXTS.turn(row.turn)}</div>
                )}
              </td>
              <td>
                <code className="tool-call-arguments">{argumentsText(row.arguments)}</code>
              </td>
              <td>
                <Outcome row={row} />
                {row.runId && (
                  <div>
                    <Link to={`/runs/${encodeURIComponent(row.runId)}`} data-testid="tool-call-run">
                      {TOOL_CALL_TEXTS.openRun}
                    </Link>
                  </div>
                )}
              </td>
              <td className="tool-call-number">{row.ms === undefined ? '' : formatDuration(row.ms)}</td>
              <td className="tool-call-number">{row.credits ? row.credits : TOOL_CALL_TEXTS.free}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
