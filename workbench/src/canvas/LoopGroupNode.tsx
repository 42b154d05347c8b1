import { RepeatIcon } from '@blueprintjs/icons';
import type { NodeProps } from '@xyflow/react';
import { observer } from 'mobx-react-lite';
import { memo } from 'react';
import type { LoopGroupNode as LoopGroupFlowNode } from '../stores/canvas-flow';
import { FLOW_TEXTS } from '../texts/flow-texts';
import { useCanvasSource } from './canvas-source';

/** The item the loop is on while it runs, from its opener's progress. */
const GroupProgress = observer(function GroupProgress({ openerId }: { openerId: string }) {
  const { run } = useCanvasSource();
  const loop = run.nodeState(openerId)?.loop;
  if (!loop || loop.items === 0) return null;
  const running = loop.done < loop.items;
  return (
    <span className="loop-group-progress">
      {running ? FLOW_TEXTS.itemOf(loop.done + 1, loop.items) : FLOW_TEXTS.itemsDone(loop.items)}
    </span>
  );
});

function LoopGroupView({ data }: NodeProps<LoopGroupFlowNode>) {
  return (
    <div className={`loop-group${data.open ? ' is-open' : ''}`} data-testid="loop-group">
      <div className="loop-group-label">
        <RepeatIcon size={12} />
        <span>{data.open ? FLOW_TEXTS.loopGroupOpen : FLOW_TEXTS.loopGroup}</span>
        <GroupProgress openerId={data.openerId} />
      </div>
    </div>
  );
}
LoopGroupView.displayName = 'LoopGroupNode';

/** The blocks a loop runs once per item, drawn as a group behind them; never selected or moved. */
export const LoopGroupNode = memo(LoopGroupView);
