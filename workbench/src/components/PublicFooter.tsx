import { Link } from 'react-router-dom';
import { Logo } from './Logo';
import { FOOTER, TAGLINE } from '../texts/public-texts';

/** Social links, legal links and where the product is made. */
export function PublicFooter() {
  return (
    <footer className="public-footer">
      <div className="public-footer-inner">
        <div className="public-footer-brand">
          <Logo />
          <p className="muted">{TAGLINE}</p>
        </div>
        <nav className="public-footer-links" aria-label="Footer">
          <Link to="/store">{FOOTER.store}</Link>
          <Link to="/privacy">{FOOTER.privacy}</Link>
          <Link to="/terms">{FOOTER.terms}</Link>
          {FOOTER.social.map((link) => (
            <a key={link.label} href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          ))}
        </nav>
        <p className="public-footer-made muted">{FOOTER.madeIn}</p>
      </div>
    </footer>
  );
}
