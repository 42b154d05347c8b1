import { Button, ButtonGroup, InputGroup, Spinner, TextArea } from '@blueprintjs/core';
import {
  AddIcon,
  ChatIcon,
  DuplicateIcon,
  EditIcon,
  RefreshIcon,
  SendMessageIcon,
  StopIcon,
  TimeIcon,
  TrashIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import Markdown from '../builder/Markdown';
import type { ChatStore, ShownMessage } from '../../stores/chat-store';
import { CHAT } from '../../texts/chat-texts';
import './chat.css';

const ConversationList = observer(function ConversationList({ chat }: { chat: ChatStore }) {
  return (
    <nav className="chat-conversations" aria-label={CHAT.conversations} data-testid="chat-conversations">
      <Button
        icon={<AddIcon />}
        text={CHAT.newConversation}
        fill
        disabled={chat.answering}
        onClick={() => chat.startNew()}
        data-testid="chat-new"
      />
      <h3 className="chat-conversations-title">{CHAT.conversations}</h3>
      {chat.conversations.length === 0 && <p className="muted small">{CHAT.noConversations}</p>}
      <ul>
        {chat.conversations.map((conversation) => (
          <li
            key={conversation.id}
            className={conversation.id === chat.activeId ? 'is-active' : undefined}
            data-testid="chat-conversation"
          >
            {chat.renaming?.id === conversation.id ? (
              <form
                className="chat-rename"
                onSubmit={(event) => {
                  event.preventDefault();
                  void chat.saveRename();
                }}
              >
                <InputGroup
                  small
                  autoFocus
                  aria-label={CHAT.renamePrompt}
                  value={chat.renaming.title}
                  maxLength={120}
                  onChange={(event) => chat.setRenameTitle(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape') chat.cancelRename();
                  }}
                />
                <Button small type="submit" intent="primary" text={CHAT.save} />
              </form>
            ) : (
              <>
                <button
                  type="button"
                  className="chat-conversation-title"
                  onClick={() => void chat.select(conversation.id)}
                  title={conversation.title}
                >
                  {conversation.title}
                </button>
                <ButtonGroup minimal className="chat-conversation-actions">
                  <Button
                    small
                    icon={<EditIcon />}
                    aria-label={CHAT.rename}
                    title={CHAT.rename}
                    onClick={() => chat.startRename(conversation)}
                  />
                  <Button
                    small
                    icon={<TrashIcon />}
                    aria-label={CHAT.delete}
                    title={CHAT.delete}
                    onClick={() => void chat.remove(conversation.id)}
                  />
                </ButtonGroup>
              </>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
});

const Answer = observer(function Answer({
  chat,
  message,
  last,
  embedded,
}: {
  chat: ChatStore;
  message: ShownMessage;
  last: boolean;
  embedded: boolean;
}) {
  if (message.status === 'waiting') {
    return (
      <div className="chat-waiting" data-testid="chat-waiting">
        <p className="chat-waiting-title">
          <TimeIcon /> {CHAT.waiting}
        </p>
        <p className="muted small">{CHAT.waitingNote}</p>
        {message.runId && !embedded && (
          <Link className="small" to={`/runs/${message.runId}`} data-testid="chat-waiting-run">
            {CHAT.waitingRunLink}
          </Link>
        )}
      </div>
    );
  }
  if (message.status === 'running' && !message.stopped) {
    return message.streaming ? (
      <Markdown text={message.streaming} />
    ) : (
      <p className="chat-thinking">
        <Spinner size={14} /> {CHAT.thinking}
      </p>
    );
  }
  return (
    <>
      {message.stopped ? (
        <>
          {message.streaming && <Markdown text={message.streaming} />}
          <p className="muted small">{CHAT.stopped}</p>
        </>
      ) : message.answer ? (
        <Markdown text={message.answer} />
      ) : (
        <p className="error-text">{message.error ?? CHAT.failed}</p>
      )}
      <div className="chat-answer-actions">
        {message.answer && (
          <Button
            small
            minimal
            icon={<DuplicateIcon />}
            text={CHAT.copy}
            onClick={() => void chat.copy(message)}
            data-testid="chat-copy"
          />
        )}
        {last && (
          <Button
            small
            minimal
            icon={<RefreshIcon />}
            text={CHAT.regenerate}
            disabled={!chat.canRegenerate}
            onClick={() => void chat.regenerate()}
            data-testid="chat-regenerate"
          />
        )}
        {message.runId && !embedded && (
          <Link className="chat-run-link small muted" to={`/runs/${message.runId}`}>
            {CHAT.runLink}
          </Link>
        )}
      </div>
    </>
  );
});

const Messages = observer(function Messages({ chat, embedded }: { chat: ChatStore; embedded: boolean }) {
  const end = useRef<HTMLDivElement>(null);
  const last = chat.messages.at(-1);
  // Keeps the newest words in sight as the answer streams in.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages.length, last?.streaming, last?.status]);
  if (chat.messages.length === 0) {
    return (
      <div className="chat-messages is-empty">
        <ChatIcon size={28} />
        <p className="muted">{CHAT.empty}</p>
      </div>
    );
  }
  return (
    <div className="chat-messages" aria-live="polite" data-testid="chat-messages">
      {chat.messages.map((message, index) => (
        <div key={message.id} className="chat-turn">
          <div className="chat-bubble is-person" data-testid="chat-message">
            <span className="chat-who">{CHAT.you}</span>
            <p>{message.message}</p>
          </div>
          <div className="chat-bubble is-app" data-testid="chat-answer">
            <span className="chat-who">{CHAT.app}</span>
            <Answer
              chat={chat}
              message={message}
              last={index === chat.messages.length - 1}
              embedded={embedded}
            />
          </div>
        </div>
      ))}
      <div ref={end} />
    </div>
  );
});

const Composer = observer(function Composer({ chat }: { chat: ChatStore }) {
  const settings = chat.settings;
  return (
    <>
      {chat.waiting && (
        <p className="chat-waiting-note muted small" data-testid="chat-waiting-note">
          {CHAT.waitingComposer}
        </p>
      )}
      <form
        className="chat-composer"
        onSubmit={(event) => {
          event.preventDefault();
          void chat.send();
        }}
      >
        <TextArea
          fill
          autoResize
          aria-label={settings?.label ?? CHAT.title}
          placeholder={settings?.placeholder ?? ''}
          value={chat.draft}
          maxLength={20_000}
          onChange={(event) => chat.setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter starts a new line.
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void chat.send();
            }
          }}
          data-testid="chat-input"
        />
        {chat.answering ? (
          <Button
            icon={<StopIcon />}
            text={chat.stopping ? CHAT.stopping : CHAT.stop}
            loading={chat.stopping}
            disabled={chat.sending}
            onClick={() => void chat.stop()}
            data-testid="chat-stop"
          />
        ) : (
          <Button
            type="submit"
            intent="primary"
            icon={<SendMessageIcon />}
            text={CHAT.send}
            disabled={!chat.canSend}
            loading={chat.answering}
            data-testid="chat-send"
          />
        )}
      </form>
    </>
  );
});

/** An app's chat: the conversations beside the open one, its messages and the message box. */
export const ChatWindow = observer(function ChatWindow({
  chat,
  costText,
  embedded = false,
}: {
  chat: ChatStore;
  /** What one message costs, as the app page says a run's cost. */
  costText?: string;
  /** In an embed: runs are not linked (run history is on the product, not in another site's page). */
  embedded?: boolean;
}) {
  const settings = chat.settings;
  return (
    <div className="chat-window" data-testid="chat-window">
      <ConversationList chat={chat} />
      <section className="chat-main">
        <Messages chat={chat} embedded={embedded} />
        <Composer chat={chat} />
        <p className="chat-footnote muted small">
          {settings?.memoryTurns != null && CHAT.memory(settings.memoryTurns, settings.olderTurns ?? null)}
          {costText && ` ${CHAT.costPerMessage} ${costText}`}
        </p>
      </section>
    </div>
  );
});

/** Chat or the app's form, for an app that can be chatted with. */
export const ChatViewSwitch = observer(function ChatViewSwitch({ chat }: { chat: ChatStore }) {
  return (
    <ButtonGroup className="chat-view-switch" data-testid="chat-view-switch">
      <Button
        icon={<ChatIcon />}
        text={CHAT.tabChat}
        active={chat.view === 'chat'}
        onClick={() => chat.setView('chat')}
      />
      <Button text={CHAT.tabForm} active={chat.view === 'form'} onClick={() => chat.setView('form')} />
    </ButtonGroup>
  );
});
