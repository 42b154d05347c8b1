import { createContext, useContext } from 'react';
import { useStores } from '../stores-context';
import type { CanvasFlow } from '../stores/canvas-flow';
import type { RunStore } from '../stores/run-store';

/** What a block on the canvas reads besides its own data: the run's state and its route handles and tools. */
export interface CanvasSource {
  readonly run: Pick<RunStore, 'nodeState'>;
  readonly canvasFlow: Pick<CanvasFlow, 'handlesOf' | 'isTool'>;
}

/** Set by a canvas that does not show the builder's app (a kept run's canvas). */
export const CanvasSourceContext = createContext<CanvasSource | null>(null);

/** The canvas source of the blocks drawn here: the nearest provided one, else the builder. */
export function useCanvasSource(): CanvasSource {
  const own = useContext(CanvasSourceContext);
  const { builder } = useStores();
  return own ?? builder;
}
