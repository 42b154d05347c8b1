import { startTestGateway, type Answer, type TestGateway } from './test-client';

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
  }, 60_000);

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

  it('lets only the product’s own origin read answers', async () => {
    const query = JSON.stringify({ query: '{ storeApps { id } }' });
    const own = await post(query, { origin: 'http://blocksmith.test' });
    expect(own.headers.get('access-control-allow-origin')).toBe('http://blocksmith.test');
    const other = await post(query, { origin: 'https://elsewhere.example' });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
