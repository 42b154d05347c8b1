import { NonIdealState, Spinner } from '@blueprintjs/core';
import { ArrowLeftIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { AppCard } from '../../components/AppCard';
import { LinkButton } from '../../components/LinkButton';
import { PublicFooter } from '../../components/PublicFooter';
import { PublicHeader } from '../../components/PublicHeader';
import { useStores } from '../../stores-context';
import { PUBLISHER } from '../../texts/public-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import '../store/store.css';

/** /store/user/{userId}: a publisher's published, public apps. */
export const PublisherPage = observer(function PublisherPage() {
  const { publisher } = useStores();
  const { userId = '' } = useParams();
  usePageTitle(PAGE_TITLES.publisher(publisher.loading ? undefined : publisher.heading));

  useEffect(() => {
    void publisher.load(userId);
  }, [publisher, userId]);

  let content;
  if (publisher.loading) {
    content = (
      <div className="store-loading">
        <Spinner aria-label="Loading" />
      </div>
    );
  } else if (publisher.failed) {
    content = (
      <NonIdealState
        className="store-empty"
        icon={<WarningSignIcon size={40} />}
        title={PUBLISHER.loadFailed}
        description={PUBLISHER.loadFailedHint}
      />
    );
  } else if (publisher.apps.length === 0) {
    content = <NonIdealState className="store-empty" title={PUBLISHER.empty} />;
  } else {
    content = (
      <div className="app-grid">
        {publisher.apps.map((app) => (
          <AppCard key={app.id} app={app} publisherName={publisher.name ?? 'Publisher'} />
        ))}
      </div>
    );
  }

  return (
    <div className="public-page">
      <PublicHeader signInRedirect={`/store/user/${userId}`} />
      <main className="public-main">
        <div className="publisher-heading">
          <LinkButton
            variant="minimal"
            icon={<ArrowLeftIcon />}
            href="/store"
            aria-label={PUBLISHER.backToStore}
          />
          <h1 className="page-title">{publisher.loading ? '' : publisher.heading}</h1>
        </div>
        {content}
      </main>
      <PublicFooter />
    </div>
  );
});

export default PublisherPage;
