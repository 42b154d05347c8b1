import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OfflineProvider } from '@blocksmith/block-sdk';
import { loadConfig } from './config';
import { startGateway, type Gateway } from './gateway';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from './kernel';

describe('the gateway over HTTP', () => {
  let dataDir: string;
  let gateway: Gateway;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-'));
    gateway = await startGateway({
      config: loadConfig({ PORT: '0', DATA_DIR: dataDir, WORKBENCH_DIR: path.join(dataDir, 'no-workbench') }),
      registry: loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'src' }),
      provider: new OfflineProvider(),
    });
  }, 60_000);

  afterAll(async () => {
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function graphql(query: string): Promise<{ data?: Record<string, unknown>; errors?: unknown[] }> {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  }

  it('serves the block catalogue the workbench draws the palette from', async () => {
    const { data, errors } = await graphql(
      '{ blockCatalogue { id category cost historyType inputKind settings outputs { name type } } }',
    );
    expect(errors).toBeUndefined();
    const catalogue = data!.blockCatalogue as {
      id: string;
      category: string;
      cost: number;
      settings: object;
    }[];
    expect(catalogue.map((b) => b.id)).toEqual(
      expect.arrayContaining(['textInput', 'textGeneration', 'tableDisplay']),
    );
    expect(catalogue).toHaveLength(gateway.registry.size);
    const fileUpload = catalogue.find((b) => b.id === 'fileUpload')!;
    expect(fileUpload).toMatchObject({ category: 'input', cost: 0, inputKind: 'file' });
    expect(fileUpload.settings).toMatchObject({ maxSize: { type: 'number', min: 1, max: 50, default: 10 } });
  });

  it('tells the image models and the cost map', async () => {
    const { data } = await graphql('{ availableModels { models defaultModel } creditCosts }');
    expect(data!.availableModels).toEqual({ models: ['dalle'], defaultModel: 'dalle' });
    expect(data!.creditCosts).toMatchObject({ textGeneration: 1, imageGenerator: 5, default: 1 });
  });

  it('answers an unknown /api path with JSON, never the page', async () => {
    const response = await fetch(`${gateway.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not_found', message: 'There is no such /api route.' });
  });

  it('serves a page at the root', async () => {
    const response = await fetch(gateway.url);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('describes itself for the start-up log', () => {
    expect(gateway.describe().join('\n')).toMatch(
      /running on http:\/\/localhost:\d+[\s\S]*offline[\s\S]*embedded PGlite/,
    );
  });
});
