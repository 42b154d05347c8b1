import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  GRID_SIZE,
  ZOOM_MAX,
  ZOOM_MIN,
  connectionProblem,
} from '@blocksmith/schema';
import {
  Background,
  BackgroundVariant,
  ReactFlow,
  SelectionMode,
  type Connection as FlowConnection,
  type CoordinateExtent,
  type Edge,
  type EdgeChange,
  type NodeChange,
  type NodeTypes,
  type OnConnectEnd,
  type Viewport,
} from '@xyflow/react';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useRef, type DragEvent } from 'react';
import { useStores } from '../stores-context';
import { BLOCK_DRAG_TYPE, parseDraggedBlock } from '../stores/canvas-gestures';
import type { LoopGroupNode as LoopGroupFlowNode } from '../stores/canvas-flow';
import type { BlockFlowNode } from '../stores/flow-model';
import { BlockNode } from './BlockNode';
import { ConnectionLine } from './ConnectionLine';
import { LoopGroupNode } from './LoopGroupNode';

type CanvasNode = BlockFlowNode | LoopGroupFlowNode;

const NODE_TYPES: NodeTypes = { block: BlockNode, loopGroup: LoopGroupNode };
const CANVAS_EXTENT: CoordinateExtent = [
  [0, 0],
  [CANVAS_WIDTH, CANVAS_HEIGHT],
];
/** Panning may go a little past the canvas edge, so blocks at the edge can be reached. */
const PAN_EXTENT: CoordinateExtent = [
  [-600, -600],
  [CANVAS_WIDTH + 600, CANVAS_HEIGHT + 600],
];
const PRO_OPTIONS = { hideAttribution: true };
/**
 * Below this zoom times the screen's pixel ratio, a block's 12 px texts are 6 device pixels high
 * or less: the blocks draw a cheaper version of themselves (flow.css, `.is-far`), which keeps
 * dragging smooth with hundreds of blocks in view. On a denser screen they stay readable longer.
 */
const FAR_ZOOM = 0.5;
/** Shift-click (or Ctrl/Cmd-click) adds a block to the selection; Shift-drag draws a selection rectangle. */
const MULTI_SELECT_KEYS = ['Shift', 'Meta', 'Control'];

/**
 * The Playground canvas: blocks and connections, pan and zoom, drop from the palette. Only the
 * blocks and connections in view are drawn (each block once after loading, to be measured): the
 * browser's work on every frame of a drag grows with everything drawn, in view or not.
 */
export const FlowCanvas = observer(function FlowCanvas() {
  const { builder, catalogue, theme } = useStores();
  const { document, view, canvasFlow } = builder;
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) view.setCanvasSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [view]);

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) =>
      // Loop groups follow their blocks: only the blocks' own changes reach the document.
      builder.gestures.applyNodeChanges(
        changes.filter(
          (change): change is NodeChange<BlockFlowNode> =>
            !('id' in change) || !canvasFlow.isGroup(change.id),
        ),
      ),
    [builder, canvasFlow],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<Edge>[]) => builder.gestures.applyEdgeChanges(changes),
    [builder],
  );
  const onConnect = useCallback(
    (connection: FlowConnection) => {
      builder.gestures.connect(
        connection.source,
        connection.target,
        connection.sourceHandle ?? undefined,
        connection.targetHandle ?? undefined,
      );
    },
    [builder],
  );
  // A connection dropped on a handle that refuses it: the toast says why (the line only turned red).
  const onConnectEnd = useCallback<OnConnectEnd>(
    (_event, state) => {
      if (state.isValid !== false || !state.fromHandle || !state.toHandle || !state.toNode) return;
      if (state.fromHandle.type === state.toHandle.type) return;
      const [source, target] =
        state.fromHandle.type === 'source'
          ? [state.fromHandle, state.toHandle]
          : [state.toHandle, state.fromHandle];
      builder.gestures.connect(source.nodeId, target.nodeId, source.id ?? undefined, target.id ?? undefined);
    },
    [builder],
  );
  const isValidConnection = useCallback(
    (connection: FlowConnection | Edge) =>
      connectionProblem(document.config, connection.source, connection.target, catalogue.categoryOf, {
        fromPort: connection.sourceHandle ?? 'output',
        toPort: connection.targetHandle ?? 'input',
        flowOf: canvasFlow.flowOf,
      }) === null,
    [document, catalogue, canvasFlow],
  );
  const onViewportChange = useCallback(
    (viewport: Viewport) => view.setViewport({ zoom: viewport.zoom, pan: viewport }),
    [view],
  );
  const onDragStart = useCallback(() => document.beginGesture(), [document]);
  const onDragStop = useCallback(() => document.endGesture(), [document]);
  const onPaneClick = useCallback(() => view.clearSelection(), [view]);

  const onDragOver = useCallback((event: DragEvent) => {
    if (event.dataTransfer.types.includes(BLOCK_DRAG_TYPE)) {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    }
  }, []);
  const onDrop = useCallback(
    (event: DragEvent) => {
      const type = parseDraggedBlock(event.dataTransfer.getData(BLOCK_DRAG_TYPE));
      const element = wrapper.current;
      if (!type || !element) return;
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      builder.gestures.dropBlock(type, { x: event.clientX - rect.left, y: event.clientY - rect.top });
    },
    [builder],
  );

  const viewport = useMemo(() => ({ x: view.pan.x, y: view.pan.y, zoom: view.zoom }), [view.pan, view.zoom]);
  const groups = canvasFlow.groupNodes;
  const blocks = builder.flowNodes;
  const nodes = useMemo<CanvasNode[]>(
    () => (groups.length === 0 ? blocks : [...groups, ...blocks]),
    [groups, blocks],
  );

  return (
    <div
      className={`flow-canvas${view.zoom * window.devicePixelRatio < FAR_ZOOM ? ' is-far' : ''}`}
      ref={wrapper}
      onDragOver={onDragOver}
      onDrop={onDrop}
      data-testid="canvas"
    >
      <ReactFlow<CanvasNode>
        nodes={nodes}
        edges={builder.flowEdges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onConnectEnd={onConnectEnd}
        isValidConnection={isValidConnection}
        connectionLineComponent={ConnectionLine}
        onNodeDragStart={onDragStart}
        onNodeDragStop={onDragStop}
        onPaneClick={onPaneClick}
        nodesDraggable={!builder.readOnly}
        nodesConnectable={!builder.readOnly}
        elementsSelectable={!builder.readOnly}
        viewport={viewport}
        onViewportChange={onViewportChange}
        minZoom={ZOOM_MIN}
        maxZoom={ZOOM_MAX}
        nodeExtent={CANVAS_EXTENT}
        translateExtent={PAN_EXTENT}
        deleteKeyCode={null}
        zoomOnDoubleClick={false}
        proOptions={PRO_OPTIONS}
        onlyRenderVisibleElements
        multiSelectionKeyCode={MULTI_SELECT_KEYS}
        selectionKeyCode="Shift"
        selectionMode={SelectionMode.Partial}
        colorMode={theme.theme}
        aria-label="Playground canvas"
      >
        <Background variant={BackgroundVariant.Lines} gap={GRID_SIZE} color="var(--grid-line)" />
      </ReactFlow>
    </div>
  );
});
