import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { STARTER_TEMPLATES } from './starter-templates';

describe('the starter templates', () => {
  it('are listed in the builder’s order', () => {
    expect(STARTER_TEMPLATES.map((template) => template.id)).toEqual([
      'youtube-metadata',
      'travel-itinerary',
      'product-description-image',
      'social-media-post',
      'support-ticket-triage',
      'cold-outreach',
      'csv-row-summaries',
    ]);
  });

  it('place every block on the 100/400/700 columns, continued to the right for routes and loops', () => {
    for (const template of STARTER_TEMPLATES.slice(0, 4))
      for (const plugin of template.config.plugins) expect([100, 400, 700]).toContain(plugin.position.x);
    for (const template of STARTER_TEMPLATES.slice(4))
      for (const plugin of template.config.plugins)
        expect([100, 400, 700, 1000, 1300]).toContain(plugin.position.x);
  });

  it('connect blocks from the routes they leave from', () => {
    const triage = STARTER_TEMPLATES.find((template) => template.id === 'support-ticket-triage')!;
    expect(
      triage.config.connections.filter((c) => c.from === 'is-complaint').map((c) => [c.fromPort, c.to]),
    ).toEqual([
      ['true', 'apology'],
      ['false', 'answer'],
    ]);
    for (const template of STARTER_TEMPLATES.filter((t) => t !== triage))
      for (const connection of template.config.connections) expect(connection.fromPort).toBe('output');
  });

  it("use only the repository's own blocks, with settings those blocks accept", () => {
    const registry = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'src' });
    for (const template of STARTER_TEMPLATES) {
      const ids = new Set(template.config.plugins.map((plugin) => plugin.id));
      for (const connection of template.config.connections) {
        expect(ids).toContain(connection.from);
        expect(ids).toContain(connection.to);
      }
      for (const plugin of template.config.plugins) {
        const definition = registry.get(plugin.type);
        expect(definition?.kind).toBe(plugin.type);
        for (const key of Object.keys(plugin.settings))
          expect(Object.keys(definition!.settings)).toContain(key);
      }
    }
  });
});
