import { ApiError } from '../api/blocksmith-api';
import { EDIT_EXISTING_APP_KEY } from './app-opener';
import { saveRefusal } from './save-store';
import { ADA, testBuilder } from '../testing/fake-api';
import { buildThreeBlocks } from '../testing/builder-fixtures';

describe('SaveStore', () => {
  it('saves by creating the app first and updating it afterwards', async () => {
    const { builder, api, toasts, storage } = await testBuilder();
    buildThreeBlocks(builder);
    builder.document.setMeta({ name: 'Topic writer' });
    const created = await builder.saves.save();
    expect(api.calls.filter((c) => c === 'createApp' || c === 'updateApp')).toEqual(['createApp']);
    expect(builder.document.meta.id).toBe(created!.id);
    expect(builder.document.dirty).toBe(false);
    expect(toasts.toasts[0]?.message).toBe('App saved successfully!');
    expect(JSON.parse(storage.getItem(EDIT_EXISTING_APP_KEY)!)).toEqual({
      id: created!.id,
      owner_id: ADA.id,
    });

    builder.document.setMeta({ name: 'Topic writer 2' });
    await builder.saves.save();
    expect(api.calls.filter((c) => c === 'createApp' || c === 'updateApp')).toEqual([
      'createApp',
      'updateApp',
    ]);
    expect(api.apps.get(created!.id!)!.name).toBe('Topic writer 2');
    expect(api.apps.get(created!.id!)!.config.plugins).toHaveLength(3);
  });

  it('a failed save shows the spec toast', async () => {
    const { builder, api, toasts } = await testBuilder();
    api.failNext.createApp = new Error('boom');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await builder.saves.save()).toBeNull();
    expect(toasts.toasts[0]).toMatchObject({
      intent: 'danger',
      title: 'Error',
      message: 'Failed to save app',
    });
    expect(builder.document.dirty).toBe(false);
  });

  it('a save refused for a full block shows the server’s words once, for Save, Preview, Run and Publish', async () => {
    const refusal =
      'YC Application Scorer is a full block. Full blocks come with the Starter plan and up; your plan is Free. Upgrade to use them.';
    const forbidden = () => new ApiError(refusal, 'FORBIDDEN');
    const { builder, api, toasts } = await testBuilder();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const shown = jest.spyOn(toasts, 'show');
    buildThreeBlocks(builder);
    builder.document.setMeta({ name: 'Scorer', category: 'Business' });

    api.failNext.createApp = forbidden();
    expect(await builder.saves.save()).toBeNull();
    expect(shown.mock.calls).toEqual([['danger', { title: 'Error', description: refusal }]]);

    shown.mockClear();
    api.failNext.createApp = forbidden();
    await builder.preview.openPreview();
    expect(builder.dialogs.previewOpen).toBe(false);
    expect(shown.mock.calls).toEqual([['danger', { title: 'Error', description: refusal }]]);

    shown.mockClear();
    api.failNext.createApp = forbidden();
    builder.run.setValue('input_text', 'a pitch');
    await builder.preview.runApp();
    expect(api.calls).not.toContain('startRun');
    expect(shown.mock.calls).toEqual([['danger', { title: 'Error', description: refusal }]]);

    shown.mockClear();
    api.failNext.publishAppWithData = forbidden();
    await builder.publisher.publish();
    expect(shown.mock.calls).toEqual([['danger', { title: 'Error', description: refusal }]]);

    // Other failures keep their own words.
    shown.mockClear();
    api.failNext.createApp = new Error('socket hang up');
    await builder.preview.openPreview();
    expect(shown.mock.calls).toEqual([['danger', 'Failed to save app before preview']]);
    api.failNext.publishAppWithData = new ApiError(
      'Publishing limit reached: the Free plan allows 2 published apps.',
      'FORBIDDEN',
    );
    await builder.publisher.publish();
    expect(toasts.toasts[0]).toMatchObject({ title: 'Publishing Limit Reached' });
  });

  it('only a FORBIDDEN answer with a message is a refusal in the server’s words', () => {
    expect(saveRefusal(new ApiError('Not yours.', 'FORBIDDEN'), 'Error')).toEqual({
      title: 'Error',
      description: 'Not yours.',
    });
    expect(saveRefusal(new ApiError('Bad input.', 'BAD_USER_INPUT'), 'Error')).toBeNull();
    expect(saveRefusal(new ApiError(' ', 'FORBIDDEN'), 'Error')).toBeNull();
    expect(saveRefusal(new Error('Not yours.'), 'Error')).toBeNull();
  });
});
