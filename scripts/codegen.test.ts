import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/**
 * The typed documents are committed, so nothing needs generating before a build or a test; a
 * schema or an operation changed without `npm run codegen` fails here, naming the file. Codegen
 * validates every operation against the committed schema first, so an operation the schema no
 * longer answers fails here too.
 */
it('the committed generated documents match the schema and the operations', () => {
  const script = path.join(ROOT, 'scripts', 'codegen-outputs.mjs');
  const outputs = JSON.parse(
    execFileSync(process.execPath, [script], { cwd: ROOT, encoding: 'utf8' }),
  ) as Array<{
    filename: string;
    content: string;
  }>;
  expect(outputs.map((output) => output.filename).sort()).toEqual([
    'rest-bridge/src/generated/graphql.ts',
    'workbench/src/api/generated/graphql.ts',
  ]);
  for (const { filename, content } of outputs) {
    const committed = readFileSync(path.join(ROOT, filename), 'utf8');
    // The file's name in the comparison says which one to regenerate.
    expect({ filename, content: committed }).toEqual({ filename, content });
  }
}, 30_000);
