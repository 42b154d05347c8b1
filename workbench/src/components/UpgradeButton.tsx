import { Button } from '@blueprintjs/core';
import { ArrowUpIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../stores-context';
import { UPGRADE } from '../texts/runner-texts';

/**
 * 'Upgrade to Starter' for free-plan people. Without billing on the server it is disabled and
 * says whom to ask for the plan (the upgrade store's note).
 */
export const UpgradeButton = observer(function UpgradeButton({ compact = false }: { compact?: boolean }) {
  const { upgrade } = useStores();
  useEffect(() => {
    if (upgrade.offered) void upgrade.check();
  }, [upgrade, upgrade.offered]);
  if (!upgrade.offered) return null;
  const note = upgrade.note;
  return (
    <div className={`upgrade${compact ? ' is-compact' : ''}`}>
      <Button
        intent="primary"
        fill
        size={compact ? 'small' : 'medium'}
        icon={<ArrowUpIcon />}
        text={UPGRADE.button}
        loading={upgrade.starting}
        disabled={!upgrade.available}
        title={note ?? undefined}
        onClick={() => void upgrade.start()}
        data-testid="upgrade-button"
      />
      {note && (
        <p className="muted small upgrade-note" data-testid="upgrade-note">
          {note}
        </p>
      )}
    </div>
  );
});
