import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runBlock, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { loadBlockPackages } from '../gateway/src/kernel';

const { scaffoldBlock } = require('./new-block.js') as {
  scaffoldBlock: (options: { kind: string; blocksDir: string }) => string;
};

describe('npm run new-block', () => {
  let blocksDir: string;
  beforeEach(() => (blocksDir = mkdtempSync(path.join(tmpdir(), 'new-block-'))));
  afterEach(() => rmSync(blocksDir, { recursive: true, force: true }));

  it('scaffolds a package the registry loads and the harness runs', async () => {
    const dir = scaffoldBlock({ kind: 'sentimentScore', blocksDir });
    expect(path.basename(dir)).toBe('sentiment-score');
    expect(readdirSync(path.join(dir, 'src')).sort()).toEqual([
      'index.ts',
      'sentiment-score.test.ts',
      'sentiment-score.ts',
    ]);
    expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name).toBe(
      '@blocksmith/block-sentiment-score',
    );
    const registry = loadBlockPackages(blocksDir, { entry: 'src' });
    const block = registry.get('sentimentScore')!;
    expect(registry.catalogue()[0]).toMatchObject({ id: 'sentimentScore', category: 'ai', cost: 1 });
    const provider = new ScriptedProvider({ text: ['Positive.'] });
    const outcome = await runBlock(block, { upstream: { input_text: 'I love it' }, provider });
    expect(outcome.outputs).toEqual({ sentiment_score_result: 'Positive.' });
  });

  it('refuses a kind that is not camelCase and a folder that exists', () => {
    expect(() => scaffoldBlock({ kind: 'Bad-Kind', blocksDir })).toThrow(
      '"Bad-Kind" is not a block kind: use camelCase letters and digits, e.g. sentimentScore.',
    );
    scaffoldBlock({ kind: 'twice', blocksDir });
    expect(() => scaffoldBlock({ kind: 'twice', blocksDir })).toThrow('already exists.');
  });
});
