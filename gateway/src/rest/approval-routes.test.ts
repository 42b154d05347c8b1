import { probeApp, probePlugin } from '@blocksmith/engine/testing';
import type { AppConfig } from '@blocksmith/schema';
import { MailMessage } from '../data/entities';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * A run with an Approval block over real HTTP: it waits (status waiting, the request on GET
 * /api/runs/{id}), the owner approves with an edited text and the run goes on with it, or rejects
 * it and what did not run is refunded exactly; an e-mail approver decides once through the link
 * mailed to them; a wait past its time-out ends. Everyone else: 404.
 */

jest.setTimeout(180_000);

/** text input -> Text Generation -> Approval -> Text Generation. */
function approvalApp(approval: Record<string, unknown> = {}): AppConfig {
  return probeApp(
    [
      probePlugin('in', 'textInput', { label: 'Topic' }),
      probePlugin('draft', 'textGeneration', { prompt_template: 'Write about {{input_text}}' }),
      probePlugin('check', 'approval', approval),
      probePlugin('final', 'textGeneration', { prompt_template: 'Polish {{approved_text}}' }),
    ],
    [
      ['in', 'draft'],
      ['draft', 'check'],
      ['check', 'final'],
    ],
  );
}

describe('runs that wait for approval, over /api', () => {
  let t: ApiTestGateway;
  let ann: { token: string; id: string };
  let bob: { token: string; id: string };

  const balance = async (token: string): Promise<number> =>
    (await t.api('GET', '/credits/balance', { token })).body.credits as number;

  async function createApp(token: string, config: AppConfig): Promise<string> {
    const created = await t.api('POST', '/apps', {
      token,
      body: { name: 'Careful post', category: 'Content', config },
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  /** Executes the app: the run waits; answers its id. */
  async function startWaiting(token: string, appId: string): Promise<string> {
    const answer = await t.api('POST', `/apps/${appId}/execute`, {
      token,
      body: { inputData: { input_text: 'tea' } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.run.status).toBe('waiting');
    expect(answer.body.output).toEqual({});
    return answer.body.run.id as string;
  }

  /** The run once it is no longer running (it goes on in the background after approval). */
  async function settled(runId: string, token: string) {
    for (let i = 0; i < 600; i++) {
      const read = await t.api('GET', `/runs/${runId}`, { token });
      if (read.body.status !== 'running' && read.body.status !== 'queued') return read.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Run ${runId} did not end.`);
  }

  beforeAll(async () => {
    t = await startApiTestGateway();
    ann = await t.signUpViaApi('ann@example.com', { fullName: 'Ann Owner', credits: true });
    bob = await t.signUpViaApi('bob@example.com', { credits: true });
  });

  afterAll(() => t.close());

  it('waits, shows what it asks, and goes on with the text as the owner changed it', async () => {
    const appId = await createApp(ann.token, approvalApp());
    const before = await balance(ann.token);
    const runId = await startWaiting(ann.token, appId);
    const charged = before - (await balance(ann.token));
    expect(charged).toBeGreaterThan(0);

    const waiting = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({
      status: 'waiting',
      finishedAt: null,
      approvalRequest: { nodeId: 'check', editable: true, approver: 'owner', canDecide: true },
    });
    expect(waiting.body.approvalRequest.text).toContain('tea');
    expect(Date.parse(waiting.body.approvalRequest.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect(waiting.body.steps.find((s: { nodeId: string }) => s.nodeId === 'final').status).toBe('pending');
    // The Approval block's step waits (running), not failed.
    const check = waiting.body.steps.find((s: { nodeId: string }) => s.nodeId === 'check');
    expect(check).toMatchObject({ status: 'running', error: null });
    // Listed as waiting.
    const listed = await t.api('GET', `/apps/${appId}/runs?status=waiting`, { token: ann.token });
    expect(listed.body.runs.map((r: { id: string }) => r.id)).toEqual([runId]);

    const decided = await t.api('POST', `/runs/${runId}/approval`, {
      token: ann.token,
      body: { decision: 'approve', text: 'A calmer post about tea' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toEqual({ runId, decision: 'approve', status: 'running', error: null });

    const done = await settled(runId, ann.token);
    expect(done.status).toBe('succeeded');
    const steps = Object.fromEntries(done.steps.map((s: { nodeId: string }) => [s.nodeId, s]));
    expect(steps.check.outputs).toEqual({
      approved_text: 'A calmer post about tea',
      approved_by: 'the app’s owner',
    });
    expect(steps.final.inputs).toEqual({ approved_text: 'A calmer post about tea' });
    expect(steps.draft.status).toBe('succeeded');
    expect(done.approvalRequest).toBeNull();
    // Nothing was charged twice.
    expect(before - (await balance(ann.token))).toBe(charged);
    // Decided once.
    const again = await t.api('POST', `/runs/${runId}/approval`, {
      token: ann.token,
      body: { decision: 'reject' },
    });
    expect(again.status).toBe(409);
  });

  it('ends a rejected run, refunding exactly what did not run', async () => {
    const appId = await createApp(ann.token, approvalApp());
    const before = await balance(ann.token);
    const runId = await startWaiting(ann.token, appId);
    const waiting = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    const draftCredits = waiting.body.steps.find((s: { nodeId: string }) => s.nodeId === 'draft')
      .credits as number;
    expect(draftCredits).toBeGreaterThan(0);

    const decided = await t.api('POST', `/runs/${runId}/approval`, {
      token: ann.token,
      body: { decision: 'reject' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'failed', decision: 'reject' });
    expect(decided.body.error).toContain('Rejected by the app’s owner');

    const ended = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    expect(ended.body).toMatchObject({ status: 'failed', errorCode: 'APPROVAL_REJECTED' });
    expect(ended.body.error).toContain(`${draftCredits} credit`);
    expect(ended.body.steps.find((s: { nodeId: string }) => s.nodeId === 'check').status).toBe('failed');
    expect(ended.body.steps.find((s: { nodeId: string }) => s.nodeId === 'final').status).toBe('pending');
    // The draft ran and keeps its charge; the final block never ran and was refunded.
    expect(before - (await balance(ann.token))).toBe(draftCredits);
  });

  it('is another person’s business only as 404, and says what to fix', async () => {
    const appId = await createApp(ann.token, approvalApp());
    const runId = await startWaiting(ann.token, appId);
    const other = await t.api('POST', `/runs/${runId}/approval`, {
      token: bob.token,
      body: { decision: 'approve' },
    });
    expect(other.status).toBe(404);
    expect((await t.api('GET', `/runs/${runId}`, { token: bob.token })).status).toBe(404);
    const unknown = await t.api('POST', `/runs/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/approval`, {
      token: ann.token,
      body: { decision: 'approve' },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await t.api('POST', `/runs/${runId}/approval`, { token: ann.token, body: { decision: 'maybe' } }))
        .status,
    ).toBe(400);
    const nul = await t.api('POST', `/runs/${runId}/approval`, {
      token: ann.token,
      body: { decision: 'approve', text: 'a\u0000b' },
    });
    expect(nul.status).toBe(400);
    expect((await t.api('POST', `/runs/${runId}/approval`, { body: { decision: 'approve' } })).status).toBe(
      401,
    );
    // Still waiting after all that.
    expect((await t.api('GET', `/runs/${runId}`, { token: ann.token })).body.status).toBe('waiting');
  });

  it('refuses a changed text when the block does not allow it', async () => {
    const appId = await createApp(ann.token, approvalApp({ editable: false }));
    const runId = await startWaiting(ann.token, appId);
    const refused = await t.api('POST', `/runs/${runId}/approval`, {
      token: ann.token,
      body: { decision: 'approve', text: 'something else' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('does not let the approver change the text');
  });

  it('mails an e-mail approver a link that decides once', async () => {
    const appId = await createApp(ann.token, approvalApp({ approver: 'email', email: 'Boss@Example.com' }));
    const runId = await startWaiting(ann.token, appId);
    const mails = await t.gateway.database.dataSource
      .getRepository(MailMessage)
      .findBy({ toAddress: 'boss@example.com' });
    expect(mails).toHaveLength(1);
    const token = /\/approve\/([A-Za-z0-9_-]{43})/.exec(mails[0]!.body)![1]!;
    expect(mails[0]!.body).toContain('tea');

    // The owner sees it waiting but does not decide for the approver.
    const read = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    expect(read.body.approvalRequest).toMatchObject({ approver: 'email', canDecide: false });
    expect(
      (await t.api('POST', `/runs/${runId}/approval`, { token: ann.token, body: { decision: 'approve' } }))
        .status,
    ).toBe(403);

    const opened = await t.api('GET', `/approvals/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ appName: 'Careful post', editable: true });
    const html = await fetch(`${t.gateway.url}/approve/${token}`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('waits for your approval');

    const decided = await t.api('POST', `/approvals/${token}`, {
      body: { decision: 'approve', text: 'Boss edit' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body.status).toBe('running');
    expect((await t.api('GET', `/approvals/${token}`)).status).toBe(404);
    expect((await t.api('POST', `/approvals/${token}`, { body: { decision: 'reject' } })).status).toBe(404);
    expect((await fetch(`${t.gateway.url}/approve/${token}`)).status).toBe(404);
    const done = await settled(runId, ann.token);
    expect(done.status).toBe('succeeded');
    const check = done.steps.find((s: { nodeId: string }) => s.nodeId === 'check');
    expect(check.outputs).toEqual({ approved_text: 'Boss edit', approved_by: 'boss@example.com' });
  });

  it('decides through the link’s page form', async () => {
    const appId = await createApp(ann.token, approvalApp({ approver: 'email', email: 'page@example.com' }));
    const runId = await startWaiting(ann.token, appId);
    const [mail] = await t.gateway.database.dataSource
      .getRepository(MailMessage)
      .findBy({ toAddress: 'page@example.com' });
    const token = /\/approve\/([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
    const posted = await fetch(`${t.gateway.url}/approve/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'reject' }).toString(),
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Rejected');
    expect((await t.api('GET', `/runs/${runId}`, { token: ann.token })).body.errorCode).toBe(
      'APPROVAL_REJECTED',
    );
  });

  it('answers a webhook call whose run waits with 202 and the run, not an error', async () => {
    const appId = await createApp(ann.token, approvalApp());
    const hook = await t.api('POST', `/apps/${appId}/triggers/hooks`, {
      token: ann.token,
      body: { name: 'In' },
    });
    expect(hook.status).toBe(201);
    const called = await t.api('POST', `/hooks/${hook.body.id}`, {
      raw: JSON.stringify({ input_text: 'tea' }),
      headers: { 'content-type': 'application/json', 'x-blocksmith-secret': hook.body.secret },
    });
    expect(called.status).toBe(202);
    expect(called.body).toEqual({ runId: expect.any(String), status: 'waiting' });
    const read = await t.api('GET', `/runs/${called.body.runId}`, { token: ann.token });
    expect(read.body).toMatchObject({ status: 'waiting', source: 'webhook' });
  });

  it('ends a wait past its time-out, refunding what did not run', async () => {
    const appId = await createApp(ann.token, approvalApp({ timeout_hours: 2 }));
    const before = await balance(ann.token);
    const runId = await startWaiting(ann.token, appId);
    const waiting = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    const draftCredits = waiting.body.steps.find((s: { nodeId: string }) => s.nodeId === 'draft')
      .credits as number;
    // Not yet.
    expect(await t.gateway.services.approvals.endExpired()).toBe(0);
    await t.gateway.database.dataSource.query(
      `UPDATE run_approvals SET expires_at = now() - interval '1 second' WHERE run_id = $1`,
      [runId],
    );
    // Too late to approve.
    expect(
      (await t.api('POST', `/runs/${runId}/approval`, { token: ann.token, body: { decision: 'approve' } }))
        .status,
    ).toBe(409);
    expect(await t.gateway.services.approvals.endExpired()).toBe(1);
    const ended = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    expect(ended.body).toMatchObject({ status: 'failed', errorCode: 'APPROVAL_TIMED_OUT' });
    expect(ended.body.error).toContain('No one approved it in time');
    expect(before - (await balance(ann.token))).toBe(draftCredits);
  });
});
