import { Button, NonIdealState } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useStores } from '../stores-context';
import { PageSpinner, SignedInPage } from './SignedInPage';
import '../pages/api-keys/api-keys.css';

/** What the signed-in person's page loads when they are known, and forgets when they leave. */
interface PersonalData {
  readonly state: 'idle' | 'loading' | 'ready' | 'failed';
  load(): Promise<void>;
  clear(): void;
}

/**
 * A page of the signed-in person's own things under /account (API keys, secrets): a title and an
 * introduction, a sign-in prompt for visitors, and `children` once someone is signed in and `data`
 * is loaded (a spinner before, Try again when it failed); `data` is loaded for each person and
 * cleared when they leave. `dialogs` sit beside the page.
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
  texts: { loading: string; signedOut: string; loadFailed: string; tryAgain: string };
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
    <SignedInPage
      path={path}
      className="api-keys-page"
      title={title}
      intro={intro}
      loadingLabel={texts.loading}
      signIn={{ icon, text: texts.signedOut }}
      after={dialogs}
    >
      {data.state === 'idle' || data.state === 'loading' ? (
        <PageSpinner label={texts.loading} />
      ) : data.state === 'failed' ? (
        <NonIdealState
          icon={<WarningSignIcon size={40} />}
          description={texts.loadFailed}
          action={<Button text={texts.tryAgain} onClick={() => void data.load()} />}
        />
      ) : (
        children
      )}
    </SignedInPage>
  );
});
