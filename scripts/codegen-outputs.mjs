#!/usr/bin/env node
// Prints, as JSON, the files `npm run codegen` would write ({ filename, content }[], paths relative
// to the repository), without writing them. scripts/codegen.test.ts compares them with the
// committed ones. (The codegen CLI is an ES module Jest cannot load, so it runs here.)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContext, generate } from '@graphql-codegen/cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const context = await createContext({ config: path.join(root, 'codegen.ts'), silent: true });
const outputs = await generate(context, false);
const files = outputs.map(({ filename, content }) => ({
  filename: path.relative(root, path.resolve(root, filename)),
  content,
}));
process.stdout.write(JSON.stringify(files));
