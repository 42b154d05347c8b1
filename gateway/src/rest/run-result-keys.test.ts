import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** Two blocks with the same output names: neither block's result is lost, over real HTTP. */
describe('a run of two blocks of one kind', () => {
  let t: ApiTestGateway;
  let token: string;

  beforeAll(async () => {
    t = await startApiTestGateway();
    token = (await t.signUpViaApi('ann@example.com', { credits: true })).token;
  });

  afterAll(() => t.close());

  it('answers both Classification blocks’ results, the first under its usual keys', async () => {
    const app = await t.api('POST', '/apps', {
      token,
      body: {
        name: 'Two views',
        category: 'Content',
        config: probeApp(
          [
            probePlugin('in', 'textInput', { label: 'Text' }),
            probePlugin('mood', 'classification', { categories: 'happy, sad' }),
            probePlugin('topic', 'classification', { categories: 'sport, news' }),
          ],
          [
            ['in', 'mood'],
            ['in', 'topic'],
          ],
        ),
      },
    });
    expect(app.status).toBe(201);
    const answer = await t.api('POST', `/apps/${app.body.id}/execute`, {
      token,
      body: { inputData: { input_text: 'A happy day at the match' } },
    });
    expect(answer.status).toBe(200);
    const { output } = answer.body;
    expect(output.classified_category).toEqual(expect.any(String));
    expect(output.classified_category_2).toEqual(expect.any(String));
    expect(output.classification).toMatchObject({ category: output.classified_category });
    expect(output.classification_2).toMatchObject({ category: output.classified_category_2 });
    expect(['happy', 'sad']).toContain(output.classified_category.toLowerCase());
    expect(['sport', 'news']).toContain(output.classified_category_2.toLowerCase());

    // The run as stored and read back (GraphQL Run.result behind it) holds both too.
    const stored = await t.api('GET', `/runs/${answer.body.run.id}`, { token });
    expect(stored.status).toBe(200);
    expect(stored.body.result).toMatchObject({
      classification: output.classification,
      classification_2: output.classification_2,
    });
    // Per block, as stored: each Classification block's own outputs under its id.
    const blocks = {
      mood: {
        kind: 'classification',
        outputs: { classified_category: output.classified_category, classification: output.classification },
      },
      topic: {
        kind: 'classification',
        outputs: {
          classified_category: output.classified_category_2,
          classification: output.classification_2,
        },
      },
    };
    expect(stored.body.results.blocks).toEqual(blocks);
    expect(stored.body.results.artifacts).toEqual([]);

    // GraphQL answers the same per-block results.
    const read = await t.graphql(
      'query ($id: ID!) { run(id: $id) { results } }',
      { id: answer.body.run.id },
      token,
    );
    expect(read.errors).toBeUndefined();
    expect(read.data!.run.results.blocks).toEqual(blocks);
  });
});
