import { MenuDivider, MenuItem } from '@blueprintjs/core';
import {
  BankAccountIcon,
  ChartIcon,
  DollarIcon,
  HistoryIcon,
  KeyIcon,
  LockIcon,
  PeopleIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { AccountMenu } from '../../components/AccountMenu';
import { useStores } from '../../stores-context';
import { ADMIN_USERS, ADMIN_USERS_PATH } from '../../texts/admin-users-texts';
import { EARNINGS, EARNINGS_PATH } from '../../texts/earnings-texts';
import { API_KEYS, API_KEYS_PATH } from '../../texts/api-texts';
import { SECRETS_PATH, SECRETS_TEXT } from '../../texts/secret-texts';
import { HEADER } from '../../texts/builder-texts';
import { CREDIT_USAGE, RUNS } from '../../texts/run-history-texts';
import { UpgradeButton } from './UpgradeButton';

/**
 * Initials that open the account menu: name, e-mail, plan, credits, Analytics, My runs, Credits
 * history, API keys, Sign Out.
 */
export const AvatarMenu = observer(function AvatarMenu() {
  const { session, credits } = useStores();
  if (!session.signedIn) return null;
  const creditsText =
    credits.credits === null
      ? credits.error
        ? credits.error
        : HEADER.loadingCredits
      : credits.unlimited
        ? 'Unlimited credits'
        : `${credits.credits} credits`;

  return (
    <AccountMenu credits={<span className="avatar-credits">{creditsText}</span>} signOutText={HEADER.signOut}>
      <li>
        <UpgradeButton compact />
      </li>
      <MenuDivider />
      {credits.hasPublishedApp && <MenuItem icon={<ChartIcon />} text={HEADER.analytics} href="/my-apps" />}
      <MenuItem icon={<HistoryIcon />} text={RUNS.menuItem} href="/runs" />
      <MenuItem icon={<DollarIcon />} text={CREDIT_USAGE.viewAll} href="/credits" />
      <MenuItem icon={<BankAccountIcon />} text={EARNINGS.menuItem} href={EARNINGS_PATH} />
      <MenuItem icon={<KeyIcon />} text={API_KEYS.menuItem} href={API_KEYS_PATH} />
      <MenuItem icon={<LockIcon />} text={SECRETS_TEXT.menuItem} href={SECRETS_PATH} />
      {session.user?.user_metadata.isAdmin === true && (
        <MenuItem icon={<PeopleIcon />} text={ADMIN_USERS.menuItem} href={ADMIN_USERS_PATH} />
      )}
    </AccountMenu>
  );
});
