#!/usr/bin/env node
// npm run dev: the gateway on :4000 (built and started unless one already answers there) and the
// workbench through Vite with hot reload on :5173, proxying /graphql, /api, /uploads and /files.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://localhost:4000';
const children = [];

async function gatewayAnswers() {
  try {
    await fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{__typename}"}',
    });
    return true;
  } catch {
    return false;
  }
}

if (!(await gatewayAnswers())) {
  execFileSync('npx', ['lerna', 'run', 'build', '--ignore', '@blocksmith/workbench'], {
    cwd: root,
    stdio: 'inherit',
  });
  const server = path.join(root, 'gateway/dist/server.js');
  if (!existsSync(server)) {
    console.error(`The build did not produce ${server}; see the output above.`);
    process.exit(1);
  }
  children.push(spawn(process.execPath, ['--enable-source-maps', server], { cwd: root, stdio: 'inherit' }));
}
const vite = spawn('npx', ['vite'], { cwd: path.join(root, 'workbench'), stdio: 'inherit' });
children.push(vite);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
vite.on('exit', (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code ?? 0);
});
