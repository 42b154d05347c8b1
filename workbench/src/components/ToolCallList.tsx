import { Spinner, Tag } from '@blueprintjs/core';
import { formatCredits } from '@blocksmith/schema';
import { Link } from 'react-router-dom';
import type { ToolCallRow } from '../stores/tool-call-log';
import { formatDuration } from '../texts/run-history-texts';
import { TOOL_CALL_TEXTS } from '../texts/tool-texts';
import './tool-calls.css';

function argumentsText(args: ToolCallRow['arguments']): string {
  return typeof args === 'string' ? args : JSON.stringify(args, null, 1).replace(/\n\s*/g, ' ');
}

function StatusMark({ row }: { row: ToolCallRow }) {
  if (row.status === 'running')
    return (
      <span className="tool-call-running">
        <Spinner size={12} /> {TOOL_CALL_TEXTS.running}
      </span>
    );
  if (row.status === 'succeeded') return null;
  return (
    <Tag minimal intent={row.status === 'failed' ? 'danger' : 'warning'}>
      {row.status === 'failed' ? TOOL_CALL_TEXTS.failed : TOOL_CALL_TEXTS.refused}
    </Tag>
  );
}

/**
 * A model block's tool calls, one card each (long arguments and answers scroll, reachable by
 * keyboard): the tool, where it comes from (a block, an app, an MCP server) and the model's step
 * that asked for it,
 * how it went, its time and credits, its arguments, its answer (or why it failed or was not
 * made), and a link to the run a call to an app made.
 */
export function ToolCallList({ rows, live = false }: { rows: readonly ToolCallRow[]; live?: boolean }) {
  if (rows.length === 0)
    return <p className="muted small">{live ? TOOL_CALL_TEXTS.waiting : TOOL_CALL_TEXTS.none}</p>;
  return (
    <ol className="tool-calls" data-testid="tool-calls">
      {rows.map((row, index) => {
        const facts = [
          row.ms === undefined || row.status === 'refused' ? '' : formatDuration(row.ms),
          row.credits ? formatCredits(row.credits) : '',
        ].filter(Boolean);
        const outcome = row.status === 'succeeded' ? row.answer : row.error;
        return (
          <li
            key={index}
            className={`tool-call is-${row.status}`}
            data-testid="tool-call"
            data-status={row.status}
          >
            <div className="tool-call-head">
              <code className="tool-call-tool">{row.tool}</code>
              {row.source && (
                <Tag minimal className="tool-call-source" data-testid="tool-call-source">
                  {TOOL_CALL_TEXTS.source(row.source, row.from)}
                </Tag>
              )}
              {row.turn !== undefined && (
                <span className="muted small">{TOOL_CALL_TEXTS.turn(row.turn)}</span>
              )}
              <StatusMark row={row} />
              {facts.length > 0 && <span className="tool-call-facts">{facts.join(' · ')}</span>}
            </div>
            <dl className="tool-call-body">
              <dt>{TOOL_CALL_TEXTS.arguments}</dt>
              <dd>
                <code className="tool-call-arguments" tabIndex={0}>
                  {argumentsText(row.arguments)}
                </code>
              </dd>
              {outcome !== undefined && outcome !== '' && (
                <>
                  <dt>{row.status === 'succeeded' ? TOOL_CALL_TEXTS.answer : TOOL_CALL_TEXTS.reason}</dt>
                  <dd>
                    <pre
                      className={row.status === 'succeeded' ? 'tool-call-answer' : 'tool-call-error'}
                      tabIndex={0}
                    >
                      {outcome}
                    </pre>
                  </dd>
                </>
              )}
            </dl>
            {row.runId && (
              <Link
                to={`/runs/${encodeURIComponent(row.runId)}`}
                className="tool-call-run"
                data-testid="tool-call-run"
              >
                {TOOL_CALL_TEXTS.openRun}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}
