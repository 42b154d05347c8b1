import { Spinner } from '@blueprintjs/core';
import { ErrorIcon, TickCircleIcon, TimeIcon } from '@blueprintjs/icons';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { observer } from 'mobx-react-lite';
import { memo } from 'react';
import { useStores } from '../stores-context';
import type { BlockFlowNode } from '../stores/flow-model';
import { CategoryIcon, STATUS_LABELS } from './block-visuals';

/** The first line of the block's most telling setting, to recognise it on the canvas. */
function summary(settings: Record<string, unknown>): string {
  for (const key of ['label', 'prompt_template', 'question', 'style', 'format']) {
    const value = settings[key];
    if (typeof value === 'string' && value.trim() !== '') return value.split('\n')[0]!.trim();
  }
  return '';
}

const RunBadge = observer(function RunBadge({ id }: { id: string }) {
  const { builder } = useStores();
  const state = builder.run.nodeState(id);
  if (!state) return null;
  const icon =
    state.status === 'running' ? (
      <Spinner size={12} />
    ) : state.status === 'succeeded' ? (
      <TickCircleIcon size={12} />
    ) : state.status === 'failed' ? (
      <ErrorIcon size={12} />
    ) : (
      <TimeIcon size={12} />
    );
  // While running, the latest text; once done, the start of it.
  const streamed =
    state.text.length <= 140
      ? state.text
      : state.status === 'running'
        ? `…${state.text.slice(-140)}`
        : `${state.text.slice(0, 140)}…`;
  return (
    <div className={`block-run block-run-${state.status}`} data-status={state.status}>
      <div className="block-run-status">
        {icon}
        <span>{STATUS_LABELS[state.status]}</span>
        {state.durationMs !== undefined && (
          <span className="block-run-time">{(state.durationMs / 1000).toFixed(1)} s</span>
        )}
      </div>
      {state.error && <div className="block-run-error">{state.error}</div>}
      {streamed && !state.error && <div className="block-run-text">{streamed}</div>}
    </div>
  );
});

declare global {
  interface Window {
    /** Render count of blocks, kept only in the canvas benchmark's build (VITE_RENDER_PROBE=1). */
    __blockRenders?: number;
  }
}

function BlockNodeView({ id, data, selected }: NodeProps<BlockFlowNode>) {
  const { catalogue, builder } = useStores();
  if (import.meta.env.VITE_RENDER_PROBE) window.__blockRenders = (window.__blockRenders ?? 0) + 1;
  const { plugin } = data;
  const entry = catalogue.byId.get(plugin.type);
  const category = entry?.category;
  const variable = plugin.outputs?.[0]?.name;
  const text = summary(plugin.settings);
  const status = builder.run.nodeState(id)?.status;
  return (
    <div
      className={`block-node block-${category ?? 'unknown'}${selected ? ' is-selected' : ''}${status ? ` is-${status}` : ''}`}
      data-testid="block-node"
      data-type={plugin.type}
    >
      {category !== 'input' && (
        <Handle
          type="target"
          position={Position.Left}
          id="input"
          className="handle-input"
          aria-label="Input"
        />
      )}
      <div className="block-head">
        <span className="block-icon">
          <CategoryIcon category={category} size={14} />
        </span>
        <span className="block-name">{entry?.name ?? plugin.type}</span>
        {variable && <code className="block-variable">{variable}</code>}
      </div>
      {text && <div className="block-summary">{text}</div>}
      {!entry && (
        <div className="block-summary block-unknown">This block kind is not available on this server.</div>
      )}
      <RunBadge id={id} />
      {category !== 'output' && (
        <Handle
          type="source"
          position={Position.Right}
          id="output"
          className="handle-output"
          aria-label="Output"
        />
      )}
    </div>
  );
}
BlockNodeView.displayName = 'BlockNode';

/**
 * One block on the canvas. Memoised, and given the same node object while its block is unchanged,
 * so moving one block re-renders only that block; run progress reaches it through the run store.
 */
export const BlockNode = memo(observer(BlockNodeView));
