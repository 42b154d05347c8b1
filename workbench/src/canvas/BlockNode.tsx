import { Spinner } from '@blueprintjs/core';
import { DisableIcon, ErrorIcon, TickCircleIcon, TimeIcon } from '@blueprintjs/icons';
import { TOOLS_PORT } from '@blocksmith/schema';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { observer } from 'mobx-react-lite';
import { memo } from 'react';
import { useStores } from '../stores-context';
import type { BlockFlowNode } from '../stores/flow-model';
import type { NodeRunState } from '../stores/run-store';
import { FLOW_TEXTS } from '../texts/flow-texts';
import { TOOL_CALL_TEXTS } from '../texts/tool-texts';
import { RUN_STATUS_LABELS } from '../texts/run-history-texts';
import { CategoryIcon, STATUS_LABELS } from './block-visuals';
import { useCanvasSource } from './canvas-source';
import './flow.css';

/** The first line of the block's most telling setting, to recognise it on the canvas. */
function summary(settings: Record<string, unknown>): string {
  for (const key of ['label', 'prompt_template', 'question', 'style', 'format']) {
    const value = settings[key];
    if (typeof value === 'string' && value.trim() !== '') return value.split('\n')[0]!.trim();
  }
  return '';
}

/** Where a loop is: "Item 2 of 5" on the block that runs it and on the blocks inside it. */
function loopText(state: NodeRunState): string {
  if (state.loop) {
    const { done, items } = state.loop;
    if (state.status !== 'running') return FLOW_TEXTS.itemsDone(items);
    return items === 0 ? FLOW_TEXTS.itemsDone(0) : FLOW_TEXTS.itemOf(Math.min(done + 1, items), items);
  }
  const item = state.position?.at(-1);
  if (item && state.status === 'running') return FLOW_TEXTS.itemOf(item.item, item.items);
  return '';
}

/** What a run shows of tools on a block: a model block's calls so far; a tool block's calls and arguments. */
function toolLine(state: NodeRunState, takesTools: boolean): { count: string; call: string } | null {
  if (state.toolCall) {
    const { arguments: args, calls } = state.toolCall;
    return {
      count: calls > 0 ? TOOL_CALL_TEXTS.count(calls) : '',
      call: args && state.status === 'running' ? `${FLOW_TEXTS.calledWith} ${JSON.stringify(args)}` : '',
    };
  }
  if (!takesTools) return null;
  const calls = state.toolCalls?.length ?? 0;
  return calls > 0 ? { count: FLOW_TEXTS.toolCalls(calls), call: '' } : null;
}

