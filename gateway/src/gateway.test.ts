import type { Gateway } from './gateway';
import { startTestGateway, type TestGateway } from './testing/graphql-client';

describe('the gateway over HTTP', () => {
  let t: TestGateway;
  let gateway: Gateway;
  let graphql: TestGateway['graphql'];

  beforeAll(async () => {
    t = await startTestGateway();
    ({ gateway, graphql } = t);
  });

  afterAll(() => t.close());

  it('serves the block catalogue the workbench draws the palette from', async () => {
    const { data, errors } = await graphql(
      '{ blockCatalogue { id category cost historyType inputKind settings outputs { name type } } }',
    );
    expect(errors).toBeUndefined();
    const catalogue = data!.blockCatalogue as {
      id: string;
      category: string;
      cost: number;
      settings: object;
    }[];
    expect(catalogue.map((b) => b.id)).toEqual(
      expect.arrayContaining(['textInput', 'textGeneration', 'tableDisplay']),
    );
    expect(catalogue).toHaveLength(gateway.registry.size);
    const fileUpload = catalogue.find((b) => b.id === 'fileUpload')!;
    expect(fileUpload).toMatchObject({ category: 'input', cost: 0, inputKind: 'file' });
    expect(fileUpload.settings).toMatchObject({ maxSize: { type: 'number', min: 1, max: 50, default: 10 } });
  });

  it('tells how flow blocks steer a run, so the canvas draws their routes and loops', async () => {
    const { data, errors } = await graphql('{ blockCatalogue { id flow } }');
    expect(errors).toBeUndefined();
    const flows = new Map(
      (data!.blockCatalogue as { id: string; flow: unknown }[]).map((b) => [b.id, b.flow]),
    );
    expect(flows.get('condition')).toEqual({ routes: { ports: ['true', 'false'] } });
    expect(flows.get('router')).toEqual({ routes: { ports: ['default'], linesOf: 'routes' } });
    expect(flows.get('forEach')).toEqual({
      loop: { items: 'items', maxItems: 'max_items', concurrency: 'concurrency' },
    });
    expect(flows.get('collect')).toEqual({ endsLoop: true });
    expect(flows.get('textGeneration')).toBeNull();
    // Blocks as tools: the agent's tools handle and its credit limit, a block's tool declaration.
    expect(flows.get('agent')).toEqual({ tools: { maxCredits: 'max_credits' } });
    expect(flows.get('httpRequest')).toMatchObject({
      tool: { parameters: { type: 'object', required: ['query'] } },
    });
  });

  it('tells the image models and the cost map', async () => {
    const { data } = await graphql('{ availableModels { models defaultModel } creditCosts }');
    expect(data!.availableModels).toEqual({ models: ['dalle'], defaultModel: 'dalle' });
    expect(data!.creditCosts).toMatchObject({ textGeneration: 1, imageGenerator: 5, default: 1 });
  });

  it('answers an unknown /api path with JSON, never the page', async () => {
    const response = await fetch(`${gateway.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'not_found',
      message: 'There is no GET /api/nothing-here route. See /api/openapi.json.',
    });
  });

  it('serves a page at the root', async () => {
    const response = await fetch(gateway.url);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('signs people up, knows them by their bearer token, and signs them out', async () => {
    const signUp = await graphql(
      'mutation ($email: String!, $password: String!) { signUp(email: $email, password: $password, fullName: "Ada L") { user { id email user_metadata { full_name isAdmin } } session { access_token refresh_token token_type } } }',
      { email: 'Ada@Example.com', password: 'correct horse battery' },
    );
    expect(signUp.errors).toBeUndefined();
    const result = signUp.data!.signUp as { user: { email: string }; session: { access_token: string } };
    expect(result.user).toMatchObject({
      email: 'ada@example.com',
      user_metadata: { full_name: 'Ada L', isAdmin: false },
    });
    const token = result.session.access_token;
    expect((await graphql('{ me { email } }', {}, token)).data!.me).toEqual({ email: 'ada@example.com' });
    expect((await graphql('{ me { email } }')).data!.me).toBeNull();
    expect((await graphql('mutation { signOut }', {}, token)).data!.signOut).toBe(true);
    expect((await graphql('{ me { email } }', {}, token)).data!.me).toBeNull();
  });

  it('answers wrong credentials and weak passwords with codes and the messages people act on', async () => {
    const wrong = await graphql(
      'mutation { signIn(email: "nobody@example.com", password: "whatever123") { user { id } } }',
    );
    expect(wrong.errors![0]).toMatchObject({
      message: 'Invalid login credentials',
      extensions: { code: 'BAD_USER_INPUT', authCode: 'invalid_credentials' },
    });
    const weak = await graphql(
      'mutation { signUp(email: "bo@example.com", password: "short") { user { id } } }',
    );
    expect(weak.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', authCode: 'weak_password' });
    expect(weak.errors![0]!.message).toContain('8 characters');
  });

  it('serves kept files with their type, sandboxed, and 404 for anything else', async () => {
    const ref = await gateway.services.files.put(
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      {
        name: 'a.svg',
        mime: 'image/svg+xml',
      },
    );
    // Kept files open through a link the server signed.
    const response = await fetch(gateway.url + (await gateway.services.fileLinks.sign(ref.url)));
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect((await fetch(`${gateway.url}/files/${'0'.repeat(8)}-0000-0000-0000-000000000000`)).status).toBe(
      404,
    );
  });

  it('takes a sales enquiry without sign-in and answers the promise', async () => {
    const answer = await graphql(
      'mutation { contactSales(input: { name: "Grace", email: "grace@example.com", company: "Navy", message: "Hello" }) { message } }',
    );
    expect(answer.data!.contactSales).toEqual({ message: "We'll get back to you within 24 hours." });
    const missing = await graphql(
      'mutation { contactSales(input: { name: "Grace", email: "grace@example.com", company: " ", message: "Hello" }) { message } }',
    );
    expect(missing.errors![0]).toMatchObject({
      message: 'Please fill in your company.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses a query selecting too many fields', async () => {
    const wide = await graphql(
      `{ ${Array.from({ length: 400 }, (_, i) => `f${i}: availableModels { defaultModel }`).join(' ')} }`,
    );
    expect(wide.errors![0]!.message).toBe('This query selects 800 fields; at most 300 are allowed.');
  });

  it('allows the product’s own origin and no other', async () => {
    const own = await fetch(`${gateway.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:0' },
    });
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBe('http://localhost:0');
    const evil = await fetch(`${gateway.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('describes itself for the start-up log', () => {
    expect(gateway.describe().join('\n')).toMatch(
      /running on http:\/\/localhost:\d+[\s\S]*offline[\s\S]*embedded PGlite/,
    );
  });
});
