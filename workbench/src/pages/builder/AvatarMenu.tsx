import { Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { AccountMenu } from '../../components/AccountMenu';
import { useStores } from '../../stores-context';
import { HEADER } from '../../texts/builder-texts';

// The menu's items are not loaded with the builder: they are fetched once the page is idle, so
// the menu shows them at once when first opened (or, opened sooner, after a spinner).
let loadedItems: ComponentType | null = null;
const loadItems = () =>
  import('./AvatarMenuItems').then((m) => {
    loadedItems = m.AvatarMenuItems;
    return { default: m.AvatarMenuItems };
  });
const LazyItems = lazy(loadItems);

function MenuItems() {
  const Items = loadedItems;
  if (Items) return <Items />;
  return (
    <Suspense
      fallback={
        <li className="page-loading" role="none">
          <Spinner size={20} aria-label="Loading" />
        </li>
      }
    >
      <LazyItems />
    </Suspense>
  );
}

/** Fetches the menu's items when the browser is next idle (or after a second where it cannot say). */
function usePreloadedItems() {
  useEffect(() => {
    if (loadedItems) return;
    const preload = () => void loadItems().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(preload, { timeout: 3_000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, 1_000);
    return () => clearTimeout(timer);
  }, []);
}

/**
 * Initials that open the account menu: name, e-mail, plan, credits, Analytics, My runs, Credits
 * history, API keys, Sign Out.
 */
export const AvatarMenu = observer(function AvatarMenu() {
  const { session, credits } = useStores();
  usePreloadedItems();
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
      <MenuItems />
    </AccountMenu>
  );
});
