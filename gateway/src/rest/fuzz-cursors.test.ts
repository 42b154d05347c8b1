import { databaseTargets, openTestDatabase } from '../testing/database';
import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * Forged page cursors sent to every route and GraphQL field that takes one, on PGlite and on
 * PostgreSQL when TEST_DATABASE_URL is set: never a 5xx (GraphQL: never INTERNAL_SERVER_ERROR),
 * a cursor the server did not give out is a 400 (BAD_USER_INPUT) that names `cursor`, and the
 * server keeps answering.
 */

jest.setTimeout(180_000);

const UUID = '3f2a8c1e-5b7d-4e9f-8a6b-1c2d3e4f5a6b';
const b64 = (text: string | Buffer) =>
  (typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64url');

/** A cursor as a query string value: a lone surrogate goes as the UTF-8 bytes it would be. */
const inQuery = (cursor: string) =>
  cursor.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g, (part) =>
    /^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part),
  );

/** Cursors no server gave out: what each one is, and the cursor as sent. */
const FORGED: [string, string][] = [
  ['impossible date, no fraction', b64(`2026-13-45T99:99:99Z|${UUID}`)],
  ['impossible date, exact form', b64(`2026-13-45T99:99:99.000000Z|${UUID}`)],
  ['February 30th', b64(`2026-02-30T10:00:00.000000Z|${UUID}`)],
  ['hour 24', b64(`2026-01-01T24:00:00.000000Z|${UUID}`)],
  ['year 0', b64(`0000-01-01T00:00:00.000000Z|${UUID}`)],
  ['month 0', b64(`2026-00-10T00:00:00.000000Z|${UUID}`)],
  ['a date as text', b64(`yesterday|${UUID}`)],
  ['no id', b64('2026-01-01T00:00:00.000000Z|')],
  ['not a uuid', b64('2026-01-01T00:00:00.000000Z|not-a-uuid')],
  ['one part', b64('2026-01-01T00:00:00.000000Z')],
  ['three parts', b64(`2026-01-01T00:00:00.000000Z|${UUID}|extra`)],
  ['NUL inside', b64(`2026-01-01T00:00:00.000000Z|${UUID}\u0000`)],
  ['NUL alone', b64('\u0000')],
  ['lone surrogate bytes', b64(Buffer.from([0xed, 0xa0, 0x80]))],
  ['lone surrogate raw', '\ud800'],
  ['invalid UTF-8', b64(Buffer.from([0xff, 0xfe, 0x7c, 0x00]))],
  ['not base64', '!!!***'],
  ['padding only', '=='],
  ['spaces', '   '],
  ['huge', 'A'.repeat(8_000)],
  ['huge valid-looking', b64(`2026-01-01T00:00:00.000000Z|${UUID}`.repeat(100))],
  ['a bare uuid', UUID],
  ['emoji', '😀'],
];

describe.each(databaseTargets)('forged page cursors on %s', (_name, serverUrl) => {
  let t: ApiTestGateway;
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let ann: { token: string; id: string };
  let admin: string;
  let appId: string;

  beforeAll(async () => {
    database = serverUrl ? await openTestDatabase(serverUrl) : undefined;
    t = await startApiTestGateway({
      ADMIN_EMAILS: 'admin@example.com',
      ...(serverUrl ? { DATABASE_URL: database?.url ?? serverUrl } : {}),
    });
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
    admin = await t.signUpAdmin('admin@example.com');
    const app = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'Cursor Stories', category: 'Content', config: probeTextApp() },
    });
    appId = app.body.id;
    const run = await t.api('POST', `/apps/${appId}/execute`, {
      token: ann.token,
      body: { inputData: { input_text: 'sea' } },
    });
    expect(run.status).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  /** Every REST route that takes a cursor, with who may call it. */
  const restRoutes = () => [
    { path: '/runs', token: ann.token },
    { path: `/apps/${appId}/runs`, token: ann.token },
    { path: '/credits/history', token: ann.token },
    { path: '/admin/users', token: admin },
    { path: '/admin/actions', token: admin },
  ];

  /** Every GraphQL field that takes a cursor, with who may call it. */
  const graphqlFields = () => [
    { query: 'query ($c: String) { myRuns(cursor: $c) { nextCursor } }', token: ann.token },
    {
      query: 'query ($c: String, $a: ID!) { appRuns(appId: $a, cursor: $c) { nextCursor } }',
      token: ann.token,
    },
    { query: 'query ($c: String) { creditHistory(cursor: $c) { _id } }', token: ann.token },
    { query: 'query ($c: String) { creditHistoryPage(cursor: $c) { nextCursor } }', token: ann.token },
    { query: 'query ($c: String) { adminUsers(cursor: $c) { nextCursor } }', token: admin },
    { query: 'query ($c: String) { adminActions(cursor: $c) { nextCursor } }', token: admin },
  ];

  it('answers 400 naming the cursor on every REST route, never a 5xx', async () => {
    const problems: string[] = [];
    for (const { path, token } of restRoutes()) {
      for (const [what, cursor] of FORGED) {
        const answer = await t.api('GET', `${path}?cursor=${inQuery(cursor)}`, { token });
        if (
          answer.status !== 400 ||
          typeof answer.body?.message !== 'string' ||
          !/cursor/.test(answer.body.message)
        ) {
          problems.push(
            `GET ${path} (${what}): ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
    expect((await t.api('GET', '/runs', { token: ann.token })).status).toBe(200);
  });

  it('answers BAD_USER_INPUT on every GraphQL field, never INTERNAL_SERVER_ERROR', async () => {
    const problems: string[] = [];
    for (const { query, token } of graphqlFields()) {
      for (const [what, cursor] of FORGED) {
        const answer = await t.graphql(query, { c: cursor, a: appId }, token);
        const code = answer.errors?.[0]?.extensions?.code;
        if (code !== 'BAD_USER_INPUT') {
          problems.push(`${query.slice(0, 40)} (${what}): ${JSON.stringify(answer).slice(0, 200)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('still pages with the cursors it gave out', async () => {
    for (let i = 0; i < 2; i++) {
      await t.api('POST', `/apps/${appId}/execute`, {
        token: ann.token,
        body: { inputData: { input_text: `${i}` } },
      });
    }
    const first = await t.api('GET', '/runs?limit=1', { token: ann.token });
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await t.api('GET', `/runs?limit=1&cursor=${first.body.nextCursor}`, { token: ann.token });
    expect(second.status).toBe(200);
    expect(second.body.runs).toHaveLength(1);
    expect(second.body.runs[0].id).not.toBe(first.body.runs[0].id);
    const users = await t.api('GET', '/admin/users?limit=1', { token: admin });
    if (users.body.nextCursor) {
      const next = await t.api('GET', `/admin/users?cursor=${users.body.nextCursor}`, { token: admin });
      expect(next.status).toBe(200);
    }
  });
});
