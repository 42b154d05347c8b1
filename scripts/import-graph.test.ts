import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * How the modules of each package import one another: no import cycle (type imports count, as they
 * tie the files together just the same), and no lower layer importing a higher one. Only relative
 * imports are followed; packages import each other by name, one way (schema <- block-sdk <- blocks
 * <- gateway), which their manifests already fix.
 */

const ROOT = path.join(__dirname, '..');
const PACKAGES = ['schema', 'block-sdk', 'blocks', 'engine', 'gateway', 'rest-bridge', 'workbench'];
const SOURCE = /\.(ts|tsx)$/;

/** A folder (ending in `/`) or file whose modules must not import from `notTo`, and why. */
export interface LayerRule {
  from: string;
  notTo: string;
  why: string;
}

export const LAYER_RULES: readonly LayerRule[] = [
  {
    from: 'workbench/src/components/',
    notTo: 'workbench/src/pages/',
    why: 'shared components sit below the pages',
  },
  { from: 'workbench/src/stores/', notTo: 'workbench/src/pages/', why: 'stores hold state, pages draw it' },
  {
    from: 'workbench/src/stores/',
    notTo: 'workbench/src/components/',
    why: 'stores hold state, components draw it',
  },
  {
    from: 'workbench/src/stores/',
    notTo: 'workbench/src/canvas/',
    why: 'stores hold state, the canvas draws it',
  },
  {
    from: 'workbench/src/texts/',
    notTo: 'workbench/src/stores/',
    why: 'texts are words, the stores use them',
  },
  { from: 'workbench/src/api/', notTo: 'workbench/src/stores/', why: 'the stores call the API layer' },
  { from: 'engine/', notTo: 'gateway/', why: 'the gateway uses the engine, never the reverse' },
  {
    from: 'gateway/src/config.ts',
    notTo: 'gateway/src/services/',
    why: 'services are configured, not the reverse',
  },
];

/**
 * Cycles being removed by other parts of the same change (issue 30): each entry, its modules
 * sorted. A cycle found that is not listed here fails the test; delete an entry once it is gone.
 */
const CYCLES_BEING_REMOVED: readonly string[][] = [
  [
    'workbench/src/stores/canvas-flow.ts',
    'workbench/src/stores/document-store.ts',
    'workbench/src/stores/finished-run.ts',
    'workbench/src/stores/run-store.ts',
  ],
];

/** Repository-relative TypeScript files under `dir`, without dependencies and build output. */
function sourceFiles(dir: string): string[] {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(file);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The files among `files` that `file` imports by relative path (imports, re-exports, require, import()). */
export function relativeImports(file: string, text: string, files: ReadonlySet<string>): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const base = path.posix.join(path.posix.dirname(file), fileName).replace(/\.js$/, '');
    const target = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) =>
      files.has(f),
    );
    return target ? [target] : [];
  });
}

export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** Groups of two or more modules that import one another round (and modules importing themselves), sorted. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's strongly connected components, iterative so a long chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.node);
      if (members.length > 1 || edges.includes(frame.node)) cycles.push(members.sort());
    }
  }
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Each import that crosses a layer rule, as 'file imports target (why)'. */
export function layerViolations(graph: ImportGraph, rules: readonly LayerRule[]): string[] {
  const applies = (file: string, place: string) =>
    place.endsWith('/') ? file.startsWith(place) : file === place;
  return [...graph].flatMap(([file, targets]) =>
    rules.flatMap((rule) =>
      applies(file, rule.from)
        ? targets.filter((t) => applies(t, rule.notTo)).map((t) => `${file} imports ${t} (${rule.why})`)
        : [],
    ),
  );
}

function repositoryGraph(): ImportGraph {
  const files = PACKAGES.flatMap((dir) => sourceFiles(dir));
  const known = new Set(files);
  return new Map(
    files.map((file) => [file, relativeImports(file, readFileSync(path.join(ROOT, file), 'utf8'), known)]),
  );
}

describe('the import graph', () => {
  const graph = repositoryGraph();
  const key = (cycle: readonly string[]) => cycle.join(' > ');
  const beingRemoved = new Set(CYCLES_BEING_REMOVED.map(key));

  it('has no import cycle', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(importCycles(graph).filter((cycle) => !beingRemoved.has(key(cycle)))).toEqual([]);
  });

  it('keeps the engine out of the block SDK main entry, and the SDK harness out of the engine', () => {
    // The engine builds on the SDK's main entry, so that entry never imports it. The SDK's test
    // harness (block-sdk/src/testing, `@blocksmith/block-sdk/testing` and the block-sdk CLI) runs
    // blocks with the engine's own checks, so it alone may: it is built after the engine.
    const packageImports = (file: string) =>
      ts
        .preProcessFile(readFileSync(path.join(ROOT, file), 'utf8'), true, true)
        .importedFiles.map(({ fileName }) => fileName);
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const target of graph.get(file) ?? []) visit(target);
    };
    visit('block-sdk/src/index.ts');
    expect([...reached].filter((f) => f.startsWith('block-sdk/src/testing/'))).toEqual([]);
    expect(
      [...reached].filter((f) => packageImports(f).some((name) => name.startsWith('@blocksmith/engine'))),
    ).toEqual([]);
    const engineFiles = [...graph.keys()].filter((f) => f.startsWith('engine/') && !f.endsWith('.test.ts'));
    expect(
      engineFiles.filter((f) => packageImports(f).some((name) => name.startsWith('@blocksmith/block-sdk/'))),
    ).toEqual([]);
  });

  it('has no import from a lower layer to a higher one', () => {
    expect(layerViolations(graph, LAYER_RULES)).toEqual([]);
  });

  it('finds cycles, self-imports and crossed layers', () => {
    const files = new Set([
      'a/x.ts',
      'a/y.ts',
      'a/z/index.ts',
      'a/self.ts',
      'a/free.ts',
      'low/l.ts',
      'high/h.tsx',
    ]);
    const sources: Record<string, string> = {
      'a/x.ts': "import type { Y } from './y';\nexport { z } from './z';",
      'a/y.ts': "import { x } from './x.js';",
      'a/z/index.ts': "const lazy = () => import('../x');",
      'a/self.ts': "import { me } from './self';",
      'a/free.ts': "import { x } from './x';\nimport { react } from 'react';\nimport './style.css';",
      'low/l.ts': "import { H } from '../high/h';",
      'high/h.tsx': "import { l } from '../low/l';",
    };
    const graph = new Map([...files].map((file) => [file, relativeImports(file, sources[file]!, files)]));
    expect(graph.get('a/free.ts')).toEqual(['a/x.ts']);
    expect(importCycles(graph)).toEqual([
      ['a/self.ts'],
      ['a/x.ts', 'a/y.ts', 'a/z/index.ts'],
      ['high/h.tsx', 'low/l.ts'],
    ]);
    expect(layerViolations(graph, [{ from: 'low/', notTo: 'high/h.tsx', why: 'low is lower' }])).toEqual([
      'low/l.ts imports high/h.tsx (low is lower)',
    ]);
  });
});
