import { testBuilder } from '../testing/fake-api';

/** Lets pending promises (the fake API's answers) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** An app saved twice: version 1 with one block, version 2 with two. */
async function savedTwice() {
  const setup = await testBuilder();
  const { builder } = setup;
  builder.gestures.dropBlock('textInput', { x: 200, y: 200 });
  builder.document.setMeta({ name: 'Version one' });
  await builder.saves.save();
  builder.gestures.dropBlock('textGeneration', { x: 500, y: 200 });
  builder.document.setMeta({ name: 'Version two' });
  await builder.saves.save();
  return setup;
}

describe('VersionHistoryStore', () => {
  it('lists the versions newest first, with the draft marked', async () => {
    const { builder } = await savedTwice();
    builder.history.setOpen(true);
    await settle();
    const { entries } = builder.history;
    expect(entries.map((entry) => [entry.number, entry.kind, entry.isDraft])).toEqual([
      [2, 'save', true],
      [1, 'created', false],
    ]);
  });

  it('shows the next version as soon as a save lands while the panel is open', async () => {
    const { builder } = await savedTwice();
    builder.history.setOpen(true);
    await settle();
    builder.document.setMeta({ name: 'Version three' });
    await builder.saves.save();
    await settle();
    expect(builder.history.entries.map((entry) => entry.number)).toEqual([3, 2, 1]);
  });

  it('an app without a server copy has no history yet', async () => {
    const { builder, api } = await testBuilder();
    builder.history.setOpen(true);
    await settle();
    expect(builder.history.appId).toBeUndefined();
    expect(builder.history.entries).toEqual([]);
    expect(api.calls).not.toContain('appVersions');
  });

  it('opens a version read only in place of the draft, which stays untouched', async () => {
    const { builder } = await savedTwice();
    builder.view.setViewport({ zoom: 1.5, pan: { x: -40, y: -20 } });
    builder.history.setOpen(true);
    await settle();
    const first = builder.history.entries.find((entry) => entry.number === 1)!;
    await builder.history.view(first.id);

    expect(builder.readOnly).toBe(true);
    expect(builder.shownConfig.plugins).toHaveLength(1);
    expect(builder.flowNodes).toHaveLength(1);
    expect(builder.document.config.plugins).toHaveLength(2);
    expect(builder.history.viewing?.version.name).toBe('Version one');

    // Nothing changes while a version is shown.
    const revision = builder.document.revision;
    expect(builder.gestures.dropBlock('textDisplay', { x: 0, y: 0 })).toBeNull();
    expect(builder.gestures.addBlockByClick('textDisplay')).toBeNull();
    builder.gestures.applyNodeChanges([
      { type: 'position', id: builder.shownConfig.plugins[0]!.id, position: { x: 9, y: 9 } },
    ]);
    builder.view.selectNode(builder.document.config.plugins[0]!.id);
    builder.gestures.deleteSelection();
    builder.gestures.undo();
    expect(builder.document.revision).toBe(revision);
    expect(builder.flowNodes.every((node) => !node.selected)).toBe(true);

    // Back to the draft, where it was looked at.
    builder.history.backToDraft();
    expect(builder.readOnly).toBe(false);
    expect(builder.shownConfig.plugins).toHaveLength(2);
    expect(builder.view.viewport).toEqual({ zoom: 1.5, pan: { x: -40, y: -20 } });
  });

  it('Escape, the preview and loading another app all return to the draft', async () => {
    const { builder } = await savedTwice();
    builder.history.setOpen(true);
    await settle();
    const first = builder.history.entries.at(-1)!;
    await builder.history.view(first.id);
    expect(builder.dialogs.escape()).toBe(true);
    expect(builder.readOnly).toBe(false);

    await builder.history.view(first.id);
    await builder.preview.openPreview();
    expect(builder.readOnly).toBe(false);
    builder.dialogs.setPreviewOpen(false);

    await builder.history.view(first.id);
    builder.drafts.newApp();
    builder.dialogs.confirm?.onConfirm();
    expect(builder.readOnly).toBe(false);
    expect(builder.history.entries).toEqual([]);
  });

  it('restores a version as the draft: unsaved changes are saved first, nothing is overwritten', async () => {
    const { builder, api, toasts } = await savedTwice();
    const appId = builder.document.meta.id!;
    builder.history.setOpen(true);
    await settle();
    const first = builder.history.entries.find((entry) => entry.number === 1)!;
    await builder.history.view(first.id);
    builder.history.backToDraft();
    builder.document.setMeta({ name: 'Unsaved edit' });

    builder.history.askRestore(first);
    expect(builder.dialogs.confirm?.title).toBe('Restore version 1?');
    builder.dialogs.confirm!.onConfirm();
    await settle();

    expect(api.versions.get(appId)!.map((version) => [version.number, version.kind, version.name])).toEqual([
      [1, 'created', 'Version one'],
      [2, 'save', 'Version two'],
      [3, 'autosave', 'Unsaved edit'],
      [4, 'restore', 'Version one'],
    ]);
    expect(builder.document.meta.name).toBe('Version one');
    expect(builder.document.config.plugins).toHaveLength(1);
    expect(builder.document.dirty).toBe(false);
    expect(builder.readOnly).toBe(false);
    expect(toasts.toasts[0]?.message).toBe('Version 1 restored as the draft');
    expect(builder.history.entries[0]).toMatchObject({ number: 4, kind: 'restore', isDraft: true });
  });

  it('a failed restore says so and leaves the canvas as it was', async () => {
    const { builder, api, toasts } = await savedTwice();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    builder.history.setOpen(true);
    await settle();
    api.failNext.restoreAppVersion = new Error('The server is busy.');
    expect(await builder.history.restore(builder.history.entries.at(-1)!)).toBe(false);
    expect(toasts.toasts[0]).toMatchObject({
      title: 'The version could not be restored',
      message: 'The server is busy.',
    });
    expect(builder.document.meta.name).toBe('Version two');
    expect(builder.document.config.plugins).toHaveLength(2);
  });

  it('a version that cannot be opened says so', async () => {
    const { builder, api, toasts } = await savedTwice();
    builder.history.setOpen(true);
    await settle();
    api.failNext.appVersion = new Error('Version not found.');
    await builder.history.view(builder.history.entries[0]!.id);
    expect(builder.readOnly).toBe(false);
    expect(toasts.toasts[0]).toMatchObject({ title: 'The version could not be opened' });
  });
});
