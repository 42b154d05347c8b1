import type { AppConfig } from '@blocksmith/schema';
import { FileRecord, RunRecord } from '../data/entities';
import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const textApp: AppConfig = probeTextApp();

const fileApp: AppConfig = probeApp(
  [
    probePlugin('doc', 'fileUpload', { label: 'Notes', acceptedTypes: 'text', maxSize: 1 }),
    probePlugin('show', 'textDisplay'),
  ],
  [['doc', 'show']],
);

describe('/api run routes', () => {
  let t: ApiTestGateway;
  let ann: string;
  let bob: string;

  const signUp = async (email: string) => (await t.signUpViaApi(email, { credits: true })).token;
  const create = async (token: string, config: AppConfig, name = 'Runner') => {
    const answer = await t.api('POST', '/apps', { token, body: { name, category: 'Content', config } });
    return answer.body as { id: string; slug: string };
  };
  let adminToken: Promise<string> | undefined;
  /** The admin who approves store apps, signed up once. */
  const signUpAdmin = () => (adminToken ??= t.signUpAdmin('admin@example.com'));
  const count = (entity: typeof RunRecord | typeof FileRecord) =>
    t.gateway.database.dataSource.getRepository(entity).count();

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ann = await signUp('ann@example.com');
    bob = await signUp('bob@example.com');
  });

  afterAll(() => t.close());

  describe('POST /api/apps/{id}/execute with JSON', () => {
    it('runs the owner’s app as a test execution and answers the result fields', async () => {
      const app = await create(ann, textApp);
      const answer = await t.api('POST', `/apps/${app.id}/execute`, {
        token: ann,
        body: { inputData: { input_text: 'the sea' } },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.output.generated_text).toContain('[Offline preview]');
      expect(answer.body.run).toMatchObject({ status: 'succeeded', cost: 1 });
      const history = await t.api('GET', '/credits/history?limit=1', { token: ann });
      expect(history.body.history[0]).toMatchObject({
        block_type: 'text_generation',
        action_type: 'test_execution',
        credits_used: 1,
      });
      const run = await t.api('GET', `/runs/${answer.body.run.id}`, { token: ann });
      expect(run.body).toMatchObject({ status: 'succeeded', actionType: 'test_execution' });
      expect((await t.api('GET', `/runs/${answer.body.run.id}`, { token: bob })).status).toBe(404);
    });

    it('records someone else’s run of a store app as published', async () => {
      const app = await create(ann, textApp, 'Store runner');
      await t.api('POST', `/apps/${app.id}/publish`, { token: ann });
      const admin = await signUpAdmin();
      await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
      const answer = await t.api('POST', `/apps/${app.id}/execute`, {
        token: bob,
        body: { inputData: { input_text: 'rivers' } },
      });
      expect(answer.status).toBe(200);
      const history = await t.api('GET', '/credits/history?limit=1', { token: bob });
      expect(history.body.history[0].action_type).toBe('published');
      const asTest = await t.api('POST', `/apps/${app.id}/execute`, {
        token: bob,
        body: { inputData: { input_text: 'x' }, actionType: 'test_execution' },
      });
      expect(asTest.status).toBe(404);
    });

    it('answers 402 when the balance does not pay, storing no run', async () => {
      const poor = await signUp('poor@example.com');
      await t.gateway.database.dataSource.query(
        "UPDATE credit_balances SET balance = 0 WHERE user_id = (SELECT id FROM users WHERE email = 'poor@example.com')",
      );
      const app = await create(poor, textApp);
      const before = await count(RunRecord);
      const answer = await t.api('POST', `/apps/${app.id}/execute`, {
        token: poor,
        body: { inputData: { input_text: 'x' } },
      });
      expect(answer.status).toBe(402);
      expect(answer.body.error).toBe('insufficient_credits');
      expect(await count(RunRecord)).toBe(before);
    });

    it('answers a run that fails on its input with 400, refunded', async () => {
      // Someone else's run of a store app (a preview with an empty input is refused before it starts).
      const app = await create(ann, textApp, 'Empty runner');
      await t.api('POST', `/apps/${app.id}/publish`, { token: ann });
      const admin = await signUpAdmin();
      await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
      const before = (await t.api('GET', '/credits/balance', { token: bob })).body.credits as number;
      const answer = await t.api('POST', `/apps/${app.id}/execute`, { token: bob, body: { inputData: {} } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'bad_request', refunded: true, runId: expect.any(String) });
      expect(answer.body.message).toMatch(/Topic/);
      expect((await t.api('GET', '/credits/balance', { token: bob })).body.credits).toBe(before);
    });

    it('refuses malformed input with 400 and no token with 401', async () => {
      const app = await create(ann, textApp);
      const wrong = await t.api('POST', `/apps/${app.id}/execute`, {
        token: ann,
        body: { inputData: 'the sea' },
      });
      expect(wrong.body).toEqual({ error: 'bad_request', message: '`inputData` must be an object.' });
      const nested = await t.api('POST', `/apps/${app.id}/execute`, {
        token: ann,
        body: { inputData: { input_text: { deep: true } } },
      });
      expect(nested.status).toBe(400);
      const anonymous = await t.api('POST', `/apps/${app.id}/execute`, { body: { inputData: {} } });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('POST /api/apps/{id}/execute with a file', () => {
    const form = (content: string | Uint8Array, name: string, type: string, inputData = '{}') => {
      const data = new FormData();
      data.set('inputData', inputData);
      data.set('file', new Blob([content], { type }), name);
      return data;
    };

    it('keeps the file for the app’s file upload block and runs with it', async () => {
      const app = await create(ann, fileApp);
      const answer = await t.form(
        `/apps/${app.id}/execute`,
        form('meeting notes', 'notes.txt', 'text/plain'),
        ann,
      );
      expect(answer.status).toBe(200);
      const shown = answer.body.output.artifacts[0].artifact.text as string;
      expect(shown).toMatch(/^\/files\//);
      const file = await fetch(t.gateway.url + shown);
      expect(await file.text()).toBe('meeting notes');
    });

    it('serves a kept file only through a signed link or to the person who kept it', async () => {
      const app = await create(ann, fileApp);
      const answer = await t.form(
        `/apps/${app.id}/execute`,
        form('private notes', 'p.txt', 'text/plain'),
        ann,
      );
      const signed = new URL(answer.body.output.artifacts[0].artifact.text as string, t.gateway.url);
      expect(signed.searchParams.get('signature')).toBeTruthy();
      const bare = `${t.gateway.url}${signed.pathname}`;
      const as = (token?: string) =>
        fetch(bare, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      // The link alone, without its signature, opens nothing.
      const anonymous = await as();
      expect(anonymous.status).toBe(404);
      expect(await anonymous.json()).toMatchObject({ error: 'not_found' });
      expect((await as(bob)).status).toBe(404);
      expect(await (await as(ann)).text()).toBe('private notes');
      const tampered = new URL(signed);
      tampered.searchParams.set('expires', String(Number(signed.searchParams.get('expires')) + 60));
      expect((await fetch(tampered)).status).toBe(404);
      expect(await (await fetch(signed)).text()).toBe('private notes');
    });

    it('refuses a file over the block’s maxSize with 413 and keeps nothing', async () => {
      const app = await create(ann, fileApp);
      const [files, runs] = [await count(FileRecord), await count(RunRecord)];
      const big = new Uint8Array(1024 * 1024 + 10).fill(65);
      const answer = await t.form(`/apps/${app.id}/execute`, form(big, 'big.txt', 'text/plain'), ann);
      expect(answer.status).toBe(413);
      expect(answer.body.message).toMatch(/larger than the 1 MB limit/);
      expect([await count(FileRecord), await count(RunRecord)]).toEqual([files, runs]);
    });

    it('refuses a type the block does not accept with 400 and keeps nothing', async () => {
      const app = await create(ann, fileApp);
      const files = await count(FileRecord);
      const answer = await t.form(
        `/apps/${app.id}/execute`,
        form('%PDF-1.4', 'deck.pdf', 'application/pdf'),
        ann,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/not an accepted file type/);
      expect(await count(FileRecord)).toBe(files);
    });

    it('keeps nothing when the run is refused after the file was read', async () => {
      const poor = await signUp('broke@example.com');
      await t.gateway.database.dataSource.query(
        "UPDATE credit_balances SET balance = 0 WHERE user_id = (SELECT id FROM users WHERE email = 'broke@example.com')",
      );
      const paid = probeApp(
        [probePlugin('doc', 'fileUpload', { acceptedTypes: 'text' }), probePlugin('sum', 'longSummary')],
        [['doc', 'sum']],
      );
      const app = await create(poor, paid);
      const files = await count(FileRecord);
      const answer = await t.form(`/apps/${app.id}/execute`, form('notes', 'notes.txt', 'text/plain'), poor);
      expect(answer.status).toBe(402);
      expect(await count(FileRecord)).toBe(files);
    });

    it('answers broken inputData JSON with 400', async () => {
      const app = await create(ann, fileApp);
      const answer = await t.form(`/apps/${app.id}/execute`, form('x', 'a.txt', 'text/plain', '{oops'), ann);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('invalid_json');
    });

    it('refuses a file for an app without a file upload block', async () => {
      const app = await create(ann, textApp);
      const answer = await t.form(`/apps/${app.id}/execute`, form('x', 'a.txt', 'text/plain'), ann);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/no file upload block/);
    });

    it('refuses another person’s file id as a run input', async () => {
      const app = await create(ann, fileApp);
      const kept = await t.form(`/apps/${app.id}/execute`, form('mine', 'mine.txt', 'text/plain'), ann);
      const fileId = (kept.body.output.artifacts[0].artifact.text as string)
        .split('?', 1)[0]!
        .replace('/files/', '');
      const theirs = await create(bob, fileApp);
      const answer = await t.api('POST', `/apps/${theirs.id}/execute`, {
        token: bob,
        body: { inputData: { file_url: fileId } },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/upload it again/);
    });
  });

  describe('POST /uploads (the workbench’s upload)', () => {
    it('keeps a file for a block and answers the run input for it', async () => {
      const app = await create(ann, fileApp);
      const data = new FormData();
      data.set('appId', app.id);
      data.set('blockId', 'doc');
      data.set('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
      const response = await fetch(`${t.gateway.url}/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ann}` },
        body: data,
      });
      expect(response.status).toBe(201);
      const kept = (await response.json()) as { id: string; inputKey: string; size: number };
      expect(kept).toMatchObject({ inputKey: 'file_url', size: 5, blockId: 'doc' });
      const run = await t.api('POST', `/apps/${app.id}/execute`, {
        token: ann,
        body: { inputData: { [kept.inputKey]: kept.id } },
      });
      expect(run.status).toBe(200);
      const anonymous = await fetch(`${t.gateway.url}/uploads`, { method: 'POST', body: data });
      expect(anonymous.status).toBe(401);
    });
  });
});
