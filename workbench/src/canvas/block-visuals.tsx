import type { BlockCategory, NodeStatus } from '@blocksmith/schema';
import { ExportIcon, ImportIcon, PredictiveAnalysisIcon } from '@blueprintjs/icons';

/** The icon of each block category (palette, canvas, panels). */
export function CategoryIcon({
  category,
  size = 16,
}: {
  category: BlockCategory | undefined;
  size?: number;
}) {
  if (category === 'input') return <ImportIcon size={size} />;
  if (category === 'output') return <ExportIcon size={size} />;
  return <PredictiveAnalysisIcon size={size} />;
}

export const STATUS_LABELS: Record<NodeStatus, string> = {
  pending: 'Waiting',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
};
