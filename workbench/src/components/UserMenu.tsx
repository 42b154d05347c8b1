import { MenuDivider, MenuItem, Tag } from '@blueprintjs/core';
import {
  BankAccountIcon,
  BookIcon,
  BuildIcon,
  ChartIcon,
  DollarIcon,
  HistoryIcon,
  KeyIcon,
  LinkIcon,
  LockIcon,
  PeopleIcon,
  PredictiveAnalysisIcon,
  ShopIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../stores-context';
import { ADMIN_USERS, ADMIN_USERS_PATH } from '../texts/admin-users-texts';
import { AI_PROVIDERS_PATH, AI_PROVIDERS_TEXTS } from '../texts/ai-providers-texts';
import { EARNINGS, EARNINGS_PATH } from '../texts/earnings-texts';
import { API_KEYS, API_KEYS_PATH } from '../texts/api-texts';
import { SECRETS_PATH, SECRETS_TEXT } from '../texts/secret-texts';
import { CONNECTED_APPS, CONNECTED_APPS_PATH } from '../texts/connected-app-texts';
import { KNOWLEDGE_PATH, KNOWLEDGE_TEXT } from '../texts/knowledge-texts';
import { PUBLIC_HEADER, creditsLabel } from '../texts/public-texts';
import { CREDIT_USAGE, RUNS } from '../texts/run-history-texts';
import { AccountMenu } from './AccountMenu';

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

/**
 * The signed-in person's menu: name, e-mail, plan, credits, builder, My Apps, Analytics, My runs,
 * Credits history, API keys, Sign Out.
 */
export const UserMenu = observer(function UserMenu() {
  const navigate = useNavigate();
  const { session } = useStores();
  return (
    <AccountMenu credits={<CreditsBadge />} signOutText={PUBLIC_HEADER.signOut}>
      <MenuDivider />
      <MenuItem icon={<BuildIcon />} text={PUBLIC_HEADER.builder} onClick={() => navigate('/app')} />
      <MenuItem
        icon={<ShopIcon />}
        text={PUBLIC_HEADER.myApps}
        onClick={() => navigate('/store?view=mine')}
      />
      <MenuItem icon={<ChartIcon />} text={PUBLIC_HEADER.analytics} onClick={() => navigate('/my-apps')} />
      <MenuItem icon={<HistoryIcon />} text={RUNS.menuItem} onClick={() => navigate('/runs')} />
      <MenuItem icon={<DollarIcon />} text={CREDIT_USAGE.viewAll} onClick={() => navigate('/credits')} />
      <MenuItem icon={<BankAccountIcon />} text={EARNINGS.menuItem} onClick={() => navigate(EARNINGS_PATH)} />
      <MenuItem icon={<KeyIcon />} text={API_KEYS.menuItem} onClick={() => navigate(API_KEYS_PATH)} />
      <MenuItem icon={<LockIcon />} text={SECRETS_TEXT.menuItem} onClick={() => navigate(SECRETS_PATH)} />
      <MenuItem
        icon={<LinkIcon />}
        text={CONNECTED_APPS.menuItem}
        onClick={() => navigate(CONNECTED_APPS_PATH)}
      />
      <MenuItem icon={<BookIcon />} text={KNOWLEDGE_TEXT.menuItem} onClick={() => navigate(KNOWLEDGE_PATH)} />
      {session.user?.user_metadata.isAdmin === true && (
        <MenuItem
          icon={<PeopleIcon />}
          text={ADMIN_USERS.menuItem}
          onClick={() => navigate(ADMIN_USERS_PATH)}
        />
      )}
      {session.user?.user_metadata.isAdmin === true && (
        <MenuItem
          icon={<PredictiveAnalysisIcon />}
          text={AI_PROVIDERS_TEXTS.menuItem}
          onClick={() => navigate(AI_PROVIDERS_PATH)}
        />
      )}
    </AccountMenu>
  );
});
