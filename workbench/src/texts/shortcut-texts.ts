/**
 * The builder's keyboard shortcuts, as the shortcut sheet ('?') lists them. `keys` are written
 * with 'Mod' for Ctrl (Cmd on a Mac); the sheet shows the right one.
 */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; action: string }> = [
  { keys: ['Mod', 'S'], action: 'Save the app' },
  { keys: ['Mod', 'C'], action: 'Copy the selected blocks' },
  { keys: ['Mod', 'X'], action: 'Cut the selected blocks' },
  { keys: ['Mod', 'V'], action: 'Paste blocks (also into another app)' },
  { keys: ['Mod', 'D'], action: 'Duplicate the selected blocks' },
  { keys: ['Mod', 'A'], action: 'Select every block' },
  { keys: ['Shift', 'Click'], action: 'Add a block to the selection' },
  { keys: ['Shift', 'Drag'], action: 'Select the blocks in a rectangle' },
  { keys: ['Arrows'], action: 'Nudge the selected blocks (with Shift: one grid step)' },
  { keys: ['Delete'], action: 'Remove the selection' },
  { keys: ['Mod', 'Z'], action: 'Undo' },
  { keys: ['Shift', 'Mod', 'Z'], action: 'Redo' },
  { keys: ['Esc'], action: 'Close the preview or leave full screen' },
  { keys: ['?'], action: 'Show this list' },
];

export const SHORTCUT_SHEET = {
  title: 'Keyboard shortcuts',
  button: 'Keyboard shortcuts',
  note: 'Shortcuts wait while you type in a field.',
} as const;
