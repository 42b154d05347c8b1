import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { LockIcon, LogInIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { CategoryIcon } from '../../canvas/block-visuals';
import { LinkButton } from '../../components/LinkButton';
import { useStores } from '../../stores-context';
import { FULL_BLOCKS_PLAN } from '../../stores/palette-store';
import { PRICING_PATH } from '../../texts/api-texts';
import { BLOCK_TIERS } from '../../texts/block-tier-texts';
import { UpgradeButton } from '../../components/UpgradeButton';
import './block-tiers.css';

/**
 * A locked block was clicked or dragged: which block, why (the server's words), and the way up:
 * Upgrade to Starter for free-plan people, Sign in for visitors, and the plans compared.
 */
export const FullBlockDialog = observer(function FullBlockDialog() {
  const { palette } = useStores();
  const offer = palette.upgradeOffer;
  const close = () => palette.closeUpgradeOffer();
  return (
    <Dialog
      isOpen={palette.upgradeOpen}
      onClose={close}
      title={BLOCK_TIERS.dialogTitle(FULL_BLOCKS_PLAN.name)}
      icon={<LockIcon />}
      className="full-block-dialog"
    >
      {offer && (
        <>
          <DialogBody>
            <div className={`full-block-entry palette-${offer.entry.category}`}>
              <span className="palette-icon">
                <CategoryIcon category={offer.entry.category} />
              </span>
              <span>
                <strong>{offer.entry.name}</strong>
                <span className="muted small">{offer.entry.description}</span>
              </span>
            </div>
            <p className="full-block-message" data-testid="full-block-message">
              {offer.message}
            </p>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button variant="minimal" text={BLOCK_TIERS.close} onClick={close} />
                <LinkButton
                  variant="outlined"
                  href={PRICING_PATH}
                  text={BLOCK_TIERS.comparePlans}
                  onClick={close}
                />
                {offer.signedIn ? (
                  <UpgradeButton />
                ) : (
                  <LinkButton
                    intent="primary"
                    icon={<LogInIcon />}
                    href="/signin?redirect=/app"
                    text={BLOCK_TIERS.signIn}
                    onClick={close}
                  />
                )}
              </>
            }
          />
        </>
      )}
    </Dialog>
  );
});
