import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { HistoryIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { versionTime } from '../../stores/version-rules';
import { LOCAL_DRAFT } from '../../texts/version-texts';

/** Offers back an app kept in this browser that was never saved: restore or discard. */
export const LocalDraftDialog = observer(function LocalDraftDialog() {
  const { builder } = useStores();
  const { localDraft } = builder;
  const offer = localDraft.offer;
  return (
    <Dialog
      isOpen={offer !== null}
      title={LOCAL_DRAFT.title}
      icon={<HistoryIcon />}
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      className="local-draft-dialog"
    >
      {offer && (
        <>
          <DialogBody>
            <p>
              {LOCAL_DRAFT.text(offer.app.name, offer.app.config.plugins.length, versionTime(offer.savedAt))}
            </p>
            <p>{LOCAL_DRAFT.question}</p>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={LOCAL_DRAFT.discard} onClick={() => localDraft.discard()} />
                <Button intent="primary" text={LOCAL_DRAFT.restore} onClick={() => localDraft.restore()} />
              </>
            }
          />
        </>
      )}
    </Dialog>
  );
});
