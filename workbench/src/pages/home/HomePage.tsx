import { AnchorButton } from '@blueprintjs/core';
import { ArrowRightIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { useStores } from '../../stores-context';
import { PRODUCT_NAME } from '../../texts/builder-texts';

/** The landing page: what the product is, and the way into the builder. */
export const HomePage = observer(function HomePage() {
  const { session } = useStores();
  return (
    <div className="home">
      <header className="home-header">
        <Logo />
        <nav>
          {session.signedIn ? (
            <span className="home-user">{session.displayName}</span>
          ) : (
            <Link to="/signin?redirect=/app">Sign In</Link>
          )}
        </nav>
      </header>
      <main className="home-hero">
        <h1>Build small AI apps by connecting blocks.</h1>
        <p>
          {PRODUCT_NAME} lets you drag inputs, AI steps and outputs onto a canvas, wire them together, try
          them with live progress and publish them for others to run.
        </p>
        <AnchorButton
          href="/app"
          intent="primary"
          size="large"
          endIcon={<ArrowRightIcon />}
          text="Open the builder"
        />
      </main>
    </div>
  );
});
