import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../data/database';
import { migrations } from '../data/migrations';
import { openTestDatabase } from './database';
import {
  createPostgresTestDatabase,
  pgliteTemplate,
  postgresTemplate,
  seedPgliteDataDir,
  templateKey,
} from './database-template';
import { claimTemplate, keysInUse, processAlive } from './database-template-leases';

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

/** A process that runs until killed: "another worker" holding a lease. */
async function liveProcess(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await once(child, 'spawn');
  return child as ChildProcess & { pid: number };
}

/** The id of a process that has ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

/** A lease file as another process writes it. */
function leaseOf(root: string, key: string, pid: number): void {
  mkdirSync(path.join(root, 'leases'), { recursive: true });
  writeFileSync(path.join(root, 'leases', `${key}.${pid}`), '');
}

describe('stale templates', () => {
  const saved = process.env.TEST_TEMPLATE_DIR;
  let root: string;
  let other: ChildProcess & { pid: number };
  /** The template every test file shares, found or made before this suite's root is switched to. */
  let shared: string;
  beforeAll(async () => {
    shared = await pgliteTemplate();
    root = mkdtempSync(path.join(tmpdir(), 'template-root-'));
    process.env.TEST_TEMPLATE_DIR = root;
    other = await liveProcess();
  });
  afterAll(() => {
    other.kill();
    if (saved === undefined) delete process.env.TEST_TEMPLATE_DIR;
    else process.env.TEST_TEMPLATE_DIR = saved;
    rmSync(root, { recursive: true, force: true });
  });

  it('counts the leases of live processes only, and removes the others', async () => {
    const leases = mkdtempSync(path.join(tmpdir(), 'template-leases-'));
    try {
      const ended = await endedPid();
      expect(processAlive(other.pid)).toBe(true);
      expect(processAlive(ended)).toBe(false);
      claimTemplate(leases, 'mine');
      leaseOf(leases, 'theirs', other.pid);
      leaseOf(leases, 'gone', ended);
      expect([...keysInUse(leases)].sort()).toEqual(['mine', 'theirs']);
      expect(readdirSync(path.join(leases, 'leases')).sort()).toEqual(
        [`mine.${process.pid}`, `theirs.${other.pid}`].sort(),
      );
    } finally {
      rmSync(leases, { recursive: true, force: true });
    }
  });

  it('makes a template removed while this process copied it again, and removes the stale ones no live process uses and what ended builders left', async () => {
    const ended = await endedPid();
    const key = templateKey();
    // A template this process finds made (a copy of the shared one: no build)...
    cpSync(shared, path.join(root, `pglite-${key}`), { recursive: true });
    const template = await pgliteTemplate();
    expect(template).toBe(path.join(root, `pglite-${key}`));
    // ... then removed by a run of other migrations, as a remover does: renamed away, then deleted.
    renameSync(template, path.join(root, '.removing-elsewhere'));
    rmSync(path.join(root, '.removing-elsewhere'), { recursive: true });
    // What other runs left beside it.
    const make = (entry: string) => {
      mkdirSync(path.join(root, entry), { recursive: true });
      writeFileSync(path.join(root, entry, 'PG_VERSION'), '17');
    };
    make('pglite-0000000000aaaaaaaaaa'); // stale, nobody's
    make('pglite-0000000000bbbbbbbbbb'); // another run's, still going
    leaseOf(root, '0000000000bbbbbbbbbb', other.pid);
    make('pglite-0000000000cccccccccc'); // a run that ended
    leaseOf(root, '0000000000cccccccccc', ended);
    make(`pglite-${key}.building-${ended}-0badc0de`); // a worker killed while building
    make(`pglite-${key}.building-${other.pid}-0000beef`); // a worker building now
    make(`.removing-${ended}-0000dead`); // a worker killed while removing
    make('unrelated');

    const dataDir = mkdtempSync(path.join(tmpdir(), 'template-test-'));
    try {
      await seedPgliteDataDir(dataDir);
      expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
      const database = await openDatabase({ dataDir });
      try {
        const [{ n }] = (await database.dataSource.query('SELECT count(*)::int AS n FROM "migrations"')) as [
          { n: number },
        ];
        expect(n).toBe(migrations.length);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(readdirSync(root).sort()).toEqual(
      [
        'leases',
        'pglite-0000000000bbbbbbbbbb',
        `pglite-${key}`,
        `pglite-${key}.building-${other.pid}-0000beef`,
        'unrelated',
      ].sort(),
    );
    expect(readdirSync(path.join(root, 'leases')).sort()).toEqual(
      [`${key}.${process.pid}`, `0000000000bbbbbbbbbb.${other.pid}`].sort(),
    );
  }, 180_000);

  (serverUrl ? it : it.skip)(
    'making a new PostgreSQL template drops the stale ones no live process uses',
    async () => {
      const { Client } = await import('pg');
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      // Names of this test's own, so the real templates on the server are left alone.
      const prefix = `blocksmith_tpltest_${process.pid}_`;
      const names = async () =>
        (
          await admin.query<{ datname: string }>(
            'SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname',
            [prefix],
          )
        ).rows.map((row) => row.datname);
      try {
        for (const stale of ['aaaa', 'bbbb', 'cccc_building'])
          await admin.query(`CREATE DATABASE ${prefix}${stale}`);
        leaseOf(root, 'bbbb', other.pid);

        expect(await postgresTemplate(admin, serverUrl!, { key: 'dddd', prefix })).toBe(`${prefix}dddd`);
        expect(await names()).toEqual([`${prefix}bbbb`, `${prefix}dddd`]);

        await createPostgresTestDatabase(admin, serverUrl!, `${prefix}copy`, { key: 'dddd', prefix });
        const url = new URL(serverUrl!);
        url.pathname = `/${prefix}copy`;
        const copy = new Client({ connectionString: url.toString() });
        await copy.connect();
        try {
          const { rows } = await copy.query<{ n: number }>('SELECT count(*)::int AS n FROM "migrations"');
          expect(rows[0]?.n).toBe(migrations.length);
        } finally {
          await copy.end();
        }
      } finally {
        for (const name of await names()) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      }
    },
    180_000,
  );
});
