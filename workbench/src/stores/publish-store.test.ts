import { runInAction } from 'mobx';
import { publishErrorMessage } from './publish-store';
import { testBuilder } from '../testing/fake-api';
import { buildThreeBlocks } from '../testing/builder-fixtures';

describe('PublishStore', () => {
  it('publish checks, in order: authentication, sign-in, category, name', async () => {
    const anonymous = await testBuilder({ signedIn: false });
    await anonymous.builder.publisher.publish();
    expect(anonymous.toasts.toasts[0]).toMatchObject({ title: 'Authentication Required' });

    const { builder, toasts, api, session } = await testBuilder();
    runInAction(() => {
      session.checked = false;
    });
    await builder.publisher.publish();
    expect(toasts.toasts[0]).toMatchObject({
      title: 'Please wait',
      message: 'Authentication is being verified...',
    });
    runInAction(() => {
      session.checked = true;
    });

    builder.document.setMeta({ name: '   ' });
    await builder.publisher.publish();
    expect(toasts.toasts[0]).toMatchObject({ title: 'Category Required' });
    builder.document.setMeta({ category: 'Content' });
    await builder.publisher.publish();
    expect(toasts.toasts[0]).toMatchObject({ title: 'App Name Required' });
    expect(api.calls).not.toContain('publishAppWithData');
  });

  it('publishes the whole app and opens the share dialog', async () => {
    const { builder, api, credits } = await testBuilder();
    buildThreeBlocks(builder);
    builder.document.setMeta({ name: 'Topic writer', category: 'Content' });
    await builder.publisher.publish();
    expect(api.calls).toContain('publishAppWithData');
    expect(builder.dialogs.shareOpen).toBe(true);
    expect(builder.document.meta.isPublished).toBe(true);
    expect(builder.document.meta.id).toBeDefined();
    expect(credits.publishing?.remaining).toBe(0);
    expect(builder.publisher.shareUrl).toContain(`/app/${builder.document.meta.slug}`);
  });

  it('maps publish failures to the spec messages', async () => {
    expect(publishErrorMessage('Publishing limit reached: the Free plan allows 2 published apps.')).toEqual({
      title: 'Publishing Limit Reached',
      description: 'Publishing limit reached: the Free plan allows 2 published apps.',
    });
    expect(publishErrorMessage('You hit the maximum number of published apps')).toMatchObject({
      title: 'Publishing Limit Reached',
    });
    expect(publishErrorMessage('Name and category are required to publish an app.')).toEqual({
      title: 'Missing Required Fields',
      description: 'Please ensure your app has a name and category before publishing.',
    });
    expect(publishErrorMessage('socket hang up')).toEqual({
      title: 'Error',
      description: 'Failed to publish app. Please try again.',
    });
  });

  it('shares a link only once the app is published', async () => {
    const { builder, toasts } = await testBuilder();
    const clipboard = { writeText: jest.fn(async () => undefined) };
    await builder.publisher.copyShareLink(clipboard);
    expect(toasts.toasts[0]).toMatchObject({ title: 'App not published' });
    expect(clipboard.writeText).not.toHaveBeenCalled();
  });
});
