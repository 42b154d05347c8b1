import { observer } from 'mobx-react-lite';
import { ToolCallList } from '../../components/ToolCallList';
import type { RunStore } from '../../stores/run-store';
import { TOOL_CALL_TEXTS } from '../../texts/tool-texts';

/** The run's tool calls, per block that hands tools to a model: live while it runs, then as kept. */
export const RunToolCalls = observer(function RunToolCalls({
  run,
  level = 5,
}: {
  run: RunStore;
  /** The heading level of each list (under the results' heading). */
  level?: 3 | 4 | 5;
}) {
  const groups = run.results.toolCalls;
  if (groups.length === 0) return null;
  const Heading = `h${level}` as const;
  return (
    <section className="run-tool-calls" aria-label={TOOL_CALL_TEXTS.heading} data-testid="run-tool-calls">
      {groups.map((group) => (
        <div key={group.nodeId}>
          <Heading className="panel-heading">
            {groups.length === 1 ? TOOL_CALL_TEXTS.heading : TOOL_CALL_TEXTS.headingOf(group.title)}
          </Heading>
          <ToolCallList rows={group.rows} live={group.running} />
        </div>
      ))}
    </section>
  );
});
