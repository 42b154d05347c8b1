import { LOCAL_DRAFT_DELAY_MS, LOCAL_DRAFT_KEY, readLocalDraft } from './local-draft-store';
import { memoryStorage, testBuilder } from '../testing/fake-api';

describe('LocalDraftStore', () => {
  it("keeps a visitor's canvas in this browser and offers it back after a reload", async () => {
    const first = await testBuilder({ signedIn: false });
    first.builder.localDraft.check(); // arrival: nothing kept yet
    first.builder.gestures.dropBlock('textInput', { x: 200, y: 200 });
    first.builder.gestures.dropBlock('textGeneration', { x: 500, y: 200 });
    first.builder.document.setMeta({ name: 'Kept app' });
    expect(first.storage.getItem(LOCAL_DRAFT_KEY)).toBeNull();
    first.timers.advance(LOCAL_DRAFT_DELAY_MS);
    const kept = readLocalDraft(first.storage.getItem(LOCAL_DRAFT_KEY));
    expect(kept?.app.name).toBe('Kept app');
    expect(kept?.app.config.plugins).toHaveLength(2);

    // The reload: a new builder over the same storage, with an empty canvas.
    const second = await testBuilder({ signedIn: false, storage: first.storage });
    second.builder.localDraft.check();
    expect(second.builder.localDraft.offer?.app.name).toBe('Kept app');
    second.builder.document.setMeta({ name: 'typed while asked' });
    second.timers.advance(LOCAL_DRAFT_DELAY_MS);
    expect(readLocalDraft(second.storage.getItem(LOCAL_DRAFT_KEY))?.app.name).toBe('Kept app');

    second.builder.localDraft.restore();
    expect(second.builder.localDraft.offer).toBeNull();
    expect(second.builder.document.meta.name).toBe('Kept app');
    expect(second.builder.document.meta.id).toBeUndefined();
    expect(second.builder.document.config.plugins).toHaveLength(2);
    expect(second.builder.document.dirty).toBe(true);
    expect(second.toasts.toasts[0]?.message).toBe('Unsaved app restored');
  });

  it('discarding forgets the kept app; nothing is written before the offer is decided', async () => {
    const storage = memoryStorage();
    const first = await testBuilder({ signedIn: false, storage });
    first.builder.gestures.dropBlock('textInput', { x: 0, y: 0 }); // before arrival is checked: not kept
    first.timers.advance(LOCAL_DRAFT_DELAY_MS);
    expect(storage.getItem(LOCAL_DRAFT_KEY)).toBeNull();
    first.builder.localDraft.check();
    first.builder.gestures.dropBlock('textInput', { x: 300, y: 0 });
    first.builder.localDraft.flush(); // the page goes away: written at once
    expect(readLocalDraft(storage.getItem(LOCAL_DRAFT_KEY))?.app.config.plugins).toHaveLength(2);

    const second = await testBuilder({ signedIn: false, storage });
    second.builder.localDraft.check();
    second.builder.localDraft.discard();
    expect(second.builder.localDraft.offer).toBeNull();
    expect(storage.getItem(LOCAL_DRAFT_KEY)).toBeNull();
    expect(second.builder.document.config.plugins).toHaveLength(0);
  });

  it('is offered after signing in, and forgotten once the app has its server copy', async () => {
    const storage = memoryStorage();
    const visitor = await testBuilder({ signedIn: false, storage });
    visitor.builder.localDraft.check();
    visitor.builder.gestures.dropBlock('textInput', { x: 0, y: 0 });
    visitor.builder.localDraft.flush();

    const signedIn = await testBuilder({ storage });
    signedIn.builder.localDraft.check();
    expect(signedIn.builder.localDraft.offer).not.toBeNull();
    signedIn.builder.localDraft.restore();
    signedIn.timers.advance(LOCAL_DRAFT_DELAY_MS);
    expect(storage.getItem(LOCAL_DRAFT_KEY)).not.toBeNull();
    await signedIn.builder.saves.save();
    expect(signedIn.builder.document.meta.id).toBeDefined();
    expect(storage.getItem(LOCAL_DRAFT_KEY)).toBeNull();
  });

  it('is not offered while the canvas already shows it (signing in without a reload)', async () => {
    const { builder, storage, timers } = await testBuilder({ signedIn: false });
    builder.localDraft.check();
    builder.gestures.dropBlock('textInput', { x: 0, y: 0 });
    timers.advance(LOCAL_DRAFT_DELAY_MS);
    expect(storage.getItem(LOCAL_DRAFT_KEY)).not.toBeNull();
    builder.localDraft.check(); // the builder opens again in the same page
    expect(builder.localDraft.offer).toBeNull();
  });

  it('an emptied canvas (New app) drops the kept copy', async () => {
    const { builder, storage, timers } = await testBuilder({ signedIn: false });
    builder.localDraft.check();
    builder.gestures.dropBlock('textInput', { x: 0, y: 0 });
    timers.advance(LOCAL_DRAFT_DELAY_MS);
    builder.drafts.newApp();
    builder.dialogs.confirm?.onConfirm();
    timers.advance(LOCAL_DRAFT_DELAY_MS);
    expect(storage.getItem(LOCAL_DRAFT_KEY)).toBeNull();
  });

  it('reads only entries it can draw', () => {
    expect(readLocalDraft(null)).toBeNull();
    expect(readLocalDraft('{not json')).toBeNull();
    expect(
      readLocalDraft(JSON.stringify({ savedAt: 'x', app: { config: { plugins: [{ id: 'a' }] } } })),
    ).toBeNull();
    expect(
      readLocalDraft(
        JSON.stringify({ savedAt: '2025-01-01T00:00:00Z', app: { name: 7, config: { plugins: [] } } }),
      ),
    ).toMatchObject({ app: { name: '', category: '', isPrivate: false, config: { plugins: [] } } });
  });
});
