import { Button } from '@blueprintjs/core';
import { SendToIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useStores } from '../../stores-context';
import { HEADER } from '../../texts/builder-texts';

/**
 * Publish for a signed-in person (and while the session is still being checked, so it does not
 * flicker), otherwise 'Sign In to Publish' linking to /signin with a redirect back to /app.
 */
export const PublishButton = observer(function PublishButton() {
  const { builder, session } = useStores();
  if (session.signedIn || !session.checked) {
    return (
      <Button
        intent="primary"
        icon={<SendToIcon />}
        text={HEADER.publish}
        disabled={!builder.hasBlocks}
        loading={builder.publisher.publishing}
        onClick={() => void builder.publisher.publish()}
        data-tour="publish"
      />
    );
  }
  return (
    <Link
      to="/signin?redirect=/app"
      className="bp6-button bp6-intent-primary sign-in-to-publish"
      data-tour="publish"
    >
      {HEADER.signInToPublish}
    </Link>
  );
});
