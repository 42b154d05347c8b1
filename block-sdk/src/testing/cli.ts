#!/usr/bin/env node
import path from 'node:path';
import { checkBlockPackage, describeCheck } from './check-package';

const USAGE = `Usage: block-sdk test [package folder]

Checks a Blocksmith block package as the server will load it: the "blocksmith-block" keyword in
package.json, the block API version it is built for ("blocksmith": { "blockApiVersion": n }, one
this SDK serves), the built entry, each exported block's declaration, and each block run once with
sample input through the SDK harness (sample AI answers, no AI service). Run it after npm run build.`;

async function main(argv: string[]): Promise<number> {
  const [command, folder] = argv;
  if (command !== 'test') {
    console.log(USAGE);
    return command === undefined || command === '--help' || command === 'help' ? 0 : 1;
  }
  const { lines, passed } = describeCheck(await checkBlockPackage(path.resolve(folder ?? '.')));
  for (const line of lines) console.log(line);
  return passed ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
