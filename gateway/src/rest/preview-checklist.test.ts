import type { AppConfig } from '@blocksmith/schema';
import { RunRecord } from '../data/entities';
import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** Text Input -> Condition (category rule, "Compare with" empty) -> Text Display on "true". */
const conditionApp: AppConfig = probeApp(
  [
    probePlugin('in', 'textInput', { label: 'Ticket' }),
    probePlugin('check', 'condition', { rule: 'category', value: '' }),
    probePlugin('show', 'textDisplay'),
  ],
  [
    ['in', 'check'],
    ['check', 'show', 'true'],
  ],
);

/** File Upload -> For Each -> Collect -> Table Display: the loop is given the file's link, not rows. */
const fileLoopApp: AppConfig = probeApp(
  [
    probePlugin('doc', 'fileUpload', { label: 'People' }),
    probePlugin('each', 'forEach', { split: 'table' }),
    probePlugin('end', 'collect', { format: 'table' }),
    probePlugin('show', 'tableDisplay', { showDownload: false }),
  ],
  [
    ['doc', 'each'],
    ['each', 'end'],
    ['end', 'show'],
  ],
);

describe('a preview run the pre-run checklist finds problems in', () => {
  let t: ApiTestGateway;
  let ann: string;

  const create = async (config: AppConfig, name: string) =>
    (
      (await t.api('POST', '/apps', { token: ann, body: { name, category: 'Other', config } })).body as {
        id: string;
      }
    ).id;
  const balance = async () => (await t.api('GET', '/credits/balance', { token: ann })).body.credits as number;
  const runs = async () => (await t.api('GET', '/runs', { token: ann })).body;
  const stored = () => t.gateway.database.dataSource.getRepository(RunRecord).count();

  /** Starts a preview, checking that it is refused with nothing recorded or charged; answers the refusal. */
  const refused = async (start: () => Promise<{ status: number; body: unknown }>) => {
    const [credits, listed, count] = [await balance(), await runs(), await stored()];
    const answer = await start();
    expect(answer.status).toBe(400);
    expect(await balance()).toBe(credits);
    expect(await runs()).toEqual(listed);
    expect(await stored()).toBe(count);
    return answer.body as { error: string; message: string; problems: { nodeId: string; message: string }[] };
  };

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ann = (await t.signUpViaApi('ann@example.com', { credits: true })).token;
  });

  afterAll(() => t.close());

  it('refuses an empty required input, naming it, with no run recorded and no credit moved', async () => {
    const app = await create(probeTextApp(), 'Topic writer');
    const body = await refused(() =>
      t.api('POST', `/apps/${app}/execute`, { token: ann, body: { inputData: { input_text: '  ' } } }),
    );
    expect(body).toEqual({
      error: 'bad_request',
      message: 'Fill in "Topic" before running.',
      problems: [{ nodeId: 'in', message: 'Fill in "Topic" before running.' }],
    });
    // Filled in, the same app runs.
    const ran = await t.api('POST', `/apps/${app}/execute`, {
      token: ann,
      body: { inputData: { input_text: 'the sea' } },
    });
    expect(ran.status).toBe(200);
  });

  it('refuses a setting the run needs left empty, through GraphQL as well', async () => {
    const app = await create(conditionApp, 'Triage');
    const problem = {
      nodeId: 'check',
      message: 'Condition: fill in "Compare with" (Rule is "Classification category is").',
    };
    const body = await refused(() =>
      t.api('POST', `/apps/${app}/execute`, {
        token: ann,
        body: { inputData: { input_text: 'Refund please' } },
      }),
    );
    expect(body.problems).toEqual([problem]);
    const answer = await t.graphql(
      'mutation($id: ID!) { startRun(appId: $id, inputs: { input_text: "Refund please" }) { runId } }',
      { id: app },
      ann,
    );
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', problems: [problem] });
  });

  const csvForm = () => {
    const form = new FormData();
    form.set('inputData', '{}');
    form.set('file', new Blob(['name\nAda\nGrace\n'], { type: 'text/csv' }), 'people.csv');
    return form;
  };

  it('tells a For Each given an uploaded file to read it with Extract from File first', async () => {
    const app = await create(fileLoopApp, 'Rows');
    const body = await refused(() => t.form(`/apps/${app}/execute`, csvForm(), ann));
    expect(body.problems).toEqual([
      {
        nodeId: 'each',
        message: 'For Each receives a file: add an Extract from File block between People and For Each.',
      },
    ]);
  });

  it('fails a store run whose For Each is given a file with the same advice, refunded', async () => {
    const app = await create(fileLoopApp, 'Store rows');
    await t.api('POST', `/apps/${app}/publish`, { token: ann });
    const admin = await t.signUpAdmin('admin@example.com');
    await t.api('POST', `/apps/${app}/review`, { token: admin, body: { status: 'approved' } });
    const bob = (await t.signUpViaApi('bob@example.com', { credits: true })).token;
    const before = (await t.api('GET', '/credits/balance', { token: bob })).body.credits as number;
    const answer = await t.form(`/apps/${app}/execute`, csvForm(), bob);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'bad_request',
      refunded: true,
      message: expect.stringContaining(
        'For Each receives a file: add an Extract from File block between the block that gives {{file_url}} and For Each.',
      ),
    });
    expect((await t.api('GET', '/credits/balance', { token: bob })).body.credits).toBe(before);
  });
});
