import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { JsonRequest, TextRequest } from '@blocksmith/block-sdk';
import {
  BLOCK_API_VERSION,
  definitionApiProblem,
  manifestApiProblem,
  manifestApiVersion,
  type BlockPackageManifest,
} from '@blocksmith/block-sdk';
import type { AnyBlockDefinition } from '@blocksmith/block-sdk';
import { BLOCK_PACKAGE_KEYWORD, exportedBlocks } from '@blocksmith/block-sdk';
import { definitionProblems } from '@blocksmith/block-sdk';
import { BlockInputError } from '@blocksmith/block-sdk';
import type { OutputsSpec } from '@blocksmith/block-sdk';
import { exampleFromSchema } from '@blocksmith/block-sdk';
import { OFFLINE_MARKER } from '@blocksmith/block-sdk';
import { graphAround, NODE_UNDER_TEST, withDisplay } from './block-under-test';
import { runGraph } from './run-graph';
import { ScriptedProvider } from './scripted-provider';

const SAMPLE_TEXT = 'A short sample text: the product launched on Monday and customers like it.';

/**
 * Answers every AI call as a block expects, without an AI service: text marked as a sample, JSON
 * that satisfies the block's own schema, a placeholder image, a description, an agent's answer.
 */
function sampleProvider(): ScriptedProvider {
  return new ScriptedProvider({
    text: [(request: TextRequest) => `${OFFLINE_MARKER} A sample answer to: ${request.prompt.slice(0, 80)}`],
    json: [
      (request: JsonRequest) =>
        exampleFromSchema(request.schema, { seed: request.prompt, topics: ['the sample text'] }),
    ],
    vision: [() => `${OFFLINE_MARKER} A sample description of the image.`],
    // Tool turns answer at once (no calls): a block that calls tools is checked without its tools.
    tools: [() => `${OFFLINE_MARKER} A sample answer from an agent.`],
  });
}

export interface BlockCheck {
  kind: string;
  /** Declared correctly and ran (or asked for input, as a block may) with sample input. */
  ok: boolean;
  said: string;
}

export interface PackageCheck {
  packageName: string;
  /** Problems with the package itself (it cannot load, exports no block). */
  problems: string[];
  /** Things that work but should change (no keyword: not found when installed from npm). */
  warnings: string[];
  blocks: BlockCheck[];
}

/** The sample text a block under check is given, as a text input block would give it. */
const SAMPLE_INPUT = { nodeId: 'sample_text', kind: 'sampleText', name: 'input_text', value: SAMPLE_TEXT };

/**
 * Runs one block once inside the small app of its category, with sample input, through the
 * engine (runGraph): an input block given the sample text, before a display; any other block
 * after the sample text (a block that ends loops, after a loop over it; a block with routes,
 * before a display on each route; a block that runs a loop, before the loop's end). A refusal of
 * the input is fine, a crash or a refusal by the engine's checks is not.
 */
async function tryBlock(definition: AnyBlockDefinition, packageName: string): Promise<BlockCheck> {
  const kind = String(definition.kind);
  const unserved = definitionApiProblem(definition, packageName);
  if (unserved) return { kind, ok: false, said: unserved };
  const problems = definitionProblems(definition as never);
  if (problems.length > 0) return { kind, ok: false, said: `invalid declaration: ${problems.join('; ')}` };
  try {
    const graph = withDisplay(
      graphAround(definition, {
        upstream: [SAMPLE_INPUT],
        variables: {},
        gathered: [{ index: 0, item: SAMPLE_TEXT, upstream: [SAMPLE_INPUT] }],
      }),
      definition,
    );
    const run = await runGraph({
      ...graph,
      inputs: { [NODE_UNDER_TEST]: SAMPLE_TEXT },
      provider: sampleProvider(),
    });
    const block = run.blocks[NODE_UNDER_TEST]!;
    if (block.thrown instanceof BlockInputError) {
      return {
        kind,
        ok: true,
        said: `ran and asked for input, as people will see it: ${block.thrown.message}`,
      };
    }
    if (run.status !== 'succeeded')
      return { kind, ok: false, said: `failed with sample input: ${run.error}` };
    const outputs = Object.keys(definition.outputs as OutputsSpec);
    const shown = block.artifacts.length > 0 ? `, ${block.artifacts.length} result(s) to show` : '';
    return { kind, ok: true, said: `ran with sample input: ${outputs.join(', ') || 'no outputs'}${shown}` };
  } catch (error) {
    return { kind, ok: false, said: `failed with sample input: ${(error as Error).message}` };
  }
}

/**
 * Checks a block package the way Blocksmith loads one: its package.json (the `blocksmith-block`
 * keyword, the block API version it is built for, which must be one this SDK serves), its built
 * entry, the blocks it exports (declarations), and each block run once inside a small app through
 * the engine (runGraph) with sample input and sample AI answers (JSON that satisfies the block's schema).
 */
export async function checkBlockPackage(dir: string): Promise<PackageCheck> {
  const manifestFile = path.join(dir, 'package.json');
  if (!existsSync(manifestFile)) {
    return { packageName: dir, problems: [`There is no package.json in ${dir}.`], warnings: [], blocks: [] };
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BlockPackageManifest & {
    main?: string;
    keywords?: unknown;
  };
  const packageName = typeof manifest.name === 'string' ? manifest.name : path.basename(dir);
  const check: PackageCheck = { packageName, problems: [], warnings: [], blocks: [] };
  if (!Array.isArray(manifest.keywords) || !manifest.keywords.includes(BLOCK_PACKAGE_KEYWORD)) {
    check.warnings.push(
      `package.json has no "${BLOCK_PACKAGE_KEYWORD}" keyword: installed from npm, Blocksmith will not find it (unless named in BLOCK_PACKAGES).`,
    );
  }
  const unserved = manifestApiProblem(manifest, packageName);
  if (unserved) {
    check.problems.push(unserved);
    return check;
  }
  if (manifestApiVersion(manifest) === undefined) {
    check.warnings.push(
      `package.json does not declare the block API version the package is built for: add "blocksmith": { "blockApiVersion": ${BLOCK_API_VERSION} } (without it, Blocksmith takes it as version 1).`,
    );
  }
  const entry = path.join(dir, manifest.main ?? 'index.js');
  if (!existsSync(entry)) {
    check.problems.push(
      `${path.relative(dir, entry)} does not exist: build the package first (npm run build).`,
    );
    return check;
  }
  let moduleExports: unknown;
  try {
    moduleExports = createRequire(manifestFile)(entry);
  } catch (error) {
    check.problems.push(`It failed to load: ${(error as Error).message}`);
    return check;
  }
  const definitions = exportedBlocks(moduleExports);
  if (!definitions || definitions.length === 0) {
    check.problems.push('It exports no block: its entry must export `block` (or a `blocks` list).');
    return check;
  }
  for (const definition of definitions) check.blocks.push(await tryBlock(definition, packageName));
  return check;
}

/** The report as lines for a terminal, and whether the package passed. */
export function describeCheck(check: PackageCheck): { lines: string[]; passed: boolean } {
  const lines = [`Block package ${check.packageName}`];
  for (const problem of check.problems) lines.push(`  ✗ ${problem}`);
  for (const block of check.blocks) lines.push(`  ${block.ok ? '✓' : '✗'} ${block.kind}: ${block.said}`);
  for (const warning of check.warnings) lines.push(`  ! ${warning}`);
  const passed = check.problems.length === 0 && check.blocks.every((block) => block.ok);
  lines.push(passed ? 'Passed.' : 'Failed.');
  return { lines, passed };
}
