import { AUTOSAVE_DELAY_MS } from './autosave-store';
import { testBuilder } from '../testing/fake-api';

/** Lets pending promises (the fake API's answers) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A signed-in owner's app, saved once, with one block. */
async function savedApp() {
  const setup = await testBuilder();
  setup.builder.gestures.dropBlock('textInput', { x: 200, y: 200 });
  await setup.builder.saves.save();
  setup.api.calls = [];
  setup.api.autosaveFlags = [];
  return setup;
}

describe('AutosaveStore', () => {
  it('saves the draft 3 s after the last change, as an autosave; every change restarts the wait', async () => {
    const { builder, api, timers } = await savedApp();
    expect(builder.autosave.status).toBe('saved');
    builder.document.setMeta({ name: 'Topic writer' });
    expect(builder.autosave.status).toBe('unsaved');
    timers.advance(AUTOSAVE_DELAY_MS - 1000);
    builder.gestures.dropBlock('textGeneration', { x: 500, y: 200 });
    timers.advance(AUTOSAVE_DELAY_MS - 1);
    await settle();
    expect(api.calls).not.toContain('updateApp');
    timers.advance(1);
    expect(builder.autosave.status).toBe('saving');
    await settle();
    expect(api.calls.filter((call) => call === 'updateApp')).toHaveLength(1);
    expect(api.autosaveFlags).toEqual([true]);
    expect(builder.autosave.status).toBe('saved');
    expect(api.apps.get(builder.document.meta.id!)!.config.plugins).toHaveLength(2);
    expect(builder.saves.saving).toBe(false); // the Save button does not spin for an autosave
  });

  it('never saves twice at once: a wait ending during a save queues one more save after it', async () => {
    const { builder, api, timers } = await savedApp();
    api.holdUpdates = [];
    builder.document.setMeta({ name: 'First' });
    timers.advance(AUTOSAVE_DELAY_MS);
    await settle();
    expect(api.holdUpdates).toHaveLength(1); // the first save is under way

    builder.document.setMeta({ name: 'Second' });
    timers.advance(AUTOSAVE_DELAY_MS);
    await settle();
    expect(api.autosaveFlags).toEqual([true]); // queued, not sent

    const releases = api.holdUpdates;
    api.holdUpdates = null;
    releases[0]!();
    await settle();
    expect(api.autosaveFlags).toEqual([true, true]);
    expect(api.apps.get(builder.document.meta.id!)!.name).toBe('Second');
    expect(builder.document.dirty).toBe(false);
    expect(builder.autosave.status).toBe('saved');
  });

  it('an explicit Save stays a save of its own, and waits for an autosave under way', async () => {
    const { builder, api, timers } = await savedApp();
    api.holdUpdates = [];
    builder.document.setMeta({ name: 'Autosaved' });
    timers.advance(AUTOSAVE_DELAY_MS);
    await settle();
    builder.document.setMeta({ name: 'Saved by hand' });
    const explicit = builder.saves.save();
    await settle();
    expect(api.autosaveFlags).toEqual([true]); // the explicit save waits its turn
    const releases = api.holdUpdates;
    api.holdUpdates = null;
    releases[0]!();
    await explicit;
    expect(api.autosaveFlags).toEqual([true, false]);
    expect(api.apps.get(builder.document.meta.id!)!.name).toBe('Saved by hand');
    const kinds = api.versions.get(builder.document.meta.id!)!.map((version) => version.kind);
    expect(kinds).toEqual(['created', 'autosave', 'save']);
  });

  it('a burst of autosaves makes one version', async () => {
    const { builder, api, timers } = await savedApp();
    for (const name of ['A', 'AB', 'ABC']) {
      builder.document.setMeta({ name });
      timers.advance(AUTOSAVE_DELAY_MS);
      await settle();
    }
    expect(api.autosaveFlags).toEqual([true, true, true]);
    const versions = api.versions.get(builder.document.meta.id!)!;
    expect(versions.map((version) => version.kind)).toEqual(['created', 'autosave']);
    expect(versions[1]!.name).toBe('ABC');
  });

  it('does not save apps without a server copy, or for visitors; they show unsaved changes', async () => {
    const visitor = await testBuilder({ signedIn: false });
    expect(visitor.builder.autosave.status).toBe('none');
    visitor.builder.gestures.dropBlock('textInput', { x: 0, y: 0 });
    visitor.timers.advance(AUTOSAVE_DELAY_MS);
    await settle();
    expect(visitor.api.calls).not.toContain('createApp');
    expect(visitor.builder.autosave.status).toBe('unsaved');
    expect(visitor.builder.autosave.warnBeforeUnload).toBe(true);

    const fresh = await testBuilder();
    fresh.builder.gestures.dropBlock('textInput', { x: 0, y: 0 });
    fresh.timers.advance(AUTOSAVE_DELAY_MS);
    await settle();
    expect(fresh.api.calls).not.toContain('createApp');
    expect(fresh.builder.autosave.status).toBe('unsaved');
  });

  it('warns before leaving while changes are unsaved or being saved, not once they are saved', async () => {
    const { builder, api, timers } = await savedApp();
    expect(builder.beforeUnload()).toBe(false);
    builder.document.setMeta({ name: 'Changed' });
    expect(builder.beforeUnload()).toBe(true);
    api.holdUpdates = [];
    timers.advance(AUTOSAVE_DELAY_MS);
    await settle();
    expect(builder.autosave.status).toBe('saving');
    expect(builder.beforeUnload()).toBe(true);
    const releases = api.holdUpdates;
    api.holdUpdates = null;
    releases[0]!();
    await settle();
    expect(builder.beforeUnload()).toBe(false);
  });

  it('coming back to the builder within the page keeps changes not saved yet, and saves them', async () => {
    const { builder, api, timers } = await savedApp();
    builder.document.setMeta({ name: 'Typed just before leaving' });
    await builder.opener.openStoredApp(); // the builder opens again (another page and back)
    expect(api.calls).not.toContain('app');
    expect(builder.document.meta.name).toBe('Typed just before leaving');
    timers.advance(AUTOSAVE_DELAY_MS);
    await settle();
    expect(api.apps.get(builder.document.meta.id!)!.name).toBe('Typed just before leaving');
  });

  it('a failed autosave leaves the changes unsaved and tries again with the next change', async () => {
    const { builder, api, timers } = await savedApp();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.failNext.updateApp = new Error('offline');
    builder.document.setMeta({ name: 'Offline edit' });
    timers.advance(AUTOSAVE_DELAY_MS);
    await settle();
    expect(builder.autosave.failed).toBe(true);
    expect(builder.autosave.status).toBe('unsaved');
    builder.document.setMeta({ name: 'Online edit' });
    timers.advance(AUTOSAVE_DELAY_MS);
    await settle();
    expect(builder.autosave.failed).toBe(false);
    expect(builder.autosave.status).toBe('saved');
    expect(api.apps.get(builder.document.meta.id!)!.name).toBe('Online edit');
    warn.mockRestore();
  });
});
