#!/usr/bin/env node
// npm run new-block -- <kind> [--name "Palette name"] [--description "What it does."]: scaffolds
// blocks/<kind-in-kebab-case>/ with a working AI block, its test through the block-sdk harness and a
// README, and links it into the workspace. The registry finds it on the next start. Without
// --description it asks for one (and for the name, offering the kind's words) in a terminal.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const KIND = /^[a-z][a-zA-Z0-9]*$/;
// The block SDK's BLOCK_API_VERSION (scripts/new-block.test.ts keeps the two equal): the block API
// a new package is built for, which the server checks when it loads the package.
const BLOCK_API_VERSION = 1;

const kebab = (kind) => kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const snake = (kind) => kind.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const title = (kind) => kind.replace(/[A-Z]/g, (c) => ` ${c}`).replace(/^./, (c) => c.toUpperCase());

/** Text safe inside the generated single-quoted TypeScript string and the JSON manifest. */
const quoted = (text) => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

function files(kind, { name, description }) {
  const dir = kebab(kind);
  const output = `${snake(kind)}_result`;
  return {
    'package.json': `${JSON.stringify(
      {
        name: `@blocksmith/block-${dir}`,
        version: '0.1.0',
        private: true,
        description,
        // The block API it is built for: a server that does not serve it refuses the package by name.
        blocksmith: { blockApiVersion: BLOCK_API_VERSION },
        // Found by Blocksmith when installed from npm (npm install <package>) beside its own blocks.
        keywords: ['blocksmith-block'],
        main: 'dist/index.js',
        types: 'dist/index.d.ts',
        files: ['dist'],
        scripts: {
          build: 'tsc -p tsconfig.build.json',
          test: `cd ../.. && npm run test:unit -- blocks/${dir}/`,
        },
        // The SDK is the host's: installed into a Blocksmith checkout, the block uses the one there.
        peerDependencies: { '@blocksmith/block-sdk': '^0.1.0' },
        devDependencies: { '@blocksmith/block-sdk': '0.1.0' },
      },
      null,
      2,
    )}\n`,
    'tsconfig.build.json': `${JSON.stringify(
      {
        extends: '../../tsconfig.base.json',
        compilerOptions: {
          rootDir: 'src',
          outDir: 'dist',
          tsBuildInfoFile: 'dist/.tsbuildinfo',
          incremental: true,
          types: ['node'],
        },
        include: ['src'],
        exclude: ['src/**/*.test.ts', 'src/testing'],
      },
      null,
      2,
    )}\n`,
    'src/index.ts': `export { ${kind} as block } from './${dir}';\n`,
    [`src/${dir}.ts`]: `import { BlockInputError, defineBlock, field, output } from '@blocksmith/block-sdk';

export const ${kind} = defineBlock({
  kind: '${kind}',
  name: '${quoted(name)}',
  description: '${quoted(description)}',
  category: 'ai',
  cost: 1,
  settings: {
    prompt_template: field.prompt({
      label: 'Prompt',
      default: 'Answer briefly: {{input_text}}',
      help: 'Use {{variables}} from upstream blocks; {{input_text}} is the text of the connected blocks.',
    }),
  },
  // Shown under the block's name as Markdown in the preview and on the app page.
  outputs: { ${output}: output.text('What the AI answered', { view: 'markdown' }) },
  async run(ctx) {
    const prompt = ctx.render(ctx.settings.prompt_template, { input_text: ctx.primaryText() });
    if (prompt.trim() === '') {
      throw new BlockInputError('Write a prompt, or connect a block that provides text.');
    }
    return { ${output}: await ctx.ai.text({ prompt }) };
  },
});
`,
    [`src/${dir}.test.ts`]: `import { runBlock, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { ${kind} } from './${dir}';

describe('${kind}', () => {
  it('sends the rendered prompt and returns the answer', async () => {
    const provider = new ScriptedProvider({ text: ['A short answer.'] });
    const { outputs, progress } = await runBlock(${kind}, {
      upstream: { input_text: 'Why is the sky blue?' },
      provider,
    });
    expect(provider.calls[0]?.request).toMatchObject({ prompt: 'Answer briefly: Why is the sky blue?' });
    expect(outputs).toEqual({ ${output}: 'A short answer.' });
    expect(progress.join('')).toBe('A short answer.');
  });

  it('asks for input when there is nothing to send', async () => {
    await expect(runBlock(${kind}, { settings: { prompt_template: '{{input_text}}' } })).rejects.toThrow(
      'Write a prompt, or connect a block that provides text.',
    );
  });
});
`,
    'README.md': `# ${kind} block

${name}: ${description} Category AI, costs 1 credit per run.

| Setting | Type | Default |
| --- | --- | --- |
| prompt_template | prompt | \`Answer briefly: {{input_text}}\` |

Output: \`${output}\` (text), shown as Markdown under the block's name (\`view\` and \`title\` on the
output, or \`present\` on the block, choose another view). \`{{input_text}}\` is the text of the
directly connected blocks; any upstream variable can be used by name.

Tests: \`npm test -w @blocksmith/block-${dir}\`. See block-sdk/README.md for the guide.
`,
  };
}