const RunBadge = observer(function RunBadge({ id, takesTools }: { id: string; takesTools: boolean }) {
  const { run } = useCanvasSource();
  const state = run.nodeState(id);
  if (!state) return null;
  const tools = toolLine(state, takesTools);
  const icon = state.waiting ? (
    <TimeIcon size={12} />
  ) : state.status === 'running' ? (
    <Spinner size={12} />
  ) : state.status === 'succeeded' ? (
    <TickCircleIcon size={12} />
  ) : state.status === 'failed' ? (
    <ErrorIcon size={12} />
  ) : state.status === 'skipped' ? (
    <DisableIcon size={12} />
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
  const loop = loopText(state);
  return (
    <div className={`block-run block-run-${state.status}`} data-status={state.status}>
      <div className="block-run-status">
        {icon}
        <span>{state.waiting ? RUN_STATUS_LABELS.waiting : STATUS_LABELS[state.status]}</span>
        {loop && (
          <span className="block-run-loop" data-testid="loop-progress">
            {loop}
          </span>
        )}
        {tools?.count && (
          <span className="block-run-calls" data-testid="tool-call-count">
            {tools.count}
          </span>
        )}
        {state.durationMs !== undefined && state.status !== 'running' && (
          <span className="block-run-time">{(state.durationMs / 1000).toFixed(1)} s</span>
        )}
      </div>
      {tools?.call && (
        <div className="block-run-call" data-testid="tool-call-arguments">
          {tools.call}
        </div>
      )}
      {state.error && <div className="block-run-error">{state.error}</div>}
      {streamed && !state.error && !tools?.call && <div className="block-run-text">{streamed}</div>}
    </div>
  );
});

/** One output handle per route, labelled, down the block's right edge. */
const RouteHandles = observer(function RouteHandles({ id }: { id: string }) {
  const { run, canvasFlow } = useCanvasSource();
  const handles = canvasFlow.handlesOf(id);
  const taken = run.nodeState(id)?.routes;
  if (!handles) return null;
  return (
    <div className="block-routes">
      {handles.map(({ port, stale }) => {
        const state = taken === undefined ? '' : taken.includes(port) ? ' is-taken' : ' is-idle';
        return (
          <div
            key={port}
            className={`block-route${stale ? ' is-stale' : ''}${state}`}
            title={stale ? FLOW_TEXTS.staleRoute : undefined}
            data-route={port}
          >
            <span className="block-route-label">{port}</span>
            <Handle
              type="source"
              position={Position.Right}
              id={port}
              className="handle-output handle-route"
              title={FLOW_TEXTS.routeHandle(port)}
            />
          </div>
        );
      })}
    </div>
  );
});

declare global {
  interface Window {
    /** Render count of blocks, kept only in the canvas benchmark's build (VITE_RENDER_PROBE=1). */
    __blockRenders?: number;
  }
}

/** A model block's tools handle: a labelled target at the bottom edge, where tool blocks connect. */
function ToolsHandle() {
  return (
    <div className="block-tools" data-testid="tools-handle">
      <span className="block-tools-label">{FLOW_TEXTS.toolsHandle}</span>
      <Handle
        type="target"
        position={Position.Bottom}
        id={TOOLS_PORT}
        className="handle-tools"
        title={FLOW_TEXTS.toolsHandleTitle}
      />
    </div>
  );
}

function BlockNodeView({ id, data, selected }: NodeProps<BlockFlowNode>) {
  const { catalogue } = useStores();
  const { run, canvasFlow } = useCanvasSource();
  if (import.meta.env.VITE_RENDER_PROBE) window.__blockRenders = (window.__blockRenders ?? 0) + 1;
  const { plugin } = data;
  const entry = catalogue.byId.get(plugin.type);
  const category = entry?.category;
  const variable = plugin.outputs?.[0]?.name;
  const text = summary(plugin.settings);
  const status = run.nodeState(id)?.status;
  const routes = entry?.flow?.routes !== undefined;
  const takesTools = entry?.flow?.tools !== undefined;
  const tool = canvasFlow.isTool(id);
  return (
    <div
      className={`block-node block-${category ?? 'unknown'}${selected ? ' is-selected' : ''}${status ? ` is-${status}` : ''}${routes ? ' has-routes' : ''}${takesTools ? ' has-tools' : ''}${tool ? ' is-tool' : ''}`}
      data-testid="block-node"
      data-type={plugin.type}
      data-status={status}
    >
      {/* A block connected as a tool takes nothing from the pipeline: the model gives its arguments. */}
      {category !== 'input' && !tool && (
        <Handle type="target" position={Position.Left} id="input" className="handle-input" title="Input" />
      )}
      <div className="block-head">
        <span className="block-icon">
          <CategoryIcon category={category} size={14} />
        </span>
        <span className="block-name">{entry?.name ?? plugin.type}</span>
        {tool && (
          <span className="block-tool-mark" title={FLOW_TEXTS.toolMarkTitle}>
            {FLOW_TEXTS.toolMark}
          </span>
        )}
        {variable && (
          <code className="block-variable" title={variable}>
            {variable}
          </code>
        )}
      </div>
      {text && <div className="block-summary">{text}</div>}
      {!entry && (
        <div className="block-summary block-unknown">This block kind is not available on this server.</div>
      )}
      <RunBadge id={id} takesTools={takesTools} />
      {routes && <RouteHandles id={id} />}
      {takesTools && <ToolsHandle />}
      {category !== 'output' && !routes && (
        <Handle
          type="source"
          position={Position.Right}
          id="output"
          className="handle-output"
          title="Output"
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
