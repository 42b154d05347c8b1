import { Button } from '@blueprintjs/core';
import { ArrowUpIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../stores-context';
import { UPGRADE } from '../texts/runner-texts';

/**
 * 'Upgrade to Starter' for free-plan people. Without billing on the server it is disabled and
 * says 'Billing is not configured on this server'.
 */
export const UpgradeButton = observer(function UpgradeButton({ compact = false }: { compact?: boolean }) {
  const { upgrade } = useStores();
  useEffect(() => {
    if (upgrade.offered) void upgrade.check();
  }, [upgrade, upgrade.offered]);
  if (!upgrade.offered) return null;
  const off = upgrade.billingEnabled === false;
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
        title={off ? UPGRADE.billingOff : undefined}
        onClick={() => void upgrade.start()}
        data-testid="upgrade-button"
      />
      {off && <p className="muted small upgrade-note">{UPGRADE.billingOff}</p>}
    </div>
  );
});
