import type { RunEvent } from '@blocksmith/schema';
import type { RunWatcher } from '../api/blocksmith-api';
import { FakeApi, manualTimers } from '../testing/fake-api';
import { ApiError } from '../api/blocksmith-api';
import { CHAT } from '../texts/chat-texts';
import { ChatStore, WAITING_POLL_MS } from './chat-store';
import { ToastStore } from './toast-store';

function setup() {
  const api = new FakeApi();
  const toasts = new ToastStore(manualTimers());
  const timers = manualTimers();
  const copied: string[] = [];
  let answered = 0;
  const chat = new ChatStore(
    api,
    toasts,
    () => void answered++,
    async (text) => void copied.push(text),
    timers,
  );
  return { api, chat, toasts, timers, copied, answered: () => answered };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const partial = (nodeId: string, text: string): RunEvent => ({
  type: 'node_partial',
  runId: 'run',
  nodeId,
  at: 1,
  text,
});

describe('ChatStore', () => {
  it('opens a chat app on its chat, and any other chattable app on its form', async () => {
    const { api, chat } = setup();
    await chat.open('app-1');
    expect(chat.chattable).toBe(true);
    expect(chat.view).toBe('chat');
    api.chat.settingsAnswer = { ...api.chat.settingsAnswer, mode: 'text' };
    await chat.open('app-2');
    expect(chat.view).toBe('form');
    api.chat.settingsAnswer = { ...api.chat.settingsAnswer, chattable: false, mode: null };
    await chat.open('app-3');
    expect(chat.chattable).toBe(false);
    expect(chat.canSend).toBe(false);
  });

  it('streams the answer as its run writes it, then shows the stored answer and lists the conversation', async () => {
    const { api, chat, answered } = setup();
    let watcher: RunWatcher | null = null;
    api.manualWatch = (w) => (watcher = w);
    await chat.open('app-1');
    chat.setDraft('Say hello in Spanish');
    await chat.send();
    expect(chat.draft).toBe('');
    expect(chat.answering).toBe(true);
    expect(chat.canSend).toBe(false);
    watcher!.next(partial('gen', 'Ho'));
    watcher!.next(partial('gen', 'la'));
    expect(chat.messages[0]).toMatchObject({ message: 'Say hello in Spanish', streaming: 'Hola' });
    watcher!.next({ type: 'run_finished', runId: 'run', at: 2, status: 'succeeded' } as RunEvent);
    await settled();
    expect(chat.messages[0]).toMatchObject({
      answer: 'Answer to: Say hello in Spanish',
      status: 'succeeded',
    });
    expect(chat.answering).toBe(false);
    expect(answered()).toBe(1);
    expect(chat.conversations.map((c) => c.title)).toEqual(['Say hello in Spanish']);
  });

  it('continues the open conversation, and starts a new one when asked', async () => {
    const { api, chat } = setup();
    api.manualWatch = (w) =>
      w.next({ type: 'run_finished', runId: 'run', at: 2, status: 'succeeded' } as RunEvent);
    await chat.open('app-1');
    chat.setDraft('First');
    await chat.send();
    await settled();
    const first = chat.activeId;
    chat.setDraft('And then?');
    await chat.send();
    await settled();
    expect(chat.activeId).toBe(first);
    expect(chat.messages.map((m) => m.message)).toEqual(['First', 'And then?']);
    chat.startNew();
    expect(chat.messages).toEqual([]);
    chat.setDraft('Other topic');
    await chat.send();
    await settled();
    expect(chat.activeId).not.toBe(first);
    expect(chat.conversations).toHaveLength(2);
  });

  it('stops an answer being written, and regenerates the last one in its place', async () => {
    const { api, chat } = setup();
    let watcher: RunWatcher | null = null;
    api.manualWatch = (w) => (watcher = w);
    await chat.open('app-1');
    chat.setDraft('A long story');
    await chat.send();
    watcher!.next(partial('gen', 'Once upon'));
    await chat.stop();
    expect(api.chat.calls).toContain('stop');
    expect(chat.messages[0]).toMatchObject({ stopped: true, streaming: 'Once upon' });
    expect(chat.answering).toBe(false);
    expect(chat.canRegenerate).toBe(true);
    await chat.regenerate();
    expect(api.chat.calls).toContain('regenerate');
    expect(chat.messages).toHaveLength(1);
    expect(chat.messages[0]).toMatchObject({ message: 'A long story', status: 'running' });
  });

  it('copies an answer, renames and deletes a conversation', async () => {
    const { api, chat, copied } = setup();
    api.manualWatch = (w) =>
      w.next({ type: 'run_finished', runId: 'run', at: 2, status: 'succeeded' } as RunEvent);
    await chat.open('app-1');
    chat.setDraft('Owls');
    await chat.send();
    await settled();
    await chat.copy(chat.messages[0]!);
    expect(copied).toEqual(['Answer to: Owls']);
    chat.startRename(chat.conversations[0]!);
    chat.setRenameTitle('Night birds');
    await chat.saveRename();
    expect(chat.conversations[0]!.title).toBe('Night birds');
    expect(chat.renaming).toBeNull();
    await chat.remove(chat.conversations[0]!.id);
    expect(chat.conversations).toEqual([]);
    expect(chat.activeId).toBeNull();
    expect(chat.messages).toEqual([]);
  });

  it('opens the conversation a link names, on the chat, even for an app that opens on its form', async () => {
    const { api, chat } = setup();
    await chat.open('app-1');
    chat.setDraft('First');
    await chat.send();
    const id = chat.activeId!;
    api.chat.settingsAnswer = { ...api.chat.settingsAnswer, mode: 'text' };
    await chat.open('app-1', id);
    expect(chat.view).toBe('chat');
    expect(chat.activeId).toBe(id);
    expect(chat.messages.map((m) => m.message)).toEqual(['First']);
  });

  it('shows a message at once while it is sent, and streams an embed’s answer through the embed’s calls', async () => {
    const { api } = setup();
    let watcher: RunWatcher | null = null;
    api.manualWatch = (w) => (watcher = w);
    const embedded = new ChatStore(
      { chat: api.chat.embedded('post-writer-1', 'visitor-token-0123456789') },
      new ToastStore(manualTimers()),
      () => undefined,
    );
    await embedded.open('app-1');
    embedded.setDraft('Hello');
    const sending = embedded.send();
    expect(embedded.messages).toEqual([expect.objectContaining({ message: 'Hello', status: 'running' })]);
    expect(embedded.answering).toBe(true);
    await sending;
    expect(api.chat.embeddedAs).toEqual({ slug: 'post-writer-1', visitorToken: 'visitor-token-0123456789' });
    // Followed through the embed's own subscription (a visitor has no session to watch runs with).
    expect(api.chat.calls).toContain(`watch ${embedded.activeId}`);
    watcher!.next(partial('gen', 'Hi'));
    expect(embedded.messages[0]).toMatchObject({ streaming: 'Hi' });
    watcher!.next({ type: 'run_finished', runId: 'run', at: 2, status: 'succeeded' } as RunEvent);
    await settled();
    expect(embedded.messages).toEqual([
      expect.objectContaining({ message: 'Hello', status: 'succeeded', answer: 'Answer to: Hello' }),
    ]);
    expect(embedded.answering).toBe(false);
    expect(embedded.conversations).toHaveLength(1);

    // Regenerate: the last message shows being answered again in its place, then its new answer.
    const again = embedded.regenerate();
    expect(embedded.messages).toEqual([expect.objectContaining({ message: 'Hello', status: 'running' })]);
    await again;
    watcher!.next({ type: 'run_finished', runId: 'run', at: 3, status: 'succeeded' } as RunEvent);
    await settled();
    expect(embedded.messages).toEqual([expect.objectContaining({ message: 'Hello', status: 'succeeded' })]);
    expect(api.chat.calls.filter((call) => call === 'regenerate')).toHaveLength(1);
  });

  it('says so when an answer could not be stopped, and keeps streaming it', async () => {
    const { api, chat, toasts } = setup();
    let watcher: RunWatcher | null = null;
    api.manualWatch = (w) => (watcher = w);
    await chat.open('app-1');
    chat.setDraft('A long story');
    await chat.send();
    api.chat.stoppable = false;
    const stopping = chat.stop();
    expect(chat.stopping).toBe(true);
    await stopping;
    expect(chat.stopping).toBe(false);
    expect(toasts.toasts.map((t) => t.message)).toEqual([CHAT.notStopped]);
    expect(chat.messages[0]!.stopped).toBeUndefined();
    expect(chat.answering).toBe(true);
    watcher!.next(partial('gen', 'Once upon a time'));
    expect(chat.messages[0]).toMatchObject({ streaming: 'Once upon a time' });
  });

  it('keeps a message waiting for approval, then shows its answer once approved', async () => {
    const { api, chat, timers, answered } = setup();
    let watcher: RunWatcher | null = null;
    api.manualWatch = (w) => (watcher = w);
    await chat.open('app-1');
    chat.setDraft('Post this');
    api.chat.waitNext = true;
    await chat.send();
    watcher!.next({ type: 'run_finished', runId: 'run', at: 2, status: 'waiting' } as RunEvent);
    await settled();
    expect(chat.messages[0]).toMatchObject({ status: 'waiting', answer: null });
    expect(chat.waiting).toBe(true);
    expect(chat.answering).toBe(false);
    chat.setDraft('And then?');
    expect(chat.canSend).toBe(false);
    expect(chat.canRegenerate).toBe(false);
    // Read again every WAITING_POLL_MS while it waits.
    const reads = () => api.chat.calls.filter((call) => call === 'conversation').length;
    const before = reads();
    timers.advance(WAITING_POLL_MS);
    await settled();
    expect(reads()).toBe(before + 1);
    expect(chat.waiting).toBe(true);
    api.chat.approve(chat.messages[0]!.runId!, 'Posted, with care.');
    const answeredBefore = answered();
    timers.advance(WAITING_POLL_MS);
    await settled();
    expect(chat.messages[0]).toMatchObject({ status: 'succeeded', answer: 'Posted, with care.' });
    expect(chat.canSend).toBe(true);
    expect(answered()).toBe(answeredBefore + 1);
    expect(timers.pending()).toBe(0);
  });

  it('stops reading a waiting conversation again once another is opened', async () => {
    const { api, chat, timers } = setup();
    api.manualWatch = (w) =>
      w.next({ type: 'run_finished', runId: 'run', at: 2, status: 'waiting' } as RunEvent);
    await chat.open('app-1');
    chat.setDraft('Post this');
    api.chat.waitNext = true;
    await chat.send();
    await settled();
    expect(timers.pending()).toBe(1);
    chat.startNew();
    expect(timers.pending()).toBe(0);
  });

  it('hands a refusal to whoever can deal with it (an embed asks to sign in), keeping the message', async () => {
    const { api, chat, toasts } = setup();
    const refused: unknown[] = [];
    chat.onRefused = (error) => (refused.push(error), true);
    await chat.open('app-1');
    chat.setDraft('Hello');
    api.chat.refuseNext = new ApiError('Sign in to run this app.', 'UNAUTHENTICATED');
    await chat.send();
    expect(refused).toHaveLength(1);
    expect(chat.draft).toBe('Hello');
    expect(chat.messages).toEqual([]);
    expect(toasts.toasts).toEqual([]);
  });

  it('says why a message could not be sent, keeping what was typed', async () => {
    const { api, chat, toasts } = setup();
    await chat.open('app-1');
    chat.setDraft('Hello');
    api.chat.send = async () => {
      throw new Error('Your credits ran out.');
    };
    await chat.send();
    expect(chat.draft).toBe('Hello');
    expect(chat.answering).toBe(false);
    expect(toasts.toasts.map((t) => t.message)).toContainEqual(expect.stringMatching(/credits ran out/));
  });
});
