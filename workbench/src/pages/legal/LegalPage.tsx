import type { ReactNode } from 'react';
import { PublicFooter } from '../../components/PublicFooter';
import { PublicHeader } from '../../components/PublicHeader';
import { pageTitle } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import './legal.css';

/** The frame of a static legal page. */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  usePageTitle(pageTitle(title));
  return (
    <div className="public-page">
      <PublicHeader />
      <main className="public-main legal">
        <article>
          <h1>{title}</h1>
          <p className="muted">Last updated: {updated}</p>
          {children}
        </article>
      </main>
      <PublicFooter />
    </div>
  );
}
