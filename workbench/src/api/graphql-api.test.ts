import { buildSchema } from 'graphql';
import { useServer as serveGraphqlOverSockets } from 'graphql-ws/use/ws';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { ApiError } from './blocksmith-api';
import { GraphqlApi } from './graphql-api';

/** One GraphQL request as the test server received it. */
interface Received {
  operationName: string;
  variables: Record<string, unknown>;
  authorization: string | undefined;
}

/** What the test server answers an operation with: a GraphQL body, or a status and raw text. */
type Answer = { body: unknown } | { status: number; text: string };

/**
 * A stand-in for the gateway: answers each /graphql operation by name and records the requests;
 * other paths (`POST /uploads`, `GET /api/openapi.json`) are answered from `paths`.
 */
class FakeGraphqlServer {
  readonly received: Received[] = [];
  readonly answers = new Map<string, Answer>();
  readonly paths = new Map<string, Answer>();
  /** The authorization header and content type of each request to a path other than /graphql. */
  readonly otherRequests: Array<{ path: string; authorization?: string; type?: string }> = [];
  /** What a run's progress subscription sends: its events, then it ends unless `hold` is set. */
  runEvents: unknown[] = [];
  /** Keeps each run's progress open after its events until it is let go. */
  hold: Promise<void> | null = null;
  subscriptions = 0;
  /** What each socket said when it opened. */
  readonly connectionParams: unknown[] = [];
  private readonly server: Server = createServer((request, response) => {
    void this.answer(request).then(({ status, type, text }) => {
      response.writeHead(status, { 'content-type': type });
      response.end(text);
    });
  });
  readonly sockets = new WebSocketServer({ server: this.server, path: '/graphql' });

  constructor() {
    const schema = buildSchema(
      'scalar JSON type Query { ok: Boolean } type Subscription { runProgress(runId: ID!): JSON }',
    );
    const subscription = {
      runProgress: async function* (this: void, server: FakeGraphqlServer) {
        server.subscriptions++;
        for (const event of server.runEvents) yield { runProgress: event };
        if (server.hold) await server.hold;
      },
    };
    serveGraphqlOverSockets(
      {
        schema,
        roots: { subscription: { runProgress: () => subscription.runProgress(this) } },
        onConnect: ({ connectionParams }) => {
          this.connectionParams.push(connectionParams);
        },
      },
      this.sockets,
    );
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    for (const socket of this.sockets.clients) socket.terminate();
    this.sockets.close();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage): Promise<{ status: number; type: string; text: string }> {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const { authorization, 'content-type': type } = request.headers;
    let answer: Answer | undefined;
    if (request.url === '/graphql') {
      const { operationName, variables } = JSON.parse(text) as Omit<Received, 'authorization'>;
      this.received.push({ operationName, variables, authorization });
      answer = this.answers.get(operationName);
    } else {
      this.otherRequests.push({ path: request.url ?? '', authorization, type });
      answer = this.paths.get(request.url ?? '');
    }
    if (!answer) return { status: 404, type: 'text/plain', text: 'Nothing here.' };
    if ('text' in answer) return { status: answer.status, type: 'text/html', text: answer.text };
    return { status: 200, type: 'application/json', text: JSON.stringify(answer.body) };
  }
}

const USER = {
  __typename: 'AuthUser',
  id: 'u1',
  email: 'ada@example.com',
  user_metadata: { __typename: 'UserMetadata', full_name: 'Ada', isAdmin: false },
};

