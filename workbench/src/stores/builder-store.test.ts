import { testBuilder } from '../testing/fake-api';

describe('BuilderStore', () => {
  it('records the page events it witnesses: a block added, a duplicate, a failed publish', async () => {
    const { builder, api, analytics } = await testBuilder();
    builder.gestures.dropBlock('textGeneration', { x: 200, y: 200 });
    builder.gestures.addBlockByClick('textInput');
    builder.document.setMeta({ name: 'Topic writer', category: 'Content' });
    builder.drafts.duplicate();
    api.failNext.publishAppWithData = new Error('The server is busy.');
    await builder.publisher.publish();
    await analytics.settled();
    expect(api.events).toEqual([
      { name: 'plugin_used', props: { plugin_type: 'textGeneration', plugin_name: 'Text AI' } },
      { name: 'plugin_used', props: { plugin_type: 'textInput', plugin_name: 'Text Input' } },
      { name: 'app_duplicated', props: { app_name: builder.document.meta.name } },
      {
        name: 'publishing_error',
        props: { app_name: builder.document.meta.name, error: 'The server is busy.' },
      },
    ]);
  });

  it('prices a run from the AI blocks', async () => {
    const { builder } = await testBuilder();
    builder.gestures.dropBlock('textGeneration', { x: 0, y: 0 });
    builder.gestures.dropBlock('imageGenerator', { x: 300, y: 0 });
    builder.gestures.dropBlock('textInput', { x: 600, y: 0 });
    expect(builder.costText).toBe('6 credit(s)');
  });
});
