import { Button, Callout } from '@blueprintjs/core';
import { LogInIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useStores } from '../../stores-context';
import { ChatStore } from '../../stores/chat-store';
import type { EmbedStore } from '../../stores/embed-store';
import { PRODUCT_NAME } from '../../texts/builder-texts';
import { EMBED } from '../../texts/embed-texts';
import { ChatWindow } from '../runner/ChatWindow';
import { EmbedNotices } from './EmbedNotices';

/**
 * The chat of an embedded app (its live version): the signed-in person's conversations, or a
 * visitor's (kept under this browser's token) when the owner pays. Made for the embed's slug;
 * opened again when the person signs in (their conversations are then theirs).
 */
export function useEmbedChat(embed: EmbedStore, slug: string, appId: string | undefined): ChatStore {
  const { toasts, credits, session } = useStores();
  const chat = useMemo(() => {
    // A visitor's messages are on the owner's credits: only a signed-in person's balance changed.
    const answered = () => void (session.signedIn && credits.refresh());
    const store = new ChatStore(embed.chatCalls(slug), toasts, answered);
    store.onRefused = (error) => embed.chatRefused(error);
    return store;
  }, [embed, slug, toasts, credits, session]);
  // Opened again on signing in: the conversations are then the person's, not the visitor's.
  const signedIn = session.signedIn;
  useEffect(() => {
    if (!appId) return;
    void chat.open(appId);
    return () => chat.close();
  }, [chat, appId, signedIn]);
  return chat;
}

/** The chat window with who pays for its messages, and signing in when the owner does not. */
export const EmbedChat = observer(function EmbedChat({
  embed,
  chat,
}: {
  embed: EmbedStore;
  chat: ChatStore;
}) {
  const { session } = useStores();
  const signedOut = !session.signedIn;
  return (
    <section className="embed-chat" data-testid="embed-chat">
      {signedOut && !embed.paysOwner && (
        <Callout className="embed-callout" data-testid="embed-chat-sign-in">
          {EMBED.chatSignInNote(PRODUCT_NAME)}{' '}
          <Button
            size="small"
            intent="primary"
            icon={<LogInIcon />}
            text={EMBED.signInToChat}
            loading={embed.signingIn}
            onClick={() => embed.requestSignIn(false)}
          />
        </Callout>
      )}
      <EmbedNotices embed={embed} />
      <ChatWindow chat={chat} costText={signedOut ? undefined : embed.costText} embedded />
      <p className="muted small embed-who" data-testid="embed-who">
        {signedOut
          ? embed.paysOwner
            ? EMBED.chatOwnerPays
            : null
          : embed.priceUnconfirmed
            ? EMBED.confirmNote
            : EMBED.signedInAs(session.displayName)}
      </p>
    </section>
  );
});
