import { NODE_HEIGHT, NODE_WIDTH } from '@blocksmith/schema';
import { runInAction } from 'mobx';
import { ApiError } from '../api/blocksmith-api';
import { TEMPLATES } from '../testing/templates';
import { EDIT_EXISTING_APP_KEY } from './app-opener';
import { parseDraggedBlock } from './canvas-gestures';
import { publishErrorMessage } from './publish-store';
import { saveRefusal } from './save-store';
import { ADA, memoryStorage, testBuilder } from '../testing/fake-api';

function buildThreeBlocks(builder: Awaited<ReturnType<typeof testBuilder>>['builder']) {
  const input = builder.gestures.dropBlock('textInput', { x: 200, y: 200 })!;
  const ai = builder.gestures.dropBlock('textGeneration', { x: 500, y: 200 })!;
  const output = builder.gestures.dropBlock('textDisplay', { x: 800, y: 200 })!;
  builder.gestures.connect(input, ai);
  builder.gestures.connect(ai, output);
  return { input, ai, output };
}

describe('BuilderStore', () => {
  it('drops a block at the pointer under the current pan and zoom, and selects it', async () => {
    const { builder } = await testBuilder();
    builder.view.setViewport({ zoom: 1.5, pan: { x: -300, y: -150 } });
    const id = builder.gestures.dropBlock('textInput', { x: 450, y: 300 })!;
    expect(builder.document.pluginById.get(id)!.position).toEqual({
      x: Math.round((450 + 300) / 1.5 - NODE_WIDTH / 2),
      y: Math.round((300 + 150) / 1.5 - NODE_HEIGHT / 2),
    });
    expect(builder.view.selectedNodeId).toBe(id);
    expect(builder.gestures.dropBlock('noSuchBlock', { x: 0, y: 0 })).toBeNull();
  });

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

  it('reads dragged block data, ignoring (and logging) what it cannot parse', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseDraggedBlock(JSON.stringify({ type: 'textInput' }))).toBe('textInput');
    expect(parseDraggedBlock('{not json')).toBeNull();
    expect(parseDraggedBlock('{}')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('a refused connection says why in a toast', async () => {
    const { builder, toasts } = await testBuilder();
    const output = builder.gestures.dropBlock('textDisplay', { x: 0, y: 0 })!;
    const input = builder.gestures.dropBlock('textInput', { x: 300, y: 0 })!;
    expect(builder.gestures.connect(output, input)).toBe(false);
    expect(toasts.toasts[0]?.message).toBe('An output block cannot be the source of a connection.');
  });

  it('Delete removes the selected blocks and connections; undo brings them back', async () => {
    const { builder } = await testBuilder();
    const { ai } = buildThreeBlocks(builder);
    builder.view.selectNode(ai);
    builder.gestures.deleteSelection();
    expect(builder.document.config.plugins).toHaveLength(2);
    expect(builder.document.config.connections).toHaveLength(0);
    expect(builder.view.selectedNodeIds.size).toBe(0);
    builder.gestures.undo();
    expect(builder.document.config.connections).toHaveLength(2);
  });

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

  it('runs from the preview: saves first, follows progress, toasts and refreshes credits', async () => {
    const { builder, api, toasts } = await testBuilder();
    const { input, ai, output } = buildThreeBlocks(builder);
    api.runEvents = [
      { type: 'run_started', runId: 'run-1', at: 0, nodeIds: [input, ai, output] },
      { type: 'node_started', runId: 'run-1', nodeId: ai, at: 1 },
      { type: 'node_partial', runId: 'run-1', nodeId: ai, at: 2, text: '[Offline preview] ' },
      { type: 'node_partial', runId: 'run-1', nodeId: ai, at: 3, text: 'Hello' },
      {
        type: 'node_finished',
        runId: 'run-1',
        nodeId: ai,
        at: 4,
        durationMs: 3,
        outputs: { generated_text: '[Offline preview] Hello' },
        artifacts: [],
      },
      {
        type: 'node_finished',
        runId: 'run-1',
        nodeId: output,
        at: 5,
        durationMs: 1,
        outputs: {},
        artifacts: [{ kind: 'text', format: 'card', text: '[Offline preview] Hello', copyable: true }],
      },
      { type: 'run_finished', runId: 'run-1', at: 6, status: 'succeeded' },
    ];
    builder.run.setValue('input_text', 'lighthouses');
    const running = builder.preview.runApp();
    await running;
    expect(api.calls.indexOf('createApp')).toBeLessThan(api.calls.indexOf('startRun'));
    expect(api.lastInputs).toEqual({ input_text: 'lighthouses' });
    expect(builder.run.phase).toBe('succeeded');
    expect(builder.run.nodeState(ai)).toMatchObject({ status: 'succeeded', text: '[Offline preview] Hello' });
    expect(builder.run.artifacts).toHaveLength(1);
    expect(toasts.toasts[0]?.message).toBe('App executed successfully!');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls).toContain('credits');
  });

  it('a failed run shows its error once, naming the block by its title', async () => {
    const { builder, api, toasts } = await testBuilder();
    const { ai } = buildThreeBlocks(builder);
    const error = `Text AI (${ai}) failed: The AI service failed.`;
    api.runEvents = [
      { type: 'run_started', runId: 'run-1', at: 0, nodeIds: [ai] },
      { type: 'node_started', runId: 'run-1', nodeId: ai, at: 1 },
      { type: 'node_failed', runId: 'run-1', nodeId: ai, at: 2, durationMs: 1, error },
      { type: 'run_finished', runId: 'run-1', at: 3, status: 'failed', error },
    ];
    await builder.preview.runApp();
    expect(builder.run.phase).toBe('failed');
    expect(builder.run.nodeState(ai)).toMatchObject({
      status: 'failed',
      error: 'Text AI failed: The AI service failed.',
    });
    expect(builder.run.error).toBe('Text AI failed: The AI service failed.');
    // Shown in the preview's results only: no toast says it again.
    expect(toasts.toasts).toEqual([]);
  });

  it('refuses to run when signed out, and checks LinkedIn inputs', async () => {
    const anonymous = await testBuilder({ signedIn: false });
    await anonymous.builder.preview.runApp();
    expect(anonymous.toasts.toasts[0]).toMatchObject({ title: 'Authentication Required' });

    const { builder, toasts, api } = await testBuilder();
    const id = builder.gestures.dropBlock('textInput', { x: 0, y: 0 })!;
    builder.document.updateSetting(id, 'label', 'Your LinkedIn profile');
    builder.run.setValue('input_text', 'https://example.com/ada');
    await builder.preview.runApp();
    expect(toasts.toasts[0]).toMatchObject({ title: 'Invalid LinkedIn URL' });
    expect(api.calls).not.toContain('startRun');
  });

  it("a template run's inputs stay with the template: the assistant's app starts with empty inputs", async () => {
    const { builder, api } = await testBuilder();
    builder.drafts.loadTemplate(TEMPLATES.find((template) => template.id === 'travel-itinerary')!);
    const where = builder.run.inputFields.find((field) => field.kind === 'text')!;
    builder.run.setValue(where.key, 'Lisbon, 3 days');
    await builder.preview.runApp();
    // Saving for the run keeps the inputs: it is still the same app.
    expect(api.lastInputs?.[where.key]).toBe('Lisbon, 3 days');
    expect(builder.run.value(where.key)).toBe('Lisbon, 3 days');

    builder.drafts.loadGeneratedApp(
      {
        name: 'Summarise a text',
        description: 'Summarises a text.',
        slug: 'summarise-a-text-1',
        isPrivate: false,
        isPublished: false,
        config: {
          plugins: [
            { id: 'in', type: 'textInput', position: { x: 100, y: 100 }, settings: { label: 'Text' } },
            { id: 'ai', type: 'textGeneration', position: { x: 400, y: 100 }, settings: {} },
          ],
          connections: [{ id: 'c1', from: 'in', to: 'ai', fromPort: 'output', toPort: 'input' }],
          canvas: { zoom: 1, pan: { x: 0, y: 0 } },
        },
      },
      { confirm: false },
    );
    const [text] = builder.run.inputFields;
    expect(text!.key).toBe(where.key);
    expect(builder.run.value(text!.key)).toBeUndefined();
    expect(builder.run.collectInputs()).toEqual({ [where.key]: '' });
  });

  it('inputs belong to the loaded app even when another app is loaded without a run reset', async () => {
    const { builder } = await testBuilder();
    builder.gestures.dropBlock('textInput', { x: 0, y: 0 });
    builder.run.setValue('input_text', 'typed for the first app');
    builder.document.load({ name: 'Another', config: builder.document.config });
    expect(builder.run.value('input_text')).toBeUndefined();
    expect(builder.run.collectInputs()).toEqual({ input_text: '' });
    builder.run.setValue('input_text', 'typed for the second app');
    expect(builder.run.collectInputs()).toEqual({ input_text: 'typed for the second app' });
  });

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

  it('exports a file named after the slug and imports it as a new app', async () => {
    const { builder, toasts } = await testBuilder();
    buildThreeBlocks(builder);
    await builder.saves.save();
    const { filename, text } = builder.drafts.exportFile();
    expect(filename).toBe(`${builder.document.meta.slug}.json`);
    expect(JSON.parse(text)).not.toHaveProperty('id');

    builder.drafts.newApp(); // nothing unsaved: no question asked
    expect(builder.document.config.plugins).toHaveLength(0);
    builder.drafts.importFile(text);
    expect(builder.document.meta.id).toBeUndefined();
    expect(builder.document.config.plugins).toHaveLength(3);
    expect(toasts.toasts[0]?.message).toBe('App imported');

    builder.drafts.importFile('not json');
    expect(toasts.toasts[0]).toMatchObject({
      title: 'Import failed',
      message: 'The file is not valid JSON.',
    });
  });

  it('exports and imports only the app itself, nothing the server keeps about it', async () => {
    const { builder } = await testBuilder();
    buildThreeBlocks(builder);
    const config = builder.document.config;
    // An app as the API answers it: type names, counters, review state and versions beside its fields.
    const served = {
      __typename: 'App',
      id: 'app_1',
      owner_id: 'user_1',
      name: 'Sorter',
      description: 'Sorts mail',
      slug: 'sorter',
      category: 'Productivity' as const,
      isPrivate: true,
      isPublished: true,
      uses: 12,
      views: 40,
      upvotes: 3,
      verificationStatus: 'approved' as const,
      reviewNotes: 'Fine',
      createdAt: '2026-01-01T00:00:00.000Z',
      draftVersionId: 'v2',
      liveVersionId: 'v1',
      config: { ...config, __typename: 'AppConfig' },
    };
    builder.document.load(served);
    const exported = JSON.parse(builder.drafts.exportFile().text) as Record<string, unknown>;
    expect(Object.keys(exported).sort()).toEqual(
      ['category', 'config', 'description', 'isPrivate', 'name', 'slug'].sort(),
    );
    expect(exported).toMatchObject({
      name: 'Sorter',
      slug: 'sorter',
      category: 'Productivity',
      isPrivate: true,
    });
    expect(Object.keys(exported.config as object).sort()).toEqual(['canvas', 'connections', 'plugins']);
    expect(JSON.stringify(exported)).not.toMatch(/__typename|verificationStatus|"uses"/);

    // A file that does carry them (exported before, or elsewhere) brings none of them in.
    builder.drafts.newApp(); // the served app has no unsaved changes: nothing is asked
    builder.drafts.importFile(JSON.stringify(served));
    expect(builder.dialogs.confirm).toBeNull();
    const meta = builder.document.meta as unknown as Record<string, unknown>;
    expect(meta).toMatchObject({ name: 'Sorter', slug: 'sorter', isPrivate: true, isPublished: false });
    for (const field of [
      '__typename',
      'id',
      'owner_id',
      'verificationStatus',
      'reviewNotes',
      'draftVersionId',
    ])
      expect(meta).not.toHaveProperty(field);
    expect(meta).toMatchObject({ uses: 0, views: 0, upvotes: 0 });

    // Nor does a duplicate of an app read from the server.
    builder.document.load(served);
    builder.drafts.duplicate();
    const copy = builder.document.meta as unknown as Record<string, unknown>;
    expect(copy).toMatchObject({ name: 'Sorter (Copy)', slug: 'sorter-copy', uses: 0, isPublished: false });
    expect(copy).not.toHaveProperty('__typename');
    expect(copy).not.toHaveProperty('liveVersionId');
  });

  it('refuses an app file with malformed or missing nodes, in the spec words, and leaves the canvas be', async () => {
    const { builder, toasts } = await testBuilder();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    buildThreeBlocks(builder);
    builder.document.setMeta({ name: 'Work in progress' });
    const before = { meta: builder.document.meta, config: builder.document.config };
    const revision = builder.document.revision;
    const refused = [
      { name: 'No position', config: { plugins: [{ id: 'a', type: 'textInput', settings: {} }] } },
      { name: 'Not a list', config: { plugins: { id: 'a' } } },
      { name: 'No nodes', config: {} },
      { name: 'No config' },
    ];
    for (const file of refused) {
      builder.drafts.importFile(JSON.stringify(file));
      expect(toasts.toasts[0]).toMatchObject({
        intent: 'danger',
        title: 'Import failed',
        message:
          'The app configuration is invalid or incomplete. Please try refreshing the page or recreate your app. (Malformed or missing nodes)',
      });
      expect(builder.dialogs.confirm).toBeNull();
      expect(builder.document.meta).toBe(before.meta);
      expect(builder.document.config).toBe(before.config);
      expect(builder.document.revision).toBe(revision);
      expect(builder.document.isValid).toBe(true);
    }
    warn.mockRestore();
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

  it('duplicates as an unsaved copy', async () => {
    const { builder, toasts } = await testBuilder();
    buildThreeBlocks(builder);
    builder.document.setMeta({ name: 'Topic writer' });
    await builder.saves.save();
    const slug = builder.document.meta.slug;
    builder.drafts.duplicate();
    expect(builder.document.meta).toMatchObject({
      name: 'Topic writer (Copy)',
      slug: `${slug}-copy`,
      isPublished: false,
    });
    expect(builder.document.meta.id).toBeUndefined();
    expect(toasts.toasts[0]?.message).toBe('App duplicated');
  });

  it('loads a template as an unsaved app with fresh ids, spaced blocks and named variables', async () => {
    const { builder, toasts } = await testBuilder();
    const template = TEMPLATES.find((t) => t.id === 'travel-itinerary')!;
    builder.drafts.loadTemplate(template);
    const { plugins, connections } = builder.document.config;
    expect(plugins).toHaveLength(template.config.plugins.length);
    expect(plugins.every((p) => p.id.startsWith('plugin_'))).toBe(true);
    expect(connections.every((c) => plugins.some((p) => p.id === c.from))).toBe(true);
    expect(plugins.map((p) => p.outputs?.[0]?.name).filter(Boolean)).toEqual([
      'input_text',
      'selected_option',
      'generated_text',
    ]);
    expect(builder.document.meta.id).toBeUndefined();
    expect(builder.document.meta.slug).toMatch(/^travel-itinerary-generator-\d+$/);
    expect(toasts.toasts[0]?.message).toBe('Template loaded');
  });

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

  it('prices a run from the AI blocks', async () => {
    const { builder } = await testBuilder();
    builder.gestures.dropBlock('textGeneration', { x: 0, y: 0 });
    builder.gestures.dropBlock('imageGenerator', { x: 300, y: 0 });
    builder.gestures.dropBlock('textInput', { x: 600, y: 0 });
    expect(builder.costText).toBe('6 credit(s)');
  });
});
