import { GRID_SIZE } from '@blocksmith/schema';
import { useEffect } from 'react';
import type { BuilderStore } from '../../stores/builder-store';

/** Whether `target` takes typed text: a field, a text area, a select or editable content. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.getAttribute('role') === 'textbox'
  );
}

/** Text the person selected on the page, which Ctrl/Cmd+C should copy as usual. */
function hasTextSelection(): boolean {
  const selection = window.getSelection();
  return selection !== null && !selection.isCollapsed && selection.toString().trim() !== '';
}

/** Keys that reach the canvas: pressed on the page itself or on the canvas, not in a panel or dialog. */
function onCanvas(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return true;
  return target === document.body || target.closest('.react-flow') !== null;
}

/** Canvas units an arrow key moves the selected blocks; with Shift, one grid step. */
export const NUDGE_STEP = 10;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The builder's keyboard: Ctrl/Cmd+S saves; Ctrl/Cmd+C, X, V copy, cut and paste blocks (through
 * the clipboard, so a paste works in another app or tab); Ctrl/Cmd+D duplicates; Ctrl/Cmd+A
 * selects every block; arrows nudge the selection (Shift: a grid step); '?' opens the shortcut
 * sheet; Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redo; Delete/Backspace removes the
 * selection; Escape closes the live preview or leaves full screen (unless an overlay with focus
 * took it). None of them act while a field has the focus.
 */
export function useBuilderKeys(builder: BuilderStore): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const mod = event.metaKey || event.ctrlKey;
      const key = event.key.toLowerCase();
      if (mod && key === 's') {
        event.preventDefault();
        if (!event.repeat) void builder.saves.save();
      } else if (mod && key === 'd') {
        event.preventDefault();
        builder.clipboard.duplicateSelection();
      } else if (mod && key === 'a' && onCanvas(event.target)) {
        event.preventDefault();
        builder.gestures.selectAll();
      } else if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) builder.gestures.redo();
        else builder.gestures.undo();
      } else if (mod && key === 'y') {
        event.preventDefault();
        builder.gestures.redo();
      } else if (event.key === '?' && !mod && !event.altKey) {
        event.preventDefault();
        builder.view.setShortcutsOpen(!builder.view.shortcutsOpen);
      } else if (event.key === 'Delete' || event.key === 'Backspace') {
        if (builder.view.selectedNodeIds.size === 0 && builder.view.selectedEdgeIds.size === 0) return;
        event.preventDefault();
        builder.gestures.deleteSelection();
      } else if (event.key === 'Escape' && !event.defaultPrevented) {
        if (builder.dialogs.escape()) event.preventDefault();
      }
    };
    // Arrows are taken before the canvas' own handling (which would move by other steps).
    const onArrow = (event: KeyboardEvent) => {
      const direction = ARROWS[event.key];
      if (!direction || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTyping(event.target) || !onCanvas(event.target)) return;
      const step = event.shiftKey ? GRID_SIZE : NUDGE_STEP;
      if (builder.gestures.nudgeSelection(direction[0] * step, direction[1] * step)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const onCopy = (event: ClipboardEvent) => {
      if (isTyping(event.target) || hasTextSelection()) return;
      const text =
        event.type === 'cut' ? builder.clipboard.cutSelection() : builder.clipboard.copySelection();
      if (text === null || !event.clipboardData) return;
      event.clipboardData.setData('text/plain', text);
      event.preventDefault();
    };
    const onPaste = (event: ClipboardEvent) => {
      if (isTyping(event.target)) return;
      if (builder.clipboard.paste(event.clipboardData?.getData('text/plain') || null) > 0)
        event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keydown', onArrow, true);
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keydown', onArrow, true);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
    };
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
