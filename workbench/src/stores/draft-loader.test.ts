import { TEMPLATES } from '../testing/templates';
import { testBuilder } from '../testing/fake-api';
import { buildThreeBlocks } from '../testing/builder-fixtures';

describe('DraftLoader', () => {
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
});
