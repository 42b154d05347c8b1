import { EDIT_EXISTING_APP_KEY } from './app-opener';
import { ADA, memoryStorage, testBuilder } from '../testing/fake-api';
import { buildThreeBlocks } from '../testing/builder-fixtures';

describe('AppOpener', () => {
  it('opens the app stored for editing only for its owner', async () => {
    const storage = memoryStorage();
    storage.setItem(EDIT_EXISTING_APP_KEY, JSON.stringify({ id: 'app-9', owner_id: 'someone-else' }));
    const { builder, toasts, api } = await testBuilder({ storage });
    await builder.opener.openStoredApp();
    expect(toasts.toasts[0]).toMatchObject({
      title: 'Access Denied',
      message: 'You can only edit your own apps.',
    });
    expect(api.calls).not.toContain('app');
    expect(storage.getItem(EDIT_EXISTING_APP_KEY)).toBeNull();
  });

  it('reopens the saved app after a reload', async () => {
    const first = await testBuilder();
    buildThreeBlocks(first.builder);
    first.builder.document.setMeta({ name: 'Topic writer' });
    const saved = await first.builder.saves.save();
    const second = await testBuilder({ storage: first.storage });
    second.api.apps.set(saved!.id!, first.api.apps.get(saved!.id!)!);
    await second.builder.opener.openStoredApp();
    expect(second.builder.document.meta.name).toBe('Topic writer');
    expect(second.builder.document.config.plugins).toHaveLength(3);
    expect(second.builder.document.dirty).toBe(false);
  });

  it('a failed load says so', async () => {
    const storage = memoryStorage();
    storage.setItem(EDIT_EXISTING_APP_KEY, JSON.stringify({ id: 'missing', owner_id: ADA.id }));
    const { builder, toasts } = await testBuilder({ storage });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await builder.opener.openStoredApp();
    expect(toasts.toasts[0]?.message).toBe('Failed to load the app. Please try again.');
    expect(builder.opener.loadingApp).toBe(false);
  });
});
