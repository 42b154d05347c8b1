#!/usr/bin/env node
// The block-sdk command (`npx @blocksmith/block-sdk test`). A file of the package itself, so npm
// links it on the first install, before the SDK is built; the command is in dist/testing/cli.js.
const { existsSync } = require('node:fs');
const path = require('node:path');

const cli = path.join(__dirname, '..', 'dist', 'testing', 'cli.js');
if (!existsSync(cli)) {
  console.error(
    'The block SDK is not built here: run `npm run build -w @blocksmith/block-sdk` (in a Blocksmith checkout, `npm run build`).',
  );
  process.exit(1);
}
require(cli);
