import { Button } from '@blueprintjs/core';
import { ClipboardIcon, TickIcon } from '@blueprintjs/icons';
import { COPY_TICK_MS } from '@blocksmith/schema';
import { useEffect, useState } from 'react';
import { useStores } from '../stores-context';
import { TOASTS } from '../texts/builder-texts';
import { RESULTS } from '../texts/runner-texts';

/** Copies `text`; the icon turns into a tick for 2 s. */
export function CopyButton({ text, label = RESULTS.copy }: { text: string; label?: string }) {
  const { toasts } = useStores();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_TICK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="small"
      variant="minimal"
      icon={copied ? <TickIcon /> : <ClipboardIcon />}
      aria-label={copied ? RESULTS.copied : label}
      title={copied ? RESULTS.copied : label}
      data-testid="copy-button"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
            toasts.success(TOASTS.copied);
          },
          () => toasts.error('The text could not be copied'),
        );
      }}
    />
  );
}
