import { useEffect } from 'react';
import type { BuilderStore } from '../../stores/builder-store';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redo, Delete/Backspace removes the selection,
 * Escape closes the live preview or leaves full screen (unless an overlay with focus took it).
 */
export function useBuilderKeys(builder: BuilderStore): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const mod = event.metaKey || event.ctrlKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) builder.redo();
        else builder.undo();
      } else if (mod && key === 'y') {
        event.preventDefault();
        builder.redo();
      } else if (event.key === 'Delete' || event.key === 'Backspace') {
        if (builder.view.selectedNodeIds.size === 0 && builder.view.selectedEdgeIds.size === 0) return;
        event.preventDefault();
        builder.deleteSelection();
      } else if (event.key === 'Escape' && !event.defaultPrevented) {
        if (builder.escape()) event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [builder]);
}

/** Keeps the store told whether the screen is narrower than `breakpoint`. */
export function useNarrowScreen(breakpoint: number, onChange: (narrow: boolean) => void): void {
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${breakpoint - 1}px)`);
    onChange(query.matches);
    const listener = (event: MediaQueryListEvent) => onChange(event.matches);
    query.addEventListener('change', listener);
    return () => query.removeEventListener('change', listener);
  }, [breakpoint, onChange]);
}

/**
 * Asks the browser to confirm leaving while the builder has changes the server does not have (and
 * keeps an app without a server copy in this browser first).
 */
export function useBeforeUnload(builder: BuilderStore): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!builder.beforeUnload()) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    const onPageHide = () => builder.localDraft.flush();
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [builder]);
}
