import type { App } from './app';
import { defaultSlug, duplicateApp, slugFromName } from './slug';
import { config, deepFreeze, link, plugin } from './testing/app-builders';

describe('defaultSlug', () => {
  it('is app-{timestamp}', () => {
    expect(defaultSlug(1700)).toBe('app-1700');
    expect(defaultSlug()).toMatch(/^app-\d+$/);
  });
});

describe('slugFromName', () => {
  it('lower-cases, turns spaces into hyphens and appends the timestamp', () => {
    expect(slugFromName('My Cool App', 99)).toBe('my-cool-app-99');
  });

  it('removes non-alphanumerics but keeps hyphens', () => {
    expect(slugFromName('Résumé Builder: v2.0 (beta)!', 1)).toBe('resume-builder-v20-beta-1');
    expect(slugFromName('pre-built app', 1)).toBe('pre-built-app-1');
  });

  it('collapses repeated hyphens and trims them at both ends', () => {
    expect(slugFromName('  --Hello -- World--  ', 5)).toBe('hello-world-5');
    expect(slugFromName('tabs\tand\nnewlines', 5)).toBe('tabs-and-newlines-5');
  });

  it('falls back to app-{timestamp} when nothing is left', () => {
    expect(slugFromName('', 7)).toBe('app-7');
    expect(slugFromName(' !!! - ', 7)).toBe('app-7');
    expect(slugFromName('日本語', 7)).toBe('app-7');
  });

  it('uses the current time by default', () => {
    expect(slugFromName('x')).toMatch(/^x-\d+$/);
  });
});

describe('duplicateApp', () => {
  const original: App = deepFreeze({
    id: 'app1',
    owner_id: 'user1',
    name: 'Writer',
    description: 'Writes things',
    slug: 'writer-1',
    category: 'Content',
    isPrivate: true,
    isPublished: true,
    upvotes: 4,
    views: 10,
    uses: 3,
    verificationStatus: 'rejected',
    reviewNotes: 'Needs work',
    createdAt: '2024-01-01T00:00:00Z',
    config: config(
      [plugin('p1', 'textInput', { settings: { label: 'Topic' } }), plugin('p2', 'textGeneration')],
      [link('p1', 'p2')],
    ),
  });

  it('makes an unsaved, unpublished copy with fresh counts', () => {
    const copy = duplicateApp(original);
    expect(copy).toEqual({
      name: 'Writer (Copy)',
      description: 'Writes things',
      slug: 'writer-1-copy',
      category: 'Content',
      isPrivate: true,
      isPublished: false,
      upvotes: 0,
      views: 0,
      uses: 0,
      config: original.config,
    });
    for (const key of ['id', 'owner_id', 'createdAt', 'verificationStatus', 'reviewNotes']) {
      expect(copy).not.toHaveProperty(key);
    }
  });

  it('deep-copies the config', () => {
    const copy = duplicateApp(original);
    expect(copy.config).not.toBe(original.config);
    expect(copy.config.plugins[0]).not.toBe(original.config.plugins[0]);
    expect(copy.config.plugins[0]?.settings).not.toBe(original.config.plugins[0]?.settings);
    const first = copy.config.plugins[0];
    if (!first) throw new Error('expected a plugin');
    first.settings.label = 'Changed';
    expect(original.config.plugins[0]?.settings.label).toBe('Topic');
  });

  it('works on an app that was never saved', () => {
    const { id: _id, owner_id: _owner, ...draft } = original;
    expect(duplicateApp(draft).name).toBe('Writer (Copy)');
  });
});
