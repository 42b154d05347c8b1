import { CANVAS_HEIGHT, CANVAS_WIDTH } from '@blocksmith/schema';
import { action, makeObservable } from 'mobx';
import { clipOrigin, copyBlocks, parseClip, serializeClip, type BlockClip } from './block-clipboard';
import { blockRects, type CanvasGestures } from './canvas-gestures';
import type { DocumentStore } from './document-store';
import { DEFAULT_SIZE, freeOffset } from './placement';
import type { KeyValueStorage } from './session-store';
import type { ViewStore } from './view-store';

/** Local storage entry holding the blocks copied last, for a paste where the clipboard is unreadable. */
export const BLOCK_CLIPBOARD_KEY = 'blocksmith-block-clipboard';

/** What copy and paste read and change of the builder. */
export interface ClipboardHost {
  readonly document: DocumentStore;
  readonly view: ViewStore;
  readonly gestures: Pick<CanvasGestures, 'deleteSelection'>;
  readonly storage: KeyValueStorage;
  readonly readOnly: boolean;
}

/** Copy, cut, paste and duplicate of the selected blocks, with the connections among them. */
export class ClipboardStore {
  constructor(private readonly builder: ClipboardHost) {
    makeObservable(this, { cutSelection: action, paste: action, duplicateSelection: action });
  }

  /**
   * The selected blocks with their settings and the connections among them, as clipboard text
   * (also kept in this browser, for a paste where the clipboard cannot be read); null when none.
   */
  copySelection(): string | null {
    if (this.builder.readOnly) return null;
    const clip = copyBlocks(this.builder.document.config, this.builder.view.selectedNodeIds);
    if (!clip) return null;
    const text = serializeClip(clip);
    this.builder.storage.setItem(BLOCK_CLIPBOARD_KEY, text);
    return text;
  }

  /** Copies the selected blocks, then removes them. */
  cutSelection(): string | null {
    const text = this.copySelection();
    if (text !== null) this.builder.gestures.deleteSelection();
    return text;
  }

  /**
   * Pastes copied blocks (from this app or another): `text` is the clipboard's, or null when it
   * could not be read (the copy kept in this browser is used then). They land where they were,
   * moved on until none covers a block, or in view when they would be off screen, and are
   * selected. Answers how many were added; other text adds nothing.
   */
  paste(text: string | null): number {
    if (this.builder.readOnly) return 0;
    const clip =
      parseClip(text) ?? (text ? null : parseClip(this.builder.storage.getItem(BLOCK_CLIPBOARD_KEY)));
    if (!clip) return 0;
    return this.place(clip);
  }

  /** Copies and pastes the selected blocks at once, leaving the clipboard alone. */
  duplicateSelection(): number {
    if (this.builder.readOnly) return 0;
    const clip = copyBlocks(this.builder.document.config, this.builder.view.selectedNodeIds);
    return clip ? this.place(clip) : 0;
  }

  private place(clip: BlockClip): number {
    const { document, view } = this.builder;
    const group = blockRects(clip.plugins, view);
    const origin = clipOrigin(clip);
    const visible = view.visibleRect();
    const right = Math.max(...group.map((rect) => rect.x + rect.width));
    const bottom = Math.max(...group.map((rect) => rect.y + rect.height));
    let shift = { x: 0, y: 0 };
    const inView =
      visible.width <= 0 ||
      (origin.x >= visible.x &&
        origin.y >= visible.y &&
        right <= visible.x + visible.width &&
        bottom <= visible.y + visible.height);
    if (!inView) {
      // Centred in view instead (a paste from another app, or after panning away).
      shift = {
        x: visible.x + (visible.width - (right - origin.x)) / 2 - origin.x,
        y: visible.y + (visible.height - (bottom - origin.y)) / 2 - origin.y,
      };
    }
    // The group stays whole on the canvas: clamping blocks one by one would pile them up.
    shift = {
      x: Math.max(-origin.x, Math.min(shift.x, CANVAS_WIDTH - right)),
      y: Math.max(-origin.y, Math.min(shift.y, CANVAS_HEIGHT - bottom)),
    };
    const moved = group.map((rect) => ({ ...rect, x: rect.x + shift.x, y: rect.y + shift.y }));
    const extra = freeOffset(moved, blockRects(document.config.plugins, view));
    const ids = document.pasteBlocks(clip, { x: shift.x + extra.x, y: shift.y + extra.y });
    if (ids.length > 0) {
      view.selectNodes(ids);
      const pasted = ids.flatMap((id) => document.pluginById.get(id)?.position ?? []);
      const left = Math.min(...pasted.map((p) => p.x));
      const top = Math.min(...pasted.map((p) => p.y));
      view.reveal({
        x: left,
        y: top,
        width: Math.max(...pasted.map((p) => p.x)) - left + DEFAULT_SIZE.width,
        height: Math.max(...pasted.map((p) => p.y)) - top + DEFAULT_SIZE.height,
      });
    }
    return ids.length;
  }
}
