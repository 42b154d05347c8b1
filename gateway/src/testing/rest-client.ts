import { startTestGateway, type TestGateway } from './graphql-client';
import { testFetch } from './test-fetch';

/** An /api answer as tests read it. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface ApiTestGateway extends TestGateway {
  /** Calls /api with a JSON body (or a raw string body when `raw` is set). */
  api(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer>;
  /**
   * Signs a new person up through /api/auth/signup; with `credits` also grants this month's
   * credits. Answers their access token and account id.
   */
  signUpViaApi(
    email: string,
    options?: { fullName?: string; credits?: boolean },
  ): Promise<{ token: string; id: string }>;
  /** Calls /api with a multipart form. */
  form(path: string, form: FormData, token?: string): Promise<ApiAnswer>;
}

async function read(response: Response): Promise<ApiAnswer> {
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text) as unknown;
  return { status: response.status, headers: response.headers, body };
}

/**
 * A started gateway (embedded database, offline provider) with an /api client; `dataDir` as for
 * startTestGateway (a data directory kept for restarts).
 */
export async function startApiTestGateway(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<ApiTestGateway> {
  const test = await startTestGateway(env, options);
  const base = `${test.gateway.url}/api`;
  const client: ApiTestGateway = {
    ...test,
    async signUpViaApi(email, options = {}) {
      const answer = await client.api('POST', '/auth/signup', {
        body: {
          email,
          password: 'a good long password',
          ...(options.fullName ? { fullName: options.fullName } : {}),
        },
      });
      if (answer.status !== 200)
        throw new Error(`Sign-up of ${email} failed: ${JSON.stringify(answer.body)}`);
      const token = answer.body.session.access_token as string;
      if (options.credits) await client.api('POST', '/credits/initialize', { token });
      return { token, id: answer.body.user.id as string };
    },
    async api(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.raw !== undefined) body = options.raw;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      return read(await testFetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) }));
    },
    async form(path, form, token) {
      return read(
        await testFetch(base + path, {
          method: 'POST',
          headers: token ? { authorization: `Bearer ${token}` } : {},
          body: form,
        }),
      );
    },
  };
  return client;
}
