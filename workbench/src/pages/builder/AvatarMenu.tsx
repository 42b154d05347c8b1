import { Button, Menu, MenuDivider, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { ChartIcon, LogOutIcon } from '@blueprintjs/icons';
import { PLANS, isPlanId } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../../stores-context';
import { HEADER } from '../../texts/builder-texts';
import { UpgradeButton } from './UpgradeButton';

/** Initials that open the account menu: name, e-mail, plan, credits, Analytics, Sign Out. */
export const AvatarMenu = observer(function AvatarMenu() {
  const stores = useStores();
  const { session, credits } = stores;
  const navigate = useNavigate();
  if (!session.signedIn || !session.user) return null;
  const plan = credits.publishing?.plan;
  const planLabel = plan && isPlanId(plan) ? PLANS[plan].name : '';
  const creditsText =
    credits.credits === null
      ? credits.error
        ? credits.error
        : HEADER.loadingCredits
      : credits.unlimited
        ? 'Unlimited credits'
        : `${credits.credits} credits`;

  const signOut = async () => {
    await stores.signOut();
    navigate('/');
  };

  const menu = (
    <Menu className="avatar-menu" aria-label="Account">
      <li className="avatar-menu-head">
        <span className="avatar avatar-large">{session.initials}</span>
        <div>
          <div className="avatar-name">{session.displayName}</div>
          <div className="avatar-email">{session.user.email}</div>
        </div>
      </li>
      <MenuDivider />
      <li className="avatar-menu-row">
        {planLabel && (
          <Tag minimal intent="primary">
            {planLabel}
          </Tag>
        )}
        <span className="avatar-credits">{creditsText}</span>
      </li>
      <li>
        <UpgradeButton compact />
      </li>
      <MenuDivider />
      {credits.hasPublishedApp && <MenuItem icon={<ChartIcon />} text={HEADER.analytics} href="/my-apps" />}
      <MenuItem icon={<LogOutIcon />} text={HEADER.signOut} onClick={() => void signOut()} />
    </Menu>
  );

  return (
    <Popover content={menu} placement="bottom-end">
      <Button variant="minimal" className="avatar-button" aria-label={`Account: ${session.displayName}`}>
        <span className="avatar">{session.initials}</span>
      </Button>
    </Popover>
  );
});
