import { installedTemplates } from './installed-templates';
import { STARTER_TEMPLATES } from './starter-templates';

describe('installedTemplates', () => {
  const kindsOf = (id: string) =>
    new Set(STARTER_TEMPLATES.find((template) => template.id === id)!.config.plugins.map((p) => p.type));
  const every = new Set(STARTER_TEMPLATES.flatMap((template) => template.config.plugins.map((p) => p.type)));

  it('keeps every template, in order and silently, when all its blocks are installed', () => {
    const warnings: string[] = [];
    const kept = installedTemplates(
      STARTER_TEMPLATES,
      (kind) => every.has(kind),
      (m) => warnings.push(m),
    );
    expect(kept).toEqual(STARTER_TEMPLATES);
    expect(warnings).toEqual([]);
  });

  it('leaves out a template that uses a block not installed, naming it and the block', () => {
    const coldOnly = [...kindsOf('cold-outreach')].find((kind) => !kindsOf('youtube-metadata').has(kind))!;
    const warnings: string[] = [];
    const kept = installedTemplates(
      STARTER_TEMPLATES,
      (kind) => every.has(kind) && kind !== coldOnly,
      (m) => warnings.push(m),
    );
    expect(kept.map((template) => template.id)).not.toContain('cold-outreach');
    expect(kept.map((template) => template.id)).toContain('youtube-metadata');
    expect(kept).toHaveLength(STARTER_TEMPLATES.length - 1);
    expect(warnings).toEqual([
      `Template "Cold outreach email" (cold-outreach) uses ${coldOnly}, which is not installed: it is left out.`,
    ]);
  });

  it('names every kind a template misses once', () => {
    const warnings: string[] = [];
    const kept = installedTemplates(
      STARTER_TEMPLATES.slice(0, 1),
      () => false,
      (m) => warnings.push(m),
    );
    expect(kept).toEqual([]);
    const kinds = [...kindsOf('youtube-metadata')];
    expect(kinds.length).toBeGreaterThan(1);
    expect(warnings).toEqual([
      `Template "YouTube metadata generator" (youtube-metadata) uses ${kinds.join(', ')}, which are not installed: it is left out.`,
    ]);
  });
});
