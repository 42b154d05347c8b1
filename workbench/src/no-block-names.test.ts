import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The workbench learns every block from the gateway's catalogue: what a block is called, what it
 * outputs, how it is ordered, what its input checks. So its own code names no block kind and no
 * block output: a block package can be added, changed or removed without touching the workbench.
 * This test reads the installed blocks' declarations and fails on any quoted string in the
 * workbench's code (tests and test fixtures aside) that is a block kind or a block output name.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCE = path.join(ROOT, 'workbench', 'src');

/**
 * Block names that are also ordinary words the workbench uses for its own things: `code` (an
 * error's or a sign-in link's code), `agent` (a run's source: a run an agent started), and the
 * outputs `item`, `items`, `summary` and `route` (words of loops, texts and routing). A quoted
 * literal equal to one of these is not taken for a block; every other kind and output name is.
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'code',
  'agent',
  'item',
  'items',
  'summary',
  'route',
]);

export interface DeclaredBlock {
  id: string;
  outputs: ReadonlyArray<{ name: string }>;
}

/** The installed blocks as the gateway loads them (from their TypeScript sources). */
function installedBlocks(): DeclaredBlock[] {
  // Required at run time, so the workbench's type check does not follow into the gateway.
  const kernel = require(path.join(ROOT, 'gateway', 'src', 'kernel', 'load-block-packages.ts')) as {
    loadBlockPackages(dir: string, options: { entry: 'src' }): { catalogue(): DeclaredBlock[] };
    DEFAULT_BLOCKS_DIR: string;
  };
  return kernel.loadBlockPackages(kernel.DEFAULT_BLOCKS_DIR, { entry: 'src' }).catalogue();
}

/** Production files: not tests, not the fixtures tests share (`testing/`, `*test-support*`). */
function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : productionFiles(file);
    if (!/\.tsx?$/.test(entry.name)) return [];
    if (/\.test\.tsx?$/.test(entry.name) || entry.name.includes('test-support')) return [];
    return [file];
  });
}

/** The names to look for, each with what it is. */
function blockNames(blocks: readonly DeclaredBlock[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const block of blocks)
    for (const output of block.outputs) names.set(output.name, `an output of ${block.id}`);
  for (const block of blocks) names.set(block.id, 'a block kind');
  for (const word of GENERIC_WORDS) names.delete(word);
  return names;
}

/**
 * What one line names: whole quoted literals ('x', "x", `x`, in code and comments alike), and
 * output names used as keys or read as properties (`generated_text:`, `.generated_text`). Kinds
 * are looked for in quotes only: as identifiers they are ordinary words (`condition`, `dropdown`).
 */
function namesOnLine(line: string, names: ReadonlyMap<string, string>): string[] {
  const quoted = [...line.matchAll(/(['"`])([A-Za-z_][A-Za-z0-9_]*)\1/g)].map((match) => match[2]!);
  const keys = [...line.matchAll(/(?:\.([A-Za-z_][A-Za-z0-9_]*)|\b([A-Za-z_][A-Za-z0-9_]*)\s*:)/g)]
    .map((match) => (match[1] ?? match[2])!)
    .filter((name) => names.get(name)?.startsWith('an output'));
  return [...quoted.filter((name) => names.has(name)), ...keys];
}

/** Every `file:line: 'name' (what it is)` where the workbench's code names a block. */
export function blockNameFindings(
  files: readonly string[],
  blocks: readonly DeclaredBlock[],
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): string[] {
  const names = blockNames(blocks);
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, index) =>
        namesOnLine(line, names).map(
          (name) => `${path.relative(ROOT, file)}:${index + 1}: '${name}' (${names.get(name)!})`,
        ),
      ),
  );
}

describe('the workbench names no block', () => {
  const blocks = installedBlocks();

  it('reads the installed blocks', () => {
    expect(blocks.length).toBeGreaterThan(10);
    expect(blocks.some((block) => block.outputs.length > 0)).toBe(true);
  });

  it('flags kinds and output names in quotes, and output names as keys, but not generic words', () => {
    const declared = [
      { id: 'writer', outputs: [{ name: 'written_text' }, { name: 'summary' }] },
      { id: 'code', outputs: [{ name: 'code_result' }] },
    ];
    const source = [
      "if (plugin.type === 'writer') return;",
      'const shown = outputs.written_text ?? `code_result`;',
      '  written_text: "Written",',
      "if ('code' in error) return error.code;",
      "const heading = 'summary'; // writerly, written_texts",
    ].join('\n');
    const file = path.join(SOURCE, 'example.ts');
    expect(blockNameFindings([file], declared, () => source)).toEqual([
      "workbench/src/example.ts:1: 'writer' (a block kind)",
      "workbench/src/example.ts:2: 'code_result' (an output of code)",
      "workbench/src/example.ts:2: 'written_text' (an output of writer)",
      "workbench/src/example.ts:3: 'written_text' (an output of writer)",
    ]);
  });

  it('has no block kind or block output name as a quoted literal in its code', () => {
    expect(blockNameFindings(productionFiles(SOURCE), blocks)).toEqual([]);
  });
});
