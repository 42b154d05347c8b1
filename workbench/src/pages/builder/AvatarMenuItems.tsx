import { MenuDivider, MenuItem } from '@blueprintjs/core';
import {
  BankAccountIcon,
  BookIcon,
  ChartIcon,
  DollarIcon,
  HistoryIcon,
  KeyIcon,
  LockIcon,
  PeopleIcon,
  PredictiveAnalysisIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { ADMIN_USERS, ADMIN_USERS_PATH } from '../../texts/admin-users-texts';
import { AI_PROVIDERS_PATH, AI_PROVIDERS_TEXTS } from '../../texts/ai-providers-texts';
import { EARNINGS, EARNINGS_PATH } from '../../texts/earnings-texts';
import { API_KEYS, API_KEYS_PATH } from '../../texts/api-texts';
import { SECRETS_PATH, SECRETS_TEXT } from '../../texts/secret-texts';
import { KNOWLEDGE_PATH, KNOWLEDGE_TEXT } from '../../texts/knowledge-texts';
import { HEADER } from '../../texts/builder-texts';
import { CREDIT_USAGE, RUNS } from '../../texts/run-history-texts';
import { UpgradeButton } from '../../components/UpgradeButton';

/**
 * The builder's own items of the account menu: Upgrade, Analytics, My runs, Credits history,
 * Earnings, API keys, Secrets, and Manage accounts for an admin.
 */
export const AvatarMenuItems = observer(function AvatarMenuItems() {
  const { session, credits } = useStores();
  return (
    <>
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
      <MenuItem icon={<BookIcon />} text={KNOWLEDGE_TEXT.menuItem} href={KNOWLEDGE_PATH} />
      {session.user?.user_metadata.isAdmin === true && (
        <MenuItem icon={<PeopleIcon />} text={ADMIN_USERS.menuItem} href={ADMIN_USERS_PATH} />
      )}
      {session.user?.user_metadata.isAdmin === true && (
        <MenuItem
          icon={<PredictiveAnalysisIcon />}
          text={AI_PROVIDERS_TEXTS.menuItem}
          href={AI_PROVIDERS_PATH}
        />
      )}
    </>
  );
});
