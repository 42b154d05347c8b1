import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { MenuIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useStores } from '../stores-context';
import { PUBLIC_HEADER, REPOSITORY_URL } from '../texts/public-texts';
import { LinkButton } from './LinkButton';
import { Logo } from './Logo';
import { CreditsBadge, UserMenu } from './UserMenu';
import './public.css';

export interface PublicHeaderProps {
  /** Shows the Pricing entry; called when it is pressed (the landing page scrolls to its pricing). */
  onPricing?: () => void;
  /** Where Sign In returns to after signing in (default: the current page's builder entry, /app). */
  signInRedirect?: string;
}

/**
 * The header of every public page: logo, store link, repository link, and either Sign In / Get
 * Started or the credits and the account menu. On narrow screens the links fold into a menu.
 */
export const PublicHeader = observer(function PublicHeader({ onPricing, signInRedirect }: PublicHeaderProps) {
  const { session, credits } = useStores();
  const navigate = useNavigate();
  const signedIn = session.signedIn;

  useEffect(() => {
    if (signedIn && credits.credits === null && !credits.loading) void credits.refresh();
  }, [signedIn, credits]);

  const signInHref = signInRedirect ? `/signin?redirect=${encodeURIComponent(signInRedirect)}` : '/signin';

  const narrowMenu = (
    <Menu aria-label={PUBLIC_HEADER.menu}>
      {onPricing && <MenuItem text={PUBLIC_HEADER.pricing} onClick={onPricing} />}
      <MenuItem text={PUBLIC_HEADER.store} onClick={() => navigate('/store')} />
      <MenuItem
        text={PUBLIC_HEADER.repository}
        href={REPOSITORY_URL}
        target="_blank"
        rel="noopener noreferrer"
      />
    </Menu>
  );

  return (
    <header className="public-header">
      <div className="public-header-inner">
        <Logo />
        <nav className="public-nav" aria-label="Main">
          {onPricing && (
            <Button variant="minimal" className="public-nav-link" onClick={onPricing}>
              {PUBLIC_HEADER.pricing}
            </Button>
          )}
          <Link to="/store" className="public-nav-link">
            {PUBLIC_HEADER.store}
          </Link>
          <a className="public-nav-link" href={REPOSITORY_URL} target="_blank" rel="noopener noreferrer">
            {PUBLIC_HEADER.repository}
          </a>
        </nav>
        <div className="public-header-actions">
          <span className="public-nav-narrow">
            <PopoverNext content={narrowMenu} placement="bottom-end">
              <Button variant="minimal" icon={<MenuIcon />} aria-label={PUBLIC_HEADER.menu} />
            </PopoverNext>
          </span>
          {signedIn ? (
            <>
              <CreditsBadge />
              <UserMenu />
            </>
          ) : session.checked ? (
            <>
              <LinkButton variant="minimal" href={signInHref} text={PUBLIC_HEADER.signIn} />
              <LinkButton intent="primary" href="/signup" text={PUBLIC_HEADER.getStarted} />
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
});
