import { Button, Menu, MenuDivider, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { BuildIcon, ChartIcon, LogOutIcon, ShopIcon } from '@blueprintjs/icons';
import { PLANS, isPlanId } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../stores-context';
import { PUBLIC_HEADER, creditsLabel } from '../texts/public-texts';

/** The credit balance as the header shows it. */
export const CreditsBadge = observer(function CreditsBadge() {
  const { credits } = useStores();
  const text =
    credits.credits === null
      ? credits.error || PUBLIC_HEADER.loadingCredits
      : credits.unlimited
        ? PUBLIC_HEADER.unlimitedCredits
        : creditsLabel(credits.credits);
  return (
    <Tag minimal round className="public-credits" data-testid="public-credits">
      {text}
    </Tag>
  );
});

/** The signed-in person's menu: name, e-mail, plan, credits, My Apps, Analytics, builder, Sign Out. */
export const UserMenu = observer(function UserMenu() {
  const stores = useStores();
  const { session, credits } = stores;
  const navigate = useNavigate();
  if (!session.user) return null;
  const plan = credits.publishing?.plan;
  const planLabel = plan && isPlanId(plan) ? PLANS[plan].name : '';

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
        <CreditsBadge />
      </li>
      <MenuDivider />
      <MenuItem icon={<BuildIcon />} text={PUBLIC_HEADER.builder} onClick={() => navigate('/app')} />
      <MenuItem
        icon={<ShopIcon />}
        text={PUBLIC_HEADER.myApps}
        onClick={() => navigate('/store?view=mine')}
      />
      <MenuItem icon={<ChartIcon />} text={PUBLIC_HEADER.analytics} onClick={() => navigate('/my-apps')} />
      <MenuDivider />
      <MenuItem icon={<LogOutIcon />} text={PUBLIC_HEADER.signOut} onClick={() => void signOut()} />
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
