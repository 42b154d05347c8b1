import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openApiDocument } from './openapi';
import { ROUTE_TAGS } from './route-tags';
import { routes } from './routes';

const ROOT = path.join(__dirname, '..', '..');

interface Operation {
  operationId: string;
  tags?: string[];
  description?: string;
}

interface SpectralResult {
  code: string;
  message: string;
  path: string[];
  severity: number;
}

/** The served document: the table's routes and the ones the gateway serves beside them. */
const document = openApiDocument(routes, 'https://blocksmith.example') as {
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  info: { contact?: { name: string; url?: string } };
};
const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));

/** Runs the repository's Spectral CLI on `file` with its .spectral.yaml (spectral:oas). */
function spectralLint(file: string): { status: number | null; results: SpectralResult[]; stderr: string } {
  const cli = path.join(ROOT, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');
  const run = spawnSync(
    process.execPath,
    [cli, 'lint', file, '--ruleset', path.join(ROOT, '.spectral.yaml'), '--format', 'json', '--quiet'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return { status: run.status, results: JSON.parse(run.stdout) as SpectralResult[], stderr: run.stderr };
}

describe('the OpenAPI document', () => {
  it('passes Spectral’s OpenAPI rules: no errors, no warnings', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'spectral-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document, null, 2));
      const { status, results, stderr } = spectralLint(file);
      expect(results.map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`)).toEqual([]);
      expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts every operation in one declared group and describes it', () => {
    const declared = document.tags.map((tag) => tag.name);
    for (const operation of operations) {
      expect({ id: operation.operationId, tags: operation.tags?.length }).toEqual({
        id: operation.operationId,
        tags: 1,
      });
      expect(declared).toContain(operation.tags![0]);
      expect(operation.description).toMatch(/\S/);
    }
    // Groups in ROUTE_TAGS order, each used, each described.
    const order = Object.values(ROUTE_TAGS).map((tag) => tag.name);
    expect(declared).toEqual(order.filter((name) => declared.includes(name)));
    expect(new Set(operations.flatMap((o) => o.tags))).toEqual(new Set(declared));
    for (const tag of document.tags) expect(tag.description).toMatch(/\S/);
  });

  it('says who may call each operation and what a success answers', () => {
    const op = (method: string, p: string) => document.paths[`/api${p}`]![method]!;
    expect(op('post', '/auth/signup').description).toBe('Needs no bearer token.');
    expect(op('get', '/apps/{id}').description).toContain('A bearer token is used when sent');
    expect(op('get', '/admin/users').description).toBe(
      'Needs a bearer token: a session’s access_token. Admins only: anyone else is answered 403.',
    );
    expect(op('post', '/auth/signout').description).toMatch(/Answers 204 without a body\.$/);
    expect(op('post', '/keys').description).toMatch(/Answers 201 with what it made\.$/);
    expect(op('post', '/auth/signup').tags).toEqual(['Accounts']);
    expect(document.paths['/api/hooks/{hookId}']!.post!.tags).toEqual(['Triggers']);
  });

  it('names whom to ask: the server’s operator, at its public address only', () => {
    expect(document.info.contact).toEqual({
      name: 'The operator of this Blocksmith server',
      url: 'https://blocksmith.example',
    });
    const local = openApiDocument(routes, 'http://localhost:4000') as typeof document;
    expect(local.info.contact).toEqual({ name: 'The operator of this Blocksmith server' });
  });
});
