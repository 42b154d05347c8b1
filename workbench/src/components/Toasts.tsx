import { Toast, type Intent } from '@blueprintjs/core';
import { TickCircleIcon, WarningSignIcon, ErrorIcon, InfoSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { TOAST_HOTKEY } from '@blocksmith/schema';
import { useStores } from '../stores-context';
import type { ToastIntent } from '../stores/toast-store';

const ICONS: Record<ToastIntent, React.ReactElement> = {
  success: <TickCircleIcon />,
  danger: <ErrorIcon />,
  warning: <WarningSignIcon />,
  primary: <InfoSignIcon />,
};

/** The one toast showing (the store keeps at most one), top centre; F8 moves focus to it. */
export const Toasts = observer(function Toasts() {
  const { toasts } = useStores();
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        region.current?.querySelector<HTMLElement>('.bp6-toast')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div
      ref={region}
      className="toast-region"
      role="region"
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      aria-live="polite"
    >
      {toasts.toasts.map((toast) => (
        <Toast
          key={toast.id}
          className="app-toast"
          intent={toast.intent as Intent}
          icon={ICONS[toast.intent]}
          timeout={0}
          onDismiss={() => toasts.dismiss(toast.id)}
          message={
            <span data-testid="toast">
              {toast.title && <strong className="toast-title">{toast.title}</strong>}
              {toast.title ? titleSeparator(toast.title) : ''}
              {toast.message}
            </span>
          }
        />
      ))}
    </div>
  );
});

/** 'Upgrade Successful! You are...' but 'Error: Failed to...': a title that ends a sentence needs no colon. */
function titleSeparator(title: string): string {
  return /[!?.]$/.test(title) ? ' ' : ': ';
}
