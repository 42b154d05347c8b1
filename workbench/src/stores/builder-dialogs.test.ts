import { testBuilder } from '../testing/fake-api';
import { buildThreeBlocks } from '../testing/builder-fixtures';

describe('BuilderDialogs', () => {
  it('Escape closes the live preview, else leaves full screen; a dialog of its own keeps it', async () => {
    const { builder } = await testBuilder();
    buildThreeBlocks(builder);
    await builder.preview.openPreview();
    expect(builder.dialogs.previewOpen).toBe(true);
    builder.dialogs.askConfirm({
      title: 'New app?',
      description: '',
      confirmText: 'Discard',
      onConfirm: () => {},
    });
    expect(builder.dialogs.escape()).toBe(false);
    expect(builder.dialogs.previewOpen).toBe(true);
    builder.dialogs.closeConfirm();
    expect(builder.dialogs.escape()).toBe(true);
    expect(builder.dialogs.previewOpen).toBe(false);
    builder.view.setFullScreen(true);
    expect(builder.dialogs.escape()).toBe(true);
    expect(builder.view.fullScreen).toBe(false);
    expect(builder.dialogs.escape()).toBe(false);
  });

  it('asks before discarding unsaved work, with a destructive confirm', async () => {
    const { builder } = await testBuilder();
    builder.gestures.dropBlock('textInput', { x: 0, y: 0 });
    builder.drafts.newApp();
    expect(builder.dialogs.confirm).toMatchObject({
      title: 'Start a new app?',
      destructive: true,
      cancelText: 'Cancel',
    });
    builder.dialogs.confirm!.onConfirm();
    expect(builder.document.config.plugins).toHaveLength(0);
  });
});
