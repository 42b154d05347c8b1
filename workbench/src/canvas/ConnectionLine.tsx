import { getBezierPath, type ConnectionLineComponentProps } from '@xyflow/react';

/** The connection being drawn: an animated green dotted line with a circle at its end. */
export function ConnectionLine({
  fromX,
  fromY,
  toX,
  toY,
  fromPosition,
  toPosition,
  connectionStatus,
}: ConnectionLineComponentProps) {
  const [path] = getBezierPath({
    sourceX: fromX,
    sourceY: fromY,
    sourcePosition: fromPosition,
    targetX: toX,
    targetY: toY,
    targetPosition: toPosition,
  });
  const invalid = connectionStatus === 'invalid';
  return (
    <g className={`connection-line${invalid ? ' is-invalid' : ''}`}>
      <path d={path} fill="none" className="connection-line-path" />
      <circle cx={toX} cy={toY} r={5} className="connection-line-end" />
    </g>
  );
}
