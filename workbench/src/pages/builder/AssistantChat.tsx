import { Button, Card, Spinner, TextArea } from '@blueprintjs/core';
import { ChatIcon, CrossIcon, SendMessageIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useStores } from '../../stores-context';
import { ASSISTANT } from '../../texts/runner-texts';

/** The floating assistant button and its chat panel. */
export const AssistantChat = observer(function AssistantChat() {
  const { assistant, session } = useStores();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [assistant.messages.length, assistant.pending]);

  if (!assistant.open) {
    return (
      <Button
        className="assistant-fab"
        intent="primary"
        size="large"
        icon={<ChatIcon />}
        aria-label={ASSISTANT.button}
        title={ASSISTANT.button}
        onClick={() => assistant.setOpen(true)}
        data-testid="assistant-button"
      />
    );
  }
  return (
    <Card className="assistant-panel" elevation={3} role="dialog" aria-label={ASSISTANT.title}>
      <div className="assistant-head">
        <strong>
          <ChatIcon /> {ASSISTANT.title}
        </strong>
        <Button
          variant="minimal"
          size="small"
          icon={<CrossIcon />}
          aria-label="Close"
          onClick={() => assistant.setOpen(false)}
        />
      </div>
      <div className="assistant-messages" ref={list} aria-live="polite" data-testid="assistant-messages">
        <div className="assistant-message is-assistant">{ASSISTANT.welcome}</div>
        {assistant.messages.map((message) => (
          <div
            key={message.id}
            className={`assistant-message is-${message.type}${message.error ? ' is-error' : ''}`}
          >
            {message.content}
          </div>
        ))}
        {assistant.pending && (
          <div className="assistant-message is-assistant">
            <Spinner size={14} /> {ASSISTANT.thinking}
          </div>
        )}
        {!session.signedIn && (
          <Link to="/signin?redirect=/app" className="assistant-signin">
            Sign In
          </Link>
        )}
      </div>
      <form
        className="assistant-form"
        onSubmit={(event) => {
          event.preventDefault();
          void assistant.send();
        }}
      >
        <TextArea
          fill
          autoFocus
          rows={2}
          value={assistant.draft}
          placeholder={ASSISTANT.placeholder}
          aria-label={ASSISTANT.placeholder}
          onChange={(event) => assistant.setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (assistant.onKey(event.key, event.shiftKey)) event.preventDefault();
          }}
          data-testid="assistant-input"
        />
        <Button
          type="submit"
          intent="primary"
          icon={<SendMessageIcon />}
          aria-label={ASSISTANT.send}
          disabled={!assistant.canSend}
        />
      </form>
      <div className="muted small assistant-hint">{ASSISTANT.hint}</div>
    </Card>
  );
});
