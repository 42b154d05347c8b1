import { Callout } from '@blueprintjs/core';
import { EyeOpenIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { EmbedStore } from '../../stores/embed-store';
import { EMBED } from '../../texts/embed-texts';
import { SHARING_NOTICE } from '../../texts/run-history-texts';

/** What the embed tells the person above its form or its chat: run details shared, a problem, a blocked sign-in window. */
export const EmbedNotices = observer(function EmbedNotices({ embed }: { embed: EmbedStore }) {
  return (
    <>
      {embed.sharing && (
        <Callout icon={<EyeOpenIcon />} className="embed-callout" data-testid="sharing-notice">
          {SHARING_NOTICE}
        </Callout>
      )}
      {embed.problem && (
        <Callout intent="warning" className="embed-callout" role="alert">
          {embed.problem}
        </Callout>
      )}
      {embed.popupBlocked && (
        <Callout intent="warning" className="embed-callout" role="alert">
          {EMBED.popupBlocked}
        </Callout>
      )}
    </>
  );
});
