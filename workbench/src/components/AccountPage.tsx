import { NonIdealState, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useStores } from '../stores-context';
import { LinkButton } from './LinkButton';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import '../pages/api-keys/api-keys.css';

/** What the signed-in person's page loads when they are known, and forgets when they leave. */
interface PersonalData {
  load(): Promise<void>;
  clear(): void;
}

/**
 * A page of the signed-in person's own things under /account (API keys, secrets): the public
 * header and footer, a title and an introduction, a sign-in prompt for visitors, and `children` once
 * someone is signed in; `data` is loaded for each person and cleared when they leave. `dialogs` sit
 * beside the page.
 */
export const AccountPage = observer(function AccountPage({
  path,
  title,
  intro,
  icon,
  texts,
  data,
  dialogs,
  children,
}: {
  path: string;
  title: string;
  intro: string;
  icon: JSX.Element;
  texts: { loading: string; signedOut: string; signIn: string };
  data: PersonalData;
  dialogs?: ReactNode;
  children: ReactNode;
}) {
  const { session } = useStores();
  const userId = session.user?.id;

  useEffect(() => {
    if (!userId) return;
    void data.load();
    return () => data.clear();
  }, [data, userId]);

  return (
    <div className="public-page">
      <PublicHeader signInRedirect={path} />
      <main className="public-main api-keys-page">
        <h1 className="page-title">{title}</h1>
        <p className="muted api-keys-intro">{intro}</p>
        {!session.checked ? (
          <Spinner aria-label={texts.loading} />
        ) : !session.signedIn ? (
          <NonIdealState
            icon={icon}
            description={texts.signedOut}
            action={
              <LinkButton
                intent="primary"
                href={`/signin?redirect=${encodeURIComponent(path)}`}
                text={texts.signIn}
              />
            }
          />
        ) : (
          children
        )}
      </main>
      <PublicFooter />
      {dialogs}
    </div>
  );
});
