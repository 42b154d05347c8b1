import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

jest.setTimeout(120_000);

const ROOT = path.join(__dirname, '..', '..', '..');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[];
}

/** Runs the Redocly CLI of the repository on a file, with the repository's redocly.yaml. */
function redoclyLint(file: string): { status: number | null; report: LintReport; stderr: string } {
  const cli = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const run = spawnSync(
    process.execPath,
    [cli, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  return { status: run.status, report: JSON.parse(run.stdout) as LintReport, stderr: run.stderr };
}

describe('GET /api/openapi.json', () => {
  let t: ApiTestGateway;
  let dir: string;

  beforeAll(async () => {
    t = await startApiTestGateway();
    dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
  });

  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes redocly lint with the recommended rules: no errors, no warnings', async () => {
    const answer = await t.api('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(answer.body, null, 2));

    const { status, report, stderr } = redoclyLint(file);
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect({ status, stderr: status === 0 ? '' : stderr }).toEqual({ status: 0, stderr: '' });
  });

  it('documents the routes the gateway serves beside /api, from the server’s root', async () => {
    const document = (await t.api('GET', '/openapi.json')).body as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    // The test server's address is a loopback one: the document names no host, only its root.
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(Object.keys(document.paths['/api/stripe/webhook']!)).toEqual(['post']);
    expect(Object.keys(document.paths['/uploads']!)).toEqual(['post']);
    expect(Object.keys(document.paths).every((p) => p.startsWith('/api/') || p === '/uploads')).toBe(true);
  });
});
