import {
  Alert,
  Button,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  InputGroup,
  NonIdealState,
  Overlay2,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { ClipboardIcon, TickCircleIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { CONFIRM, SHARE } from '../../texts/builder-texts';
import { plural } from '../../texts/plural';

/** After publishing: 'App Submitted for Review!' with the app's link. */
export const ShareDialog = observer(function ShareDialog() {
  const { builder } = useStores();
  return (
    <Dialog
      isOpen={builder.dialogs.shareOpen}
      onClose={() => builder.dialogs.setShareOpen(false)}
      title={SHARE.title}
      icon={<TickCircleIcon className="success-icon" />}
    >
      <DialogBody>
        <p>{SHARE.text}</p>
        <p>{SHARE.status}</p>
        <label className="share-link-label" htmlFor="share-link">
          {SHARE.link}
        </label>
        <InputGroup
          id="share-link"
          readOnly
          value={builder.publisher.shareUrl}
          rightElement={
            <Button
              variant="minimal"
              icon={<ClipboardIcon />}
              aria-label={SHARE.copyLink}
              onClick={() => void builder.publisher.copyShareLink(navigator.clipboard)}
            />
          }
        />
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent="primary" text={SHARE.done} onClick={() => builder.dialogs.setShareOpen(false)} />
        }
      />
    </Dialog>
  );
});

/** The confirm dialog: title, description, confirm and cancel texts, destructive or default. */
export const ConfirmDialog = observer(function ConfirmDialog() {
  const { builder } = useStores();
  const request = builder.dialogs.confirm;
  return (
    <Alert
      isOpen={request !== null}
      intent={request?.destructive ? 'danger' : 'primary'}
      confirmButtonText={request?.confirmText ?? CONFIRM.cancel}
      cancelButtonText={request?.cancelText ?? CONFIRM.cancel}
      canEscapeKeyCancel
      onConfirm={() => {
        const run = request?.onConfirm;
        builder.dialogs.closeConfirm();
        run?.();
      }}
      onCancel={() => builder.dialogs.closeConfirm()}
    >
      <h4 className="alert-title">{request?.title}</h4>
      <p>{request?.description}</p>
    </Alert>
  );
});

/** The person's own apps, to open one on the canvas. */
export const OpenAppsDialog = observer(function OpenAppsDialog() {
  const { builder, credits } = useStores();
  const apps = credits.myApps;
  return (
    <Dialog
      isOpen={builder.dialogs.openAppsOpen}
      onClose={() => builder.dialogs.setOpenAppsOpen(false)}
      title="Open app"
    >
      <DialogBody>
        {credits.loading && apps.length === 0 ? (
          <Spinner size={24} />
        ) : apps.length === 0 ? (
          <NonIdealState title="No saved apps yet" description="Save an app and it appears here." />
        ) : (
          <ul className="open-apps" aria-label="Your apps">
            {apps.map((app) => (
              <li key={app.id}>
                <button
                  type="button"
                  className="open-app"
                  onClick={() => void builder.opener.openApp(app.id!)}
                >
                  <span className="open-app-name">{app.name}</span>
                  <span className="open-app-meta">
                    {app.config?.plugins?.length ?? 0} {plural(app.config?.plugins?.length ?? 0, 'blocks')}
                    {app.isPublished && (
                      <Tag minimal intent="success">
                        Published
                      </Tag>
                    )}
                    {app.isPrivate && <Tag minimal>Private</Tag>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </DialogBody>
    </Dialog>
  );
});

/** Covers the builder while an existing app loads. */
export const LoadingOverlay = observer(function LoadingOverlay() {
  const { builder } = useStores();
  return (
    <Overlay2
      isOpen={builder.opener.loadingApp}
      hasBackdrop
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
    >
      <div className={`${Classes.OVERLAY_CONTENT} loading-overlay`} role="status">
        <Spinner size={32} />
        <p>Loading your app...</p>
      </div>
    </Overlay2>
  );
});
