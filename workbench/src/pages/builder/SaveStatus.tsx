import { Tooltip } from '@blueprintjs/core';
import { CloudTickIcon, DotIcon, RefreshIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { SAVE_STATUS } from '../../texts/version-texts';

/** The header's marker: 'Unsaved changes', 'Saving...' or 'All changes saved'. */
export const SaveStatus = observer(function SaveStatus() {
  const { builder, session } = useStores();
  const { autosave } = builder;
  const status = autosave.status;
  if (status === 'none') return null;
  const hint =
    status !== 'unsaved'
      ? undefined
      : autosave.failed
        ? SAVE_STATUS.autosaveFailed
        : !session.signedIn
          ? SAVE_STATUS.unsavedVisitor
          : builder.document.meta.id
            ? SAVE_STATUS.unsavedOwner
            : SAVE_STATUS.unsavedNew;
  const icon =
    status === 'saving' ? (
      <RefreshIcon size={12} />
    ) : status === 'saved' ? (
      <CloudTickIcon size={12} />
    ) : (
      <DotIcon size={12} />
    );
  const marker = (
    <span className={`save-status is-${status}`} data-testid="save-status" role="status" aria-live="polite">
      {icon}
      <span className="save-status-text">{SAVE_STATUS[status]}</span>
    </span>
  );
  return hint ? (
    <Tooltip content={hint} placement="bottom" className="save-status-tooltip">
      {marker}
    </Tooltip>
  ) : (
    marker
  );
});
