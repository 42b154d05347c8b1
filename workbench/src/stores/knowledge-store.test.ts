import { ApiError } from '../api/blocksmith-api';
import { FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { KnowledgeStore, POLL_MS, type Schedule } from './knowledge-store';
import { ToastStore } from './toast-store';

/** A schedule the test runs by hand: `due()` runs what is waiting. */
function manualSchedule() {
  let waiting: { fn: () => void; ms: number }[] = [];
  const schedule: Schedule = (fn, ms) => {
    const entry = { fn, ms };
    waiting.push(entry);
    return () => {
      waiting = waiting.filter((w) => w !== entry);
    };
  };
  return {
    schedule,
    waiting: () => waiting.map((w) => w.ms),
    async due() {
      const now = waiting;
      waiting = [];
      now.forEach((w) => w.fn());
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

async function setup(signedIn = true) {
  const api = new FakeApi();
  const session = await restoredSession(api, memoryStorage(), signedIn);
  const toasts = new ToastStore(manualTimers());
  const clock = manualSchedule();
  const store = new KnowledgeStore(api.knowledge, session, toasts, clock.schedule);
  return { api, fake: api.knowledge, store, toasts, clock };
}

const file = (name: string) => new File(['# Returns\n\nWithin 30 days.'], name, { type: 'text/markdown' });

describe('KnowledgeStore', () => {
  it('asks nothing while signed out', async () => {
    const { fake, store } = await setup(false);
    await store.load();
    expect(store.state).toBe('idle');
    expect(fake.calls).toEqual([]);
  });

  it('reads the bases once for the builder picker, without their documents', async () => {
    const { fake, store } = await setup();
    await fake.createBase('Handbook');
    await store.loadBases();
    await store.loadBases();
    expect(store.bases.map((b) => b.name)).toEqual(['Handbook']);
    expect(fake.calls.filter((c) => c === 'bases')).toHaveLength(1);
    expect(fake.calls).not.toContain('documents');
  });

  it('creates a base and chooses it; the name is needed', async () => {
    const { store, toasts } = await setup();
    await store.load();
    expect(store.state).toBe('ready');
    expect(store.bases).toEqual([]);
    expect(store.canCreate).toBe(false);
    store.setNewName('  Handbook ');
    await store.create();
    expect(store.bases.map((b) => b.name)).toEqual(['Handbook']);
    expect(store.selected?.name).toBe('Handbook');
    expect(store.newName).toBe('');
    expect(toasts.toasts.map((t) => t.message)).toContain('Knowledge base Handbook created');
  });

  it('uploads dropped files, follows their indexing while any is busy, then stops looking', async () => {
    const { fake, store, clock } = await setup();
    await store.load();
    store.setNewName('Handbook');
    await store.create();
    await store.upload([file('returns.md'), file('shipping.md')]);
    expect(store.documents.map((d) => [d.name, d.status])).toEqual([
      ['returns.md', 'queued'],
      ['shipping.md', 'queued'],
    ]);
    expect(store.uploads).toEqual([]);
    expect(clock.waiting()).toEqual([POLL_MS]);

    fake.finishIndexing({ status: 'indexing', progress: 0.4 });
    await clock.due();
    expect(store.documents.map((d) => [d.status, d.progress])).toEqual([
      ['indexing', 0.4],
      ['indexing', 0.4],
    ]);
    expect(clock.waiting()).toEqual([POLL_MS]);

    fake.finishIndexing({ status: 'ready' });
    await clock.due();
    expect(store.documents.every((d) => d.status === 'ready' && d.chunkCount === 3)).toBe(true);
    expect(clock.waiting()).toEqual([]);
    expect(store.selected).toMatchObject({ documentCount: 2, readyCount: 2 });
  });

  it('adds a web page and text, and says why when the server refuses', async () => {
    const { fake, store, toasts } = await setup();
    await store.load();
    store.setNewName('Docs');
    await store.create();
    expect(store.canAddUrl).toBe(false);
    store.setUrl('https://example.com/handbook');
    await store.addUrl();
    store.setTextName('Note');
    store.setText('The spare key is under the blue flowerpot.');
    await store.addText();
    expect(store.documents.map((d) => [d.name, d.source])).toEqual([
      ['handbook', 'url'],
      ['Note', 'text'],
    ]);
    expect([store.url, store.textName, store.text]).toEqual(['', '', '']);
    fake.failNext = {
      method: 'addUrl',
      error: new ApiError(
        "Your Free plan's knowledge bases hold 20 documents; delete one you no longer need, or upgrade for more.",
      ),
    };
    store.setUrl('https://example.com/more');
    await store.addUrl();
    expect(toasts.toasts.at(-1)?.message).toBe(
      "Your Free plan's knowledge bases hold 20 documents; delete one you no longer need, or upgrade for more.",
    );
  });

  it('shows a failed document with why, indexes it again, and deletes it after a confirmation', async () => {
    const { fake, store } = await setup();
    await store.load();
    store.setNewName('Docs');
    await store.create();
    await store.upload([file('scan.pdf')]);
    fake.finishIndexing({ status: 'failed', error: '"scan.pdf" holds no text to search.' });
    await store.select(store.selectedId!);
    const [failed] = store.documents;
    expect(failed).toMatchObject({ status: 'failed', error: '"scan.pdf" holds no text to search.' });
    await store.reindex(failed!);
    expect(store.documents[0]!.status).toBe('queued');
    store.askDeleteDocument(store.documents[0]!);
    await store.confirmDelete();
    expect(store.documents).toEqual([]);
    expect(store.deleting).toBeNull();
    expect(fake.calls).toContain('deleteDocument');
  });

  it('tries a question on the chosen base, and deletes the base', async () => {
    const { fake, store } = await setup();
    await store.load();
    store.setNewName('Docs');
    await store.create();
    fake.passages = [
      { text: 'Within 30 days.', score: 1, documentId: 'doc-1', documentName: 'returns.md', chunk: 0 },
    ];
    expect(store.canSearch).toBe(false);
    store.setQuery('How long to return?');
    await store.search();
    expect(store.results).toEqual(fake.passages);
    store.askDeleteBase(store.selected!);
    await store.confirmDelete();
    expect(store.bases).toEqual([]);
    expect(store.selected).toBeNull();
    expect(store.results).toBeNull();
  });
});
