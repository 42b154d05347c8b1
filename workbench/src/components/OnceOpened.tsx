import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its children from the first time `open` is true on: a dialog or panel loaded with
 * `React.lazy` is fetched when first shown, not with the page, and stays mounted afterwards so it
 * keeps its closing animation and its state.
 */
export function OnceOpened({
  open,
  fallback = null,
  children,
}: {
  open: boolean;
  /** Shown while the code loads; nothing by default, for what opens in a dialog of its own. */
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
