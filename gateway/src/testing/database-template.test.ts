import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../data/database';
import { migrations } from '../data/migrations';
import { openTestDatabase } from './database';
import { pgliteTemplate, seedPgliteDataDir, templateKey } from './database-template';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('migrated database templates', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'template-test-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('names a template by the migrations it was made from', () => {
    expect(templateKey()).toMatch(/^[0-9a-f]{20}$/);
    expect(templateKey()).toBe(templateKey());
  });

  it('gives a new data directory a copy of a database with every migration applied', async () => {
    const template = await pgliteTemplate();
    expect(path.basename(template)).toBe(`pglite-${templateKey()}`);
    const dataDir = freshDir();
    await seedPgliteDataDir(dataDir);
    const database = await openDatabase({ dataDir });
    try {
      const applied = (await database.dataSource.query('SELECT "name" FROM "migrations"')) as {
        name: string;
      }[];
      expect(applied.map((m) => m.name).sort()).toEqual(migrations.map((m) => m.name).sort());
      // A copy: what one test writes, the template and the next copy never see.
      await database.dataSource.query('CREATE TABLE only_in_this_copy (id int)');
    } finally {
      await database.close();
    }
    const next = freshDir();
    await seedPgliteDataDir(next);
    const again = await openDatabase({ dataDir: next });
    try {
      expect(await again.dataSource.query(`SELECT to_regclass('only_in_this_copy') AS found`)).toEqual([
        { found: null },
      ]);
    } finally {
      await again.close();
    }
  });

  it('leaves a data directory that has a database (a restart) as it is', async () => {
    const dataDir = freshDir();
    mkdirSync(path.join(dataDir, 'db'));
    writeFileSync(path.join(dataDir, 'db', 'kept'), 'mine');
    await seedPgliteDataDir(dataDir);
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'db', 'kept'))).toBe(true);
  });

  it('copies nothing with TEST_DATABASE_TEMPLATE=0', async () => {
    const dataDir = freshDir();
    process.env.TEST_DATABASE_TEMPLATE = '0';
    try {
      await seedPgliteDataDir(dataDir);
    } finally {
      delete process.env.TEST_DATABASE_TEMPLATE;
    }
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  });

  (serverUrl ? it : it.skip)(
    'creates PostgreSQL test databases from a migrated template database',
    async () => {
      const database = await openTestDatabase(serverUrl);
      try {
        const [{ datname }] = (await database.dataSource.query(
          `SELECT datname FROM pg_database WHERE datname = $1`,
          [`blocksmith_template_${templateKey()}`],
        )) as [{ datname: string }];
        expect(datname).toBe(`blocksmith_template_${templateKey()}`);
        const applied = (await database.dataSource.query('SELECT count(*)::int AS n FROM "migrations"')) as [
          { n: number },
        ];
        expect(applied[0].n).toBe(migrations.length);
      } finally {
        await database.close();
      }
    },
  );
});
