import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startTestGateway, type TestGateway } from '../testing/graphql-client';

const config = probeApp(
  [probePlugin('in', 'textInput'), probePlugin('gen', 'textGeneration')],
  [['in', 'gen']],
);

describe('publishing and review over GraphQL', () => {
  let t: TestGateway;
  beforeAll(async () => (t = await startTestGateway({ ADMIN_EMAILS: 'admin@example.com' })), 60_000);
  afterAll(() => t.close());

  it('takes an app from publish to the store through an admin’s approval', async () => {
    const owner = await t.signUp('owner@example.com');
    const admin = await t.signUpAdmin('admin@example.com');
    const published = await t.graphql(
      'mutation ($input: AppInput!) { publishAppWithData(input: $input) { app { id slug isPublished verificationStatus } publishingInfo { plan limit currentCount remaining canPublish } } }',
      { input: { name: 'Storyteller', category: 'Content', config } },
      owner,
    );
    expect(published.errors).toBeUndefined();
    const { app, publishingInfo } = published.data!.publishAppWithData;
    expect(app).toMatchObject({ isPublished: true, verificationStatus: 'pending' });
    expect(publishingInfo).toEqual({
      plan: 'free',
      limit: 2,
      currentCount: 1,
      remaining: 1,
      canPublish: true,
    });

    // Pending apps are not public yet, and only admins may review.
    expect(
      (await t.graphql('query ($slug: String!) { publishedApp(slug: $slug) { id } }', { slug: app.slug }))
        .errors![0]!.extensions!.code,
    ).toBe('NOT_FOUND');
    expect((await t.graphql('{ pendingApps { id } }', {}, owner)).errors![0]!.extensions!.code).toBe(
      'FORBIDDEN',
    );
    expect((await t.graphql('{ pendingApps { id } }', {}, admin)).data!.pendingApps).toEqual([
      { id: app.id },
    ]);
    const rejectWithoutNotes = await t.graphql(
      'mutation ($id: ID!) { reviewApp(id: $id, status: "rejected") { id } }',
      { id: app.id },
      admin,
    );
    expect(rejectWithoutNotes.errors![0]!.message).toBe(
      'Review Notes Required: Please provide review notes when rejecting an app.',
    );
    await t.graphql(
      'mutation ($id: ID!) { reviewApp(id: $id, status: "approved") { id } }',
      { id: app.id },
      admin,
    );

    const visitor = await t.graphql(
      'query ($slug: String!) { publishedApp(slug: $slug) { name } storeApps { name } }',
      {
        slug: app.slug,
      },
    );
    expect(visitor.data!.publishedApp).toEqual({ name: 'Storyteller' });
    expect(visitor.data!.storeApps).toEqual([{ name: 'Storyteller' }]);
    expect(
      (await t.graphql('{ appStatusCounts { pending approved rejected } }', {}, admin)).data!.appStatusCounts,
    ).toEqual({
      pending: 0,
      approved: 1,
      rejected: 0,
    });
  }, 60_000);

  it('answers a publish over the plan limit with PUBLISHING_LIMIT and the spec’s phrase', async () => {
    const owner = await t.signUp('busy@example.com');
    for (const name of ['One', 'Two']) {
      await t.graphql(
        'mutation ($input: AppInput!) { publishAppWithData(input: $input) { app { id } } }',
        {
          input: { name, category: 'Business', config },
        },
        owner,
      );
    }
    const third = await t.graphql(
      'mutation ($input: AppInput!) { publishAppWithData(input: $input) { app { id } } }',
      { input: { name: 'Three', category: 'Business', config } },
      owner,
    );
    expect(third.errors![0]!.extensions!.code).toBe('PUBLISHING_LIMIT');
    expect(third.errors![0]!.message).toContain('Publishing limit reached');
    const missing = await t.graphql(
      'mutation { publishAppWithData(input: { name: "No category" }) { app { id } } }',
      {},
      owner,
    );
    expect(missing.errors![0]!.message).toContain('Name and category are required');
  }, 60_000);
});
