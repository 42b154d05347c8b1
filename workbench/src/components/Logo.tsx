import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../texts/builder-texts';

/** The product's mark alone. */
export function LogoMark({ size = 26 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#2d72d2" />
      <rect x="7" y="8" width="8" height="7" rx="2" fill="#fff" />
      <rect x="17" y="17" width="8" height="7" rx="2" fill="#fff" />
      <path d="M15 11.5h3a2.5 2.5 0 0 1 2.5 2.5v3" stroke="#fff" strokeWidth="2" fill="none" />
    </svg>
  );
}

/** The product mark; links home. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="logo" aria-label={`${PRODUCT_NAME} home`}>
      <LogoMark />
      {!compact && <span className="logo-name">{PRODUCT_NAME}</span>}
    </Link>
  );
}
