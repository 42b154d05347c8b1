import { Classes, Dialog, DialogBody } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { SHORTCUTS, SHORTCUT_SHEET } from '../../texts/shortcut-texts';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** A key as this computer names it: Cmd on a Mac for 'Mod', else Ctrl. */
export function keyLabel(key: string, mac: boolean = MAC): string {
  if (key === 'Mod') return mac ? '⌘ Cmd' : 'Ctrl';
  return key;
}

/** '?': every keyboard shortcut of the builder. */
export const ShortcutSheet = observer(function ShortcutSheet() {
  const { builder } = useStores();
  const { view } = builder;
  return (
    <Dialog
      isOpen={view.shortcutsOpen}
      onClose={() => view.setShortcutsOpen(false)}
      title={SHORTCUT_SHEET.title}
      className="shortcut-sheet"
    >
      <DialogBody>
        <table
          className={`${Classes.HTML_TABLE} ${Classes.COMPACT} shortcut-table`}
          data-testid="shortcut-sheet"
        >
          <tbody>
            {SHORTCUTS.map(({ keys, action }) => (
              <tr key={action}>
                <td className="shortcut-keys">
                  {keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && <span className="shortcut-plus"> + </span>}
                      <kbd className={Classes.KEY}>{keyLabel(key)}</kbd>
                    </span>
                  ))}
                </td>
                <td>{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted small shortcut-note">{SHORTCUT_SHEET.note}</p>
      </DialogBody>
    </Dialog>
  );
});
