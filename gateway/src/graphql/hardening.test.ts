import { randomUUID } from 'node:crypto';
import { getIntrospectionQuery } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { probeTextApp } from '../testing/probe-blocks';
import { MAX_DEPTH, MAX_INTROSPECTION_DEPTH } from './limits';
import { startTestGateway, type TestGateway } from '../testing/graphql-client';

jest.setTimeout(60_000);

/** A GraphQL answer with the HTTP status it came with. */
interface HttpAnswer {
  status: number;
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** What a graphql-ws operation ended with: its results, or the errors it was refused with. */
interface SocketOutcome {
  results: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] }[];
  refused?: { message: string; extensions?: Record<string, unknown> }[];
}

/** `{ a1 { a2 { ... { leaf } } } }`, `levels` fields deep counting the leaf. */
function nested(names: (level: number) => string, levels: number, leaf: string): string {
  let body = leaf;
  for (let level = levels - 1; level >= 1; level--) body = `${names(level)} { ${body} }`;
  return `{ ${body} }`;
}

describe('GraphQL request hardening', () => {
  let t: TestGateway;
  let token: string;
  const sockets: Client[] = [];

  beforeAll(async () => {
    t = await startTestGateway();
    token = await t.signUp('hardening@example.com');
  });

  afterAll(async () => {
    await Promise.all(sockets.map((client) => client.dispose()));
    await t.close();
  });

  async function post(query: string, variables: Record<string, unknown> = {}, bearer?: string) {
    const response = await fetch(`${t.gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, ...((await response.json()) as Omit<HttpAnswer, 'status'>) };
  }

  function socket(bearer?: string): Client {
    const client = createClient({
      url: t.gateway.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      ...(bearer ? { connectionParams: { authorization: `Bearer ${bearer}` } } : {}),
      retryAttempts: 0,
    });
    sockets.push(client);
    return client;
  }

  /** Sends one operation over graphql-ws and collects what comes back until it ends. */
  function overSocket(
    client: Client,
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<SocketOutcome> {
    const outcome: SocketOutcome = { results: [] };
    return new Promise((resolve, reject) => {
      client.subscribe(
        { query, variables },
        {
          next: (result) => outcome.results.push(result as SocketOutcome['results'][number]),
          error: (error) => {
            if (Array.isArray(error)) resolve({ ...outcome, refused: error });
            else reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
          },
          complete: () => resolve(outcome),
        },
      );
    });
  }

  describe('subscriptions over plain HTTP', () => {
    it('answer 400 saying to use WebSocket, not an internal error', async () => {
      const answer = await post('subscription ($runId: ID!) { runProgress(runId: $runId) }', {
        runId: randomUUID(),
      });
      expect(answer.status).toBe(400);
      expect(answer.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/WebSocket/),
          extensions: expect.objectContaining({ code: 'BAD_REQUEST' }),
        }),
      ]);
    });
  });

  describe('introspection', () => {
    it.each([
      ['without options', {}],
      [
        'with every option',
        {
          descriptions: true,
          specifiedByUrl: true,
          directiveIsRepeatable: true,
          schemaDescription: true,
          inputValueDeprecation: true,
          oneOf: true,
        },
      ],
    ])('the standard query %s succeeds over HTTP', async (_name, options) => {
      const answer = await post(getIntrospectionQuery(options));
      expect(answer.errors).toBeUndefined();
      expect(answer.status).toBe(200);
      const schema = answer.data!.__schema as { queryType: { name: string }; types: { name: string }[] };
      expect(schema.queryType.name).toBe('Query');
      expect(schema.types.map((type) => type.name)).toEqual(expect.arrayContaining(['App', 'Run']));
    });

    it(`is refused past ${MAX_INTROSPECTION_DEPTH} levels`, async () => {
      // __type is level 1 and the leaf is the last: 18 ofType levels make 20, 19 make 21.
      const deep = (ofTypes: number) =>
        nested((level) => (level === 1 ? '__type(name: "App")' : 'ofType'), ofTypes + 2, 'name');
      const allowed = await post(deep(18));
      expect(allowed.errors).toBeUndefined();
      expect(allowed.data).toEqual({ __type: { ofType: null } });

      const refused = await post(deep(19));
      expect(refused.status).toBe(400);
      expect(refused.errors!.map((e) => e.message)).toEqual([
        `This introspection query is nested 21 levels deep; at most ${MAX_INTROSPECTION_DEPTH} are allowed.`,
      ]);
      expect(refused.errors![0]!.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED' });
    });

    it(`leaves other queries at ${MAX_DEPTH} levels, also next to introspection`, async () => {
      const deep = nested((level) => `level${level}`, MAX_DEPTH + 1, 'leaf');
      const refused = await post(deep);
      expect(refused.status).toBe(400);
      expect(refused.errors!.map((e) => e.message)).toContain(
        `This query is nested 11 levels deep; at most ${MAX_DEPTH} are allowed.`,
      );
      const mixed = await post(`{ __schema { queryType { name } } ${deep.slice(1, -1)} }`);
      expect(mixed.status).toBe(400);
      expect(mixed.errors!.map((e) => e.message)).toContain(
        `This query is nested 11 levels deep; at most ${MAX_DEPTH} are allowed.`,
      );
      const throughFragment = await post(`{ ...Deep } fragment Deep on Query ${deep}`);
      expect(throughFragment.errors!.map((e) => e.message)).toContain(
        `This query is nested 11 levels deep; at most ${MAX_DEPTH} are allowed.`,
      );
    });
  });

  describe('NUL characters over HTTP', () => {
    const createApp = 'mutation ($input: AppInput!) { createApp(input: $input) { id name } }';

    it('a variable holding one answers 400 BAD_USER_INPUT naming the variable, and keeps nothing', async () => {
      const answer = await post(
        createApp,
        { input: { name: 'x\u0000', category: 'Content', config: probeTextApp() } },
        token,
      );
      expect(answer.status).toBe(400);
      expect(answer.errors).toEqual([
        expect.objectContaining({
          message:
            '`$input.name` contains a character that cannot be stored (a NUL character, \\u0000, or half of a surrogate pair); remove it and send again.',
          extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'input.name' }),
        }),
      ]);
      expect(answer.data ?? null).toBeNull();
      expect((await post('{ myApps { id } }', {}, token)).data).toEqual({ myApps: [] });
    });

    it('a string literal holding one answers 400 saying so', async () => {
      const answer = await post(
        'mutation { createApp(input: { name: "x\\u0000", category: "Content", config: {} }) { id } }',
        {},
        token,
      );
      expect(answer.status).toBe(400);
      expect(answer.errors!.map((e) => e.message)).toEqual([
        'A string in this query contains a character that cannot be stored (a NUL character, \\u0000, or half of a surrogate pair); remove it and send again.',
      ]);
      expect((await post('{ myApps { id } }', {}, token)).data).toEqual({ myApps: [] });
    });
  });

  describe('errors over graphql-ws', () => {
    it('a validation error carries GRAPHQL_VALIDATION_FAILED', async () => {
      const outcome = await overSocket(socket(), '{ noSuchField }');
      expect(outcome.refused).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/noSuchField/),
          extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }),
        }),
      ]);
    });

    it('a query past the depth limit is refused with GRAPHQL_VALIDATION_FAILED', async () => {
      const outcome = await overSocket(
        socket(),
        nested((level) => `level${level}`, MAX_DEPTH + 1, 'leaf'),
      );
      expect(outcome.refused).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            message: `This query is nested 11 levels deep; at most ${MAX_DEPTH} are allowed.`,
            extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }),
          }),
        ]),
      );
    });

    it('errors thrown by resolvers carry their codes', async () => {
      const anonymous = await overSocket(socket(), '{ myApps { id } }');
      expect(anonymous.results).toHaveLength(1);
      expect(anonymous.results[0]!.errors).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) }),
      ]);

      const missing = await overSocket(socket(token), 'query ($id: ID!) { app(id: $id) { id } }', {
        id: randomUUID(),
      });
      expect(missing.results[0]!.errors).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'NOT_FOUND' }) }),
      ]);

      const progress = await overSocket(
        socket(token),
        'subscription ($runId: ID!) { runProgress(runId: $runId) }',
        {
          runId: randomUUID(),
        },
      );
      const errors = progress.refused ?? progress.results.flatMap((result) => result.errors ?? []);
      expect(errors).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'NOT_FOUND' }) }),
      ]);
    });

    it('a variable holding a NUL character is refused with BAD_USER_INPUT naming it', async () => {
      const outcome = await overSocket(
        socket(token),
        'mutation ($input: AppInput!) { createApp(input: $input) { id } }',
        { input: { name: 'x\u0000', category: 'Content', config: probeTextApp() } },
      );
      expect(outcome.results).toEqual([]);
      expect(outcome.refused).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/^`\$input\.name` contains a character that cannot be stored/),
          extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'input.name' }),
        }),
      ]);

      const literal = await overSocket(socket(token), '{ publishedApp(slug: "x\\u0000") { id } }');
      expect(literal.refused).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) }),
      ]);
      expect((await post('{ myApps { id } }', {}, token)).data).toEqual({ myApps: [] });
    });
  });
});
