import { ZOOM_MAX, ZOOM_MIN, GRID_SIZE } from '@blocksmith/schema';
import {
  Background,
  BackgroundVariant,
  ReactFlow,
  ReactFlowProvider,
  type NodeChange,
  type NodeMouseHandler,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/base.css';
import { observer } from 'mobx-react-lite';
import { useCallback, useMemo } from 'react';
import type { LoopGroupNode as LoopGroupFlowNode } from '../stores/canvas-flow';
import type { BlockFlowNode } from '../stores/flow-model';
import type { RunViewStore } from '../stores/run-view-store';
import { BlockNode } from './BlockNode';
import { CanvasSourceContext } from './canvas-source';
import { LoopGroupNode } from './LoopGroupNode';

type CanvasNode = BlockFlowNode | LoopGroupFlowNode;

const NODE_TYPES: NodeTypes = { block: BlockNode, loopGroup: LoopGroupNode };
const PRO_OPTIONS = { hideAttribution: true };
const FIT_VIEW_OPTIONS = { padding: 0.15, maxZoom: 1 };

/**
 * A kept run's canvas: the app's blocks, read only, each coloured by its step (succeeded,
 * failed, skipped greyed, not run plain); clicking a block selects it.
 */
export const RunCanvas = observer(function RunCanvas({ store }: { store: RunViewStore }) {
  const groups = store.canvasFlow.groupNodes;
  const blocks = store.flowNodes;
  const nodes = useMemo<CanvasNode[]>(
    () => (groups.length === 0 ? blocks : [...groups, ...blocks]),
    [groups, blocks],
  );
  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      for (const change of changes)
        if (change.type === 'dimensions' && change.dimensions)
          store.setMeasured(change.id, change.dimensions);
    },
    [store],
  );
  const onNodeClick = useCallback<NodeMouseHandler<CanvasNode>>(
    (_event, node) => {
      if (node.type === 'block') store.select(node.id);
    },
    [store],
  );
  return (
    <CanvasSourceContext.Provider value={store}>
      <ReactFlowProvider>
        {/* Drawn for the eye; the list of blocks beside it says the same to everyone. */}
        <div className="run-canvas" data-testid="run-canvas" aria-hidden="true">
          <ReactFlow<CanvasNode>
            nodes={nodes}
            edges={store.flowEdges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onNodeClick={onNodeClick}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            deleteKeyCode={null}
            fitView
            fitViewOptions={FIT_VIEW_OPTIONS}
            minZoom={ZOOM_MIN}
            maxZoom={ZOOM_MAX}
            zoomOnDoubleClick={false}
            preventScrolling={false}
            proOptions={PRO_OPTIONS}
          >
            <Background variant={BackgroundVariant.Lines} gap={GRID_SIZE} color="var(--grid-line)" />
          </ReactFlow>
        </div>
      </ReactFlowProvider>
    </CanvasSourceContext.Provider>
  );
});
