import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CLI = path.join(ROOT, 'block-sdk', 'dist', 'testing', 'cli.js');
const SDK = path.join(ROOT, 'block-sdk', 'dist', 'index.js');

/** `block-sdk test <dir>` as an author runs it; its output and exit code. */
async function blockSdkTest(dir: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'test', dir]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

function blockPackage(
  root: string,
  name: string,
  body: string,
  keywords = ['blocksmith-block'],
  declared: { blocksmith?: unknown } = { blocksmith: { blockApiVersion: 1 } },
): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name, main: 'index.js', keywords, ...declared }),
  );
  writeFileSync(
    path.join(dir, 'index.js'),
    `const { defineBlock, field, output, BlockInputError } = require(${JSON.stringify(SDK)});\n${body}`,
  );
  return dir;
}

const block = (kind: string, run: string) => `exports.block = defineBlock({
  kind: '${kind}', name: 'Checked', description: 'A block under check.', category: 'ai', cost: 1,
  settings: {}, outputs: { checked_text: output.text('The answer') },
  async run(ctx) { ${run} },
});`;

describe('block-sdk test', () => {
  let root: string;
  beforeAll(() => {
    // What the command runs is the SDK's build, over the schema package's (a fresh checkout runs its
    // unit tests before building; a working tree may hold an older build of the schema).
    execFileSync('npm', ['run', '--silent', 'build', '-w', '@blocksmith/schema'], { cwd: ROOT });
    execFileSync('npm', ['run', '--silent', 'build', '-w', '@blocksmith/block-sdk'], { cwd: ROOT });
    root = mkdtempSync(path.join(tmpdir(), 'block-sdk-test-'));
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('passes a package whose block declares itself and runs with sample input through the offline provider', async () => {
    const dir = blockPackage(
      root,
      'good-block',
      block('goodBlock', 'return { checked_text: await ctx.ai.text({ prompt: ctx.primaryText() }) };'),
    );
    const { code, out } = await blockSdkTest(dir);
    expect(out).toContain('Block package good-block');
    expect(out).toContain('✓ goodBlock: ran with sample input: checked_text');
    expect(out).toContain('Passed.');
    expect(code).toBe(0);
  });

  it('passes a block that calls tools: its tool turn is answered as an agent answers', async () => {
    const dir = blockPackage(
      root,
      'agent-block',
      block(
        'agentBlock',
        "const turn = await ctx.ai.toolTurn({ messages: [{ role: 'user', text: ctx.primaryText() }], tools: [] }); return { checked_text: turn.text };",
      ),
    );
    const { code, out } = await blockSdkTest(dir);
    expect(out).toContain('✓ agentBlock: ran with sample input: checked_text');
    expect(code).toBe(0);
  });

  it('passes a block that asks for input, and warns when the keyword is missing', async () => {
    const dir = blockPackage(
      root,
      'asking-block',
      block('askingBlock', "throw new BlockInputError('Connect a block with the text.');"),
      [],
    );
    const { code, out } = await blockSdkTest(dir);
    expect(out).toContain(
      '✓ askingBlock: ran and asked for input, as people will see it: Connect a block with the text.',
    );
    expect(out).toContain('! package.json has no "blocksmith-block" keyword');
    expect(code).toBe(0);
  });

  it('fails a package built for a block API the SDK does not serve, before loading it, and a block made for one', async () => {
    const later = blockPackage(
      root,
      'later-block',
      'throw new Error("needs the block API 2 SDK");',
      undefined,
      {
        blocksmith: { blockApiVersion: 2 },
      },
    );
    const refused = await blockSdkTest(later);
    expect(refused.out).toContain(
      '✗ Block package later-block is built for block API version 2 (package.json "blocksmith": { "blockApiVersion": 2 }), ' +
        'and this Blocksmith serves block API version 1: install a release of the package built for version 1, or upgrade Blocksmith.',
    );
    expect(refused.out).not.toContain('needs the block API 2 SDK');
    expect(refused.code).toBe(1);
    const stamped = blockPackage(
      root,
      'stamped-block',
      `${block('stampedBlock', 'return { checked_text: "x" };')}\nexports.block = { ...exports.block, blockApiVersion: 2 };`,
    );
    const stampedAnswer = await blockSdkTest(stamped);
    expect(stampedAnswer.out).toContain(
      '✗ stampedBlock: Block package stamped-block is built for block API version 2 (its block "stampedBlock" was made with a block SDK of that version)',
    );
    expect(stampedAnswer.code).toBe(1);
  });

  it('warns when package.json does not declare the block API version, and passes it as version 1', async () => {
    const dir = blockPackage(
      root,
      'undeclared-block',
      block('undeclaredBlock', 'return { checked_text: "x" };'),
      undefined,
      {},
    );
    const { code, out } = await blockSdkTest(dir);
    expect(out).toContain(
      '! package.json does not declare the block API version the package is built for: add "blocksmith": { "blockApiVersion": 1 } (without it, Blocksmith takes it as version 1).',
    );
    expect(out).toContain('Passed.');
    expect(code).toBe(0);
  });

  it('fails a block that crashes, a package that exports none, and one that is not built', async () => {
    const crashing = blockPackage(
      root,
      'crashing-block',
      block('crashingBlock', 'return { checked_text: ctx.nothing.here };'),
    );
    const crashed = await blockSdkTest(crashing);
    expect(crashed.out).toMatch(/✗ crashingBlock: failed with sample input: .*undefined/);
    expect(crashed.code).toBe(1);
    const empty = blockPackage(root, 'empty-block', 'exports.other = 1;');
    expect((await blockSdkTest(empty)).out).toContain('✗ It exports no block');
    const unbuilt = path.join(root, 'unbuilt-block');
    mkdirSync(unbuilt);
    writeFileSync(
      path.join(unbuilt, 'package.json'),
      JSON.stringify({ name: 'unbuilt-block', main: 'dist/index.js' }),
    );
    const answer = await blockSdkTest(unbuilt);
    expect(answer.out).toContain('✗ dist/index.js does not exist: build the package first (npm run build).');
    expect(answer.code).toBe(1);
  });

  it('runs each block inside the app of its category with the engine: routes, loops, loop ends, output checks', async () => {
    const dir = blockPackage(
      root,
      'flow-blocks',
      `exports.blocks = [
  defineBlock({ kind: 'pick', name: 'Pick', description: '', category: 'ai', cost: 1, settings: {},
    outputs: { picked: output.text() }, routes: { ports: ['short', 'long'] },
    run(ctx) { ctx.route(ctx.primaryText().length > 20 ? 'long' : 'short'); return { picked: ctx.primaryText() }; } }),
  defineBlock({ kind: 'words', name: 'Words', description: '', category: 'ai', cost: 1,
    settings: { most: field.number({ label: 'Most', default: 10 }), atOnce: field.number({ label: 'At once', default: 2 }) },
    outputs: { word: output.json(), words: output.json() },
    loop: { items: 'words', maxItems: 'most', concurrency: 'atOnce' },
    run(ctx) { return { word: null, words: ctx.primaryText().split(' ') }; } }),
  defineBlock({ kind: 'gatherAll', name: 'Gather', description: '', category: 'ai', cost: 1, settings: {},
    outputs: { gathered_count: output.number() }, endsLoop: true,
    run(ctx) { return { gathered_count: ctx.gathered.length }; } }),
  defineBlock({ kind: 'strayRoute', name: 'Stray', description: '', category: 'ai', cost: 1, settings: {},
    outputs: { strayed: output.text() }, routes: { ports: ['yes'] },
    run(ctx) { ctx.route('maybe'); return { strayed: 'x' }; } }),
  defineBlock({ kind: 'badType', name: 'Bad Type', description: '', category: 'ai', cost: 1, settings: {},
    outputs: { counted: output.number() }, run() { return { counted: 'many' }; } }),
];`,
    );
    const { code, out } = await blockSdkTest(dir);
    expect(out).toContain('✓ pick: ran with sample input: picked');
    expect(out).toContain('✓ words: ran with sample input: word, words');
    expect(out).toContain('✓ gatherAll: ran with sample input: gathered_count');
    expect(out).toContain(
      '✗ strayRoute: failed with sample input: Stray failed: it took the route "maybe", which is not one of its routes (yes)',
    );
    expect(out).toContain(
      '✗ badType: failed with sample input: Bad Type failed: it returned a bad result: output counted must be a number',
    );
    expect(code).toBe(1);
  });
});