/** Refuses a bad kind or an existing folder. Returns the folder. */
function checkKind(kind, blocksDir) {
  if (typeof kind !== 'string' || !KIND.test(kind)) {
    throw new Error(`"${kind}" is not a block kind: use camelCase letters and digits, e.g. sentimentScore.`);
  }
  const dir = path.join(blocksDir, kebab(kind));
  if (existsSync(dir)) throw new Error(`${path.relative(process.cwd(), dir) || dir} already exists.`);
  return dir;
}

/**
 * The palette name and description: given, else asked for in a terminal (the name defaults to the
 * kind's words). A description is required: it is what the palette shows under the name.
 */
async function describe(kind, given) {
  let { name, description } = given;
  if ((name === undefined || description === undefined) && process.stdin.isTTY) {
    const ask = createInterface({ input: process.stdin, output: process.stdout });
    try {
      name ??= (await ask.question(`Palette name (${title(kind)}): `)).trim() || undefined;
      while (!description?.trim()) {
        description = await ask.question('What it does, in one sentence, for the palette: ');
      }
    } finally {
      ask.close();
    }
  }
  name = (name ?? title(kind)).trim();
  description = description?.trim() ?? '';
  if (description === '') {
    throw new Error(
      'Say what the block does: --description "One sentence for the palette." (asked for when run in a terminal).',
    );
  }
  if (name === '') throw new Error('The palette name cannot be empty.');
  return { name, description: /[.!?]$/.test(description) ? description : `${description}.` };
}

/** Writes the package into its folder. */
function scaffoldBlock({ kind, dir, names }) {
  for (const [file, content] of Object.entries(files(kind, names))) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

/** Formats the new files with the repository's Prettier settings, so `npm run lint` stays clean. */
function format(root, dir) {
  const prettier = createRequire(path.join(root, 'package.json')).resolve('prettier/bin/prettier.cjs');
  execFileSync(process.execPath, [prettier, '--write', '--log-level', 'warn', dir], {
    cwd: root,
    stdio: 'inherit',
  });
}

/**
 * Links the new package into the workspace as `npm install` would, without downloading anything or
 * rewriting node_modules: its one dependency is the block SDK next door. package-lock.json records
 * the new workspace, and node_modules/@blocksmith/ gets a link to the folder.
 */
function linkIntoWorkspace(root, dir, packageName) {
  execFileSync(
    'npm',
    ['install', '--package-lock-only', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
    { cwd: root, stdio: 'inherit' },
  );
  const link = path.join(root, 'node_modules', packageName);
  mkdirSync(path.dirname(link), { recursive: true });
  // A link left by an earlier package of this name that was deleted.
  if (lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(link);
  symlinkSync(path.relative(path.dirname(link), dir), link, 'dir');
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dir;
let kind;
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string' }, description: { type: 'string' } },
  });
  kind = positionals[0];
  dir = checkKind(kind, path.join(root, 'blocks'));
  scaffoldBlock({ kind, dir, names: await describe(kind, values) });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const folder = path.relative(root, dir);
const packageName = `@blocksmith/block-${kebab(kind)}`;
console.log(`Created ${folder}/.`);
if (existsSync(path.join(root, 'node_modules'))) {
  try {
    format(root, dir);
    linkIntoWorkspace(root, dir, packageName);
    console.log(`Linked ${packageName} into the workspace.`);
  } catch (error) {
    console.error(`${folder}/ is in place, but setting it up failed (${error.message}): run npm install.`);
    process.exitCode = 1;
  }
} else {
  console.log('Run npm install to install the workspace, then:');
}
console.log(`\nNext: edit ${folder}/src/${kebab(kind)}.ts, then`);
console.log(`  npm test -w ${packageName}`);
console.log(
  'and restart the server (npm start): it builds the package and the block appears in the palette.',
);