describe('GraphqlApi', () => {
  const server = new FakeGraphqlServer();
  let origin: string;
  let api: GraphqlApi;

  beforeAll(async () => {
    // Node 20 has no WebSocket of its own; the browser's is what graphql-ws uses.
    (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
    origin = await server.start();
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    server.received.length = 0;
    server.otherRequests.length = 0;
    server.answers.clear();
    server.paths.clear();
    server.runEvents = [];
    server.hold = null;
    server.subscriptions = 0;
    api = new GraphqlApi(async () => 'session-token', origin);
  });

  it("sends the session's token with a call", async () => {
    server.answers.set('Credits', { body: { data: { credits: { __typename: 'Credits', balance: 7 } } } });
    await api.credits();
    expect(server.received).toEqual([
      { operationName: 'Credits', variables: {}, authorization: 'Bearer session-token' },
    ]);
  });

  it('signs in without a token, and never waits for one', async () => {
    const waiting = new GraphqlApi(() => new Promise<string | null>(() => {}), origin);
    server.answers.set('SignIn', { body: { data: { signIn: { __typename: 'AuthResult', user: USER } } } });
    await waiting.signIn('ada@example.com', 'secret');
    expect(server.received[0]).toEqual({
      operationName: 'SignIn',
      variables: { email: 'ada@example.com', password: 'secret' },
      authorization: undefined,
    });
  });

  it("sets a password with the reset mail's token instead of the session's", async () => {
    server.answers.set('UpdatePassword', { body: { data: { updatePassword: USER } } });
    await api.updatePassword('new secret', 'reset-token');
    expect(server.received[0]?.authorization).toBe('Bearer reset-token');
  });

  it('asks who a given bearer token belongs to', async () => {
    server.answers.set('Me', { body: { data: { me: USER } } });
    expect(await api.meWithToken('firebase-id-token')).toMatchObject({ id: 'u1' });
    expect(server.received[0]?.authorization).toBe('Bearer firebase-id-token');
  });

  it("turns the server's first GraphQL error into an ApiError with its code", async () => {
    const errors = [
      { message: 'Not enough credits.', extensions: { code: 'INSUFFICIENT_CREDITS' } },
      { message: 'Second problem.' },
    ];
    server.answers.set('StartRun', { body: { data: null, errors } });
    const failure = api.startRun('app-1', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      message: 'Not enough credits.',
      code: 'INSUFFICIENT_CREDITS',
      network: false,
    });
  });

  it("marks a proxy's error page as a network failure", async () => {
    server.answers.set('MyApps', { status: 502, text: '<html>Bad Gateway</html>' });
    await expect(api.myApps()).rejects.toMatchObject({ name: 'ApiError', network: true });
  });

  it("reads an app's category as one of the store's, or none", async () => {
    const app = (id: string, category: string) => ({ __typename: 'App', id, category });
    server.answers.set('StoreApps', {
      body: { data: { storeApps: [app('a', 'Content'), app('b', 'Bogus')] } },
    });
    expect((await api.storeApps()).map(({ id, category }) => ({ id, category }))).toEqual([
      { id: 'a', category: 'Content' },
      { id: 'b', category: '' },
    ]);
  });

  it('keeps only the numbers of a JSON object of counts', async () => {
    server.answers.set('CreditCosts', { body: { data: { creditCosts: { textGeneration: 2, note: 'x' } } } });
    expect(await api.creditCosts()).toEqual({ textGeneration: 2 });
  });

  it('leaves out the model capabilities the workbench does not know', async () => {
    const model = { __typename: 'CatalogueModel', id: 'm', capabilities: ['text', 'telepathy'] };
    const models = { __typename: 'ModelCatalogue', models: [model] };
    server.answers.set('ModelCatalogue', { body: { data: { models } } });
    const catalogue = await api.modelCatalogue();
    expect(catalogue.models[0]?.capabilities).toEqual(['text']);
  });

  it("uploads a file with the session's token, and says what the server refused", async () => {
    const ref = { id: 'f1', name: 'notes.txt', size: 5 };
    server.paths.set('/uploads', { body: ref });
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    expect(await api.uploadFile('app-1', 'block-1', file)).toEqual(ref);
    expect(server.otherRequests[0]).toMatchObject({
      path: '/uploads',
      authorization: 'Bearer session-token',
      type: expect.stringMatching(/^multipart\/form-data/),
    });

    server.paths.set('/uploads', { status: 413, text: JSON.stringify({ message: 'The file is too big.' }) });
    await expect(api.uploadFile('app-1', 'block-1', file)).rejects.toThrow('The file is too big.');
    server.paths.set('/uploads', { status: 502, text: '<html>Bad Gateway</html>' });
    await expect(api.uploadFile('app-1', 'block-1', file)).rejects.toThrow('HTTP error! status: 502');
  });

  it('reads the API description, and refuses one that is not a JSON object', async () => {
    server.paths.set('/api/openapi.json', { body: { openapi: '3.1.0' } });
    expect(await api.openApiDocument()).toEqual({ openapi: '3.1.0' });
    server.paths.set('/api/openapi.json', { body: ['not', 'an', 'object'] });
    await expect(api.openApiDocument()).rejects.toThrow('The API description is not a JSON object.');
    server.paths.delete('/api/openapi.json');
    await expect(api.openApiDocument()).rejects.toThrow('HTTP error! status: 404');
  });

  /** Watches a run, recording what the watcher is told. */
  function watch(runId: string) {
    const told: unknown[] = [];
    let stop = () => {};
    const ended = new Promise<void>((resolve) => {
      stop = api.watchRun(runId, {
        next: (event) => told.push(event),
        error: (error) => {
          told.push(error);
          resolve();
        },
        complete: () => {
          told.push('complete');
          resolve();
        },
        connection: (state) => told.push(state),
      });
    });
    return { told, ended, stop: () => stop() };
  }

  /** The next run sends its start and stays open until the returned function lets it end. */
  function startedRunHeldOpen(): () => void {
    let letGo = () => {};
    server.hold = new Promise((resolve) => (letGo = resolve));
    server.runEvents = [{ type: 'run_started' }];
    return () => letGo();
  }

  it("streams a run's events over the socket with the session's token, then ends", async () => {
    server.runEvents = [{ type: 'run_started' }, { type: 'run_finished' }];
    const { told, ended } = watch('run-1');
    await ended;
    expect(told).toEqual([{ type: 'run_started' }, { type: 'run_finished' }, 'complete']);
    expect(server.connectionParams.at(-1)).toEqual({ authorization: 'Bearer session-token' });
  });

  it("tells the run's watcher when the socket drops and when it is back, then streams again", async () => {
    const letGo = startedRunHeldOpen();
    const { told, ended } = watch('run-2');
    await waitFor(() => told.length === 1);
    for (const socket of server.sockets.clients) socket.terminate();
    await waitFor(() => told.includes('restored') && told.length === 4);
    expect(told).toEqual([{ type: 'run_started' }, 'lost', 'restored', { type: 'run_started' }]);
    expect(server.subscriptions).toBe(2);
    letGo();
    await ended;
    expect(told.at(-1)).toBe('complete');
  });

  it('stops watching when asked', async () => {
    const letGo = startedRunHeldOpen();
    const { told, stop } = watch('run-3');
    await waitFor(() => told.length === 1);
    stop();
    letGo();
    for (const socket of server.sockets.clients) socket.terminate();
    await waitFor(() => server.sockets.clients.size === 0);
    expect(told).toEqual([{ type: 'run_started' }]);
  });
});

/** Resolves once `done` holds, checking every few milliseconds (the test's own limit bounds it). */
async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}
