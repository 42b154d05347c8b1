import { Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { AccountMenu } from '../../components/AccountMenu';
import { useStores } from '../../stores-context';
import { HEADER } from '../../texts/builder-texts';

// The menu's items are loaded when the menu first opens, not with the builder.
const AvatarMenuItems = lazy(() => import('./AvatarMenuItems').then((m) => ({ default: m.AvatarMenuItems })));

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
      <Suspense
        fallback={
          <li className="page-loading" role="none">
            <Spinner size={20} aria-label="Loading" />
          </li>
        }
      >
        <AvatarMenuItems />
      </Suspense>
    </AccountMenu>
  );
});
