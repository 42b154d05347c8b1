import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Switch, Tag } from '@blueprintjs/core';
import { LogOutIcon } from '@blueprintjs/icons';
import { PLANS, isPlanId } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../stores-context';
import { THEME_TEXTS } from '../texts/theme-texts';

export interface AccountMenuProps {
  /** The credit balance, as the surrounding page shows it. */
  credits: ReactNode;
  /** What stands between the plan and credits row and Sign Out. */
  children: ReactNode;
  signOutText: string;
}

/** Dark mode on or off, kept for the person; 'Use system setting' forgets the choice. */
export const ThemeSwitch = observer(function ThemeSwitch() {
  const { theme } = useStores();
  return (
    <li className="theme-switch" data-testid="theme-switch" role="group" aria-label={THEME_TEXTS.group}>
      {/* Items of the menu they sit in: a checkable item and a plain one. */}
      <Switch
        role="menuitemcheckbox"
        aria-checked={theme.dark}
        checked={theme.dark}
        label={THEME_TEXTS.darkMode}
        alignIndicator="end"
        onChange={() => theme.toggle()}
      />
      {theme.choice === null ? (
        <span className="muted small">{THEME_TEXTS.followingSystem}</span>
      ) : (
        <Button
          role="menuitem"
          variant="minimal"
          size="small"
          className="theme-follow-system"
          text={THEME_TEXTS.followSystem}
          onClick={() => theme.followSystem()}
        />
      )}
    </li>
  );
});

/**
 * The signed-in person's initials, opening the account menu: name, e-mail, plan, credits, the
 * page's own `children`, Sign Out (back to the landing page).
 */
export const AccountMenu = observer(function AccountMenu({
  credits,
  children,
  signOutText,
}: AccountMenuProps) {
  const stores = useStores();
  const { session } = stores;
  const navigate = useNavigate();
  if (!session.user) return null;
  const plan = stores.credits.publishing?.plan;
  const planLabel = plan && isPlanId(plan) ? PLANS[plan].name : '';

  const signOut = async () => {
    await stores.signOut();
    navigate('/');
  };

  const menu = (
    <Menu className="avatar-menu" aria-label="Account">
      {/* Who is signed in, then the plan and credits: read as they are, not as menu items. */}
      <li className="avatar-menu-head" role="none">
        <span className="avatar avatar-large">{session.initials}</span>
        <div>
          <div className="avatar-name">{session.displayName}</div>
          <div className="avatar-email">{session.user.email}</div>
        </div>
      </li>
      <MenuDivider />
      <li className="avatar-menu-row" role="none">
        {planLabel && (
          <Tag minimal intent="primary">
            {planLabel}
          </Tag>
        )}
        {credits}
      </li>
      {children}
      <MenuDivider />
      <ThemeSwitch />
      <MenuDivider />
      <MenuItem icon={<LogOutIcon />} text={signOutText} onClick={() => void signOut()} />
    </Menu>
  );

  return (
    <PopoverNext content={menu} placement="bottom-end">
      {/* Named with the initials it shows too, so saying what is seen finds it (label in name). */}
      <Button
        variant="minimal"
        className="avatar-button"
        aria-label={`Account: ${session.displayName}, ${session.initials}`}
      >
        <span className="avatar">{session.initials}</span>
      </Button>
    </PopoverNext>
  );
});
