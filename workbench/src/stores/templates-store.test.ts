import { ApiError } from '../api/blocksmith-api';
import { CATALOGUE, FakeApi } from '../testing/fake-api';
import { TEMPLATES } from '../testing/templates';
import { CatalogueStore } from './catalogue-store';
import type { BlockChooser } from './palette-store';
import { TemplatesStore } from './templates-store';

async function templatesOver(entries = CATALOGUE) {
  const api = new FakeApi();
  const catalogue = new CatalogueStore(api);
  catalogue.setEntries(entries);
  const templates = new TemplatesStore(api, catalogue);
  return { api, catalogue, templates };
}

const FREE: BlockChooser = { checked: true, signedIn: true, plan: 'free' };
const STARTER: BlockChooser = { checked: true, signedIn: true, plan: 'starter' };

describe('TemplatesStore', () => {
  it('reads the templates from the gateway once, in its order', async () => {
    const { api, templates } = await templatesOver();
    expect(templates.available).toEqual([]);
    await Promise.all([templates.load(), templates.load()]);
    await templates.load();
    expect(templates.state).toBe('ready');
    expect(templates.available.map((template) => template.id)).toEqual(TEMPLATES.map((t) => t.id));
    expect(api.calls.filter((call) => call === 'templates')).toHaveLength(1);
  });

  it('lists only templates whose blocks are in the catalogue read', async () => {
    const withoutDropdown = CATALOGUE.filter((entry) => entry.id !== TEMPLATES[1]!.config.plugins[1]!.type);
    const { templates } = await templatesOver(withoutDropdown);
    await templates.load();
    expect(templates.available.map((template) => template.id)).toEqual([TEMPLATES[0]!.id]);
  });

  it('locks a template with a full block on plans without full blocks, naming that block', async () => {
    const fullKind = TEMPLATES[0]!.config.plugins[1]!.type;
    const { templates } = await templatesOver(
      CATALOGUE.map((entry) => (entry.id === fullKind ? { ...entry, tier: 'full' as const } : entry)),
    );
    await templates.load();
    const [first, second] = templates.available;
    expect(templates.lockedBlock(first!, FREE)?.id).toBe(fullKind);
    expect(templates.lockedBlock(first!, STARTER)).toBeNull();
    // The same kind is in the second template too: it is locked the same way.
    expect(templates.lockedBlock(second!, FREE)?.id).toBe(fullKind);
  });

  it('leaves the list empty when the templates cannot be read, and reads again when asked', async () => {
    const { api, templates } = await templatesOver();
    api.failNext.templates = new ApiError('The server is restarting.');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    await templates.load();
    warn.mockRestore();
    expect(templates.state).toBe('failed');
    expect(templates.error).toBe('The server is restarting.');
    expect(templates.available).toEqual([]);
    await templates.load();
    expect(templates.available).toHaveLength(TEMPLATES.length);
  });
});
