import { StateMessage } from '../../components/StateMessage';
import { useLocation } from 'react-router-dom';
import { LinkButton } from '../../components/LinkButton';
import { PublicFooter } from '../../components/PublicFooter';
import { PublicHeader } from '../../components/PublicHeader';
import { NOT_FOUND } from '../../texts/public-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';

/** Any unknown address. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle(PAGE_TITLES.notFound);
  return (
    <div className="public-page">
      <PublicHeader />
      <main className="public-main not-found">
        <StateMessage
          level={1}
          icon={<span className="not-found-code">{NOT_FOUND.code}</span>}
          title={NOT_FOUND.title}
          description={
            <>
              <p>{NOT_FOUND.text}</p>
              <code className="not-found-path">{pathname}</code>
            </>
          }
          action={
            <div className="not-found-actions">
              <LinkButton intent="primary" href="/" text={NOT_FOUND.home} />
              <LinkButton variant="outlined" href="/store" text={NOT_FOUND.store} />
            </div>
          }
        />
      </main>
      <PublicFooter />
    </div>
  );
}
