import { startTestGateway, type Answer, type TestGateway } from '../testing/graphql-client';
import { probeTextApp } from '../testing/probe-blocks';

describe('GraphQL over HTTP', () => {
  let server: TestGateway;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  beforeAll(async () => {
    server = await startTestGateway({ PUBLIC_URL: 'http://blocksmith.test' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers a query, with the signed-in caller from the Authorization header', async () => {
    const token = await server.signUp('http@example.com');
    const answer = await post(JSON.stringify({ query: '{ me { email } }' }), {
      authorization: `Bearer ${token}`,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: { me: { email: 'http@example.com' } } });
    const anonymous = (await (await post(JSON.stringify({ query: '{ myApps { id } }' }))).json()) as Answer;
    expect(anonymous.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('says what is wrong with a body that is not JSON, or too large', async () => {
    const broken = await post('{ "query": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } }],
    });
    const huge = await post(
      JSON.stringify({ query: '{ storeApps { id } }', padding: 'x'.repeat(1_100_000) }),
    );
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as Answer).errors![0]).toEqual({
      message: 'The request is larger than 1 MB.',
      extensions: { code: 'PAYLOAD_TOO_LARGE' },
    });
    const missing = await post(JSON.stringify({ variables: {} }));
    expect(missing.status).toBe(400);
  });

  it('shares anonymous answers for a moment; a change to the store through the gateway shows at once', async () => {
    const token = await server.signUp('publisher@example.com');
    const { dataSource } = server.gateway.database;
    const [user] = (await dataSource.query(`SELECT id FROM users WHERE email = $1`, [
      'publisher@example.com',
    ])) as { id: string }[];
    const userId = user!.id;
    await dataSource.query(`UPDATE users SET full_name = 'Ada' WHERE id = $1`, [userId]);
    const app = await server.gateway.services.apps.create(userId, { name: 'Tides', category: 'Content' });
    await dataSource.query(
      `UPDATE apps SET is_published = true, verification_status = 'approved', live_version_id = draft_version_id,
         live = jsonb_build_object('name', name, 'description', description, 'category', category, 'config', config)
       WHERE id = $1`,
      [app.id],
    );
    server.gateway.services.apps.storeChanged();
    const publisher = JSON.stringify({
      query: 'query ($id: ID!) { userByAuthId(id: $id) { full_name } }',
      variables: { id: userId },
    });
    const nameSeen = async (headers: Record<string, string> = {}) =>
      ((await (await post(publisher, headers)).json()) as Answer).data!.userByAuthId.full_name as string;
    // The shared answers' clock moves only when the test says (a loaded machine can take more than
    // their second between two requests).
    let now = performance.now();
    const clock = jest.spyOn(performance, 'now').mockImplementation(() => now);
    expect(await nameSeen()).toBe('Ada');
    // Changed behind the gateway's back: anonymous visitors see the shared answer for up to a second,
    // the signed-in publisher sees the change at once.
    await dataSource.query(`UPDATE users SET full_name = 'Grace' WHERE id = $1`, [userId]);
    expect(await nameSeen()).toBe('Ada');
    expect(await nameSeen({ authorization: `Bearer ${token}` })).toBe('Grace');
    now += 1_100;
    expect(await nameSeen()).toBe('Grace');
    clock.mockRestore();

    // The store listing: a change made through the gateway drops the shared answers.
    const store = JSON.stringify({ query: '{ storeApps { id name } }' });
    const storeNames = async () =>
      (((await (await post(store)).json()) as Answer).data!.storeApps as { name: string }[]).map(
        (a) => a.name,
      );
    expect(await storeNames()).toContain('Tides');
    await server.gateway.services.apps.setPrivate(userId, app.id!, true);
    expect(await storeNames()).not.toContain('Tides');
  });

  it('keeps a signed-in person’s answers for a moment, theirs alone; their own writes (GraphQL or REST) and sign-out show at once', async () => {
    const ada = await server.signUp('ada.answers@example.com');
    const bob = await server.signUp('bob.answers@example.com');
    const { dataSource } = server.gateway.database;
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const names = async (token: string) => {
      const answer = (await (
        await post(JSON.stringify({ query: '{ myApps { id name } }' }), as(token))
      ).json()) as Answer;
      if (answer.errors) return answer.errors[0]!.extensions!.code as string;
      return (answer.data!.myApps as { name: string }[]).map((app) => app.name);
    };
    const create = (await (
      await post(
        JSON.stringify({
          query: 'mutation { createApp(input: { name: "Kept", category: "Content" }) { id } }',
        }),
        as(ada),
      )
    ).json()) as Answer;
    const appId = create.data!.createApp.id as string;
    expect(await names(ada)).toEqual(['Kept']);
    expect(await names(bob)).toEqual([]);

    // Changed behind the gateway's back: Ada's page asking again within the window gets the kept
    // answer; Bob's answers never were hers.
    await dataSource.query(`UPDATE apps SET name = 'Behind' WHERE id = $1`, [appId]);
    expect(await names(ada)).toEqual(['Kept']);
    expect(await names(bob)).toEqual([]);

    // Her own mutation drops her kept answers: she reads what she wrote.
    const renamed = (await (
      await post(
        JSON.stringify({
          query: 'mutation ($id: ID!) { updateApp(id: $id, input: { name: "Renamed" }) { name } }',
          variables: { id: appId },
        }),
        as(ada),
      )
    ).json()) as Answer;
    expect(renamed.data!.updateApp.name).toBe('Renamed');
    expect(await names(ada)).toEqual(['Renamed']);

    // So does a write through the REST API (which runs the same schema in process).
    const rest = await fetch(`${server.gateway.url}/api/apps/${appId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...as(ada) },
      body: JSON.stringify({ name: 'Through REST' }),
    });
    expect(rest.status).toBe(200);
    expect(await names(ada)).toEqual(['Through REST']);

    // A run of hers that ends (here started without any request of hers) drops them too.
    const runs = async () =>
      (
        (await (
          await post(JSON.stringify({ query: '{ myRuns { runs { status } } }' }), as(ada))
        ).json()) as Answer
      ).data!.myRuns.runs as { status: string }[];
    expect(await runs()).toEqual([]);
    const [adaRow] = (await dataSource.query(`SELECT id FROM users WHERE email = $1`, [
      'ada.answers@example.com',
    ])) as { id: string }[];
    const adaId = adaRow!.id;
    await dataSource.query(`UPDATE apps SET config = $2::jsonb WHERE id = $1`, [
      appId,
      JSON.stringify(probeTextApp()),
    ]);
    await server.gateway.services.runs.runToEnd({ userId: adaId, appId, inputs: { input_text: 'x' } });
    expect(await runs()).toEqual([{ status: 'succeeded' }]);

    // A session that ended is refused, kept answer or not.
    expect(await names(ada)).toEqual(['Through REST']);
    const out = await post(JSON.stringify({ query: 'mutation { signOut }' }), as(ada));
    expect(((await out.json()) as Answer).data).toEqual({ signOut: true });
    expect(await names(ada)).toBe('UNAUTHENTICATED');
  });

  it('lets only the product’s own origin read answers', async () => {
    const query = JSON.stringify({ query: '{ storeApps { id } }' });
    const own = await post(query, { origin: 'http://blocksmith.test' });
    expect(own.headers.get('access-control-allow-origin')).toBe('http://blocksmith.test');
    const other = await post(query, { origin: 'https://elsewhere.example' });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
