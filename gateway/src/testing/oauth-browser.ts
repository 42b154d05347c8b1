import { createHash, randomBytes } from 'node:crypto';
import { testFetch } from './test-fetch';

/** An answer as the OAuth tests read it. */
export interface OAuthAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A PKCE pair: the verifier the client keeps, the S256 challenge it sends. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * What a browser does in an OAuth authorization, over plain HTTP: keeps cookies (every cookie is
 * sent back on every request; path scoping is left to the server's own checks), does not follow
 * redirects, and may carry the person's session token for the consent page's calls.
 */
export class OAuthBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async request(
    method: string,
    url: string,
    options: {
      token?: string;
      json?: unknown;
      form?: Record<string, string>;
      raw?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<OAuthAnswer> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (options.raw !== undefined) body = options.raw;
    const target = url.startsWith('http') ? url : this.base + url;
    const response = await testFetch(target, {
      method,
      headers,
      redirect: 'manual',
      ...(body !== undefined ? { body } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text !== '')
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /** The cookies kept, by name. */
  cookieJar(): [string, string][] {
    return [...this.cookies];
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** Forgets every cookie (another browser). */
  clearCookies(): void {
    this.cookies.clear();
  }
}

/** The redirect URI the test clients register. */
export const TEST_REDIRECT_URI = 'http://127.0.0.1:33418/callback';

/**
 * An MCP client's side of OAuth against a test gateway, step by step: registration, the
 * authorization request, the person's consent (with their session token), the code exchange.
 */
export class OAuthFlow {
  private constructor(
    readonly base: string,
    /** The MCP endpoint's resource identifier, from its protected resource metadata. */
    readonly resource: string,
  ) {}

  static async discover(base: string): Promise<OAuthFlow> {
    const metadata = await new OAuthBrowser(base).request('GET', '/.well-known/oauth-protected-resource/mcp');
    return new OAuthFlow(base, metadata.body.resource as string);
  }

  browser(): OAuthBrowser {
    return new OAuthBrowser(this.base);
  }

  async register(browser: OAuthBrowser, name = 'Test Assistant'): Promise<string> {
    const answer = await browser.request('POST', '/oauth/register', {
      json: {
        client_name: name,
        redirect_uris: [TEST_REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
    });
    if (answer.status !== 201) throw new Error(`Registration failed: ${JSON.stringify(answer.body)}`);
    return answer.body.client_id as string;
  }

  authorizeUrl(clientId: string, challenge: string, extra: Record<string, string> = {}): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: TEST_REDIRECT_URI,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'mcp offline_access',
      state: 'state-1',
      resource: this.resource,
      ...extra,
    });
    return `/oauth/authorize?${query.toString()}`;
  }

  /** Starts an authorization in `browser`; answers the consent page's path. */
  async start(browser: OAuthBrowser, clientId: string, challenge: string): Promise<string> {
    const answer = await browser.request('GET', this.authorizeUrl(clientId, challenge));
    const location = answer.headers.get('location');
    if (answer.status !== 303 || !location) throw new Error(`Authorization did not start: ${answer.status}`);
    return new URL(location, this.base).pathname;
  }

  /** Allows the client as the person with `token`; answers where the browser was sent back to. */
  async allow(browser: OAuthBrowser, page: string, token: string, dailyCreditLimit = 25): Promise<URL> {
    const allowed = await browser.request('POST', `${page}/allow`, { token, json: { dailyCreditLimit } });
    if (allowed.status !== 200) throw new Error(`Consent failed: ${JSON.stringify(allowed.body)}`);
    const resumed = await browser.request('GET', allowed.body.redirectTo as string);
    return new URL(resumed.headers.get('location')!, this.base);
  }

  exchange(browser: OAuthBrowser, clientId: string, code: string, verifier: string): Promise<OAuthAnswer> {
    return browser.request('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: TEST_REDIRECT_URI,
        client_id: clientId,
        code_verifier: verifier,
        resource: this.resource,
      },
    });
  }

  /** A person connects a new client all the way to its tokens. */
  async connect(token: string, name = 'Test Assistant', limit = 25) {
    const browser = this.browser();
    const clientId = await this.register(browser, name);
    const { verifier, challenge } = pkcePair();
    const page = await this.start(browser, clientId, challenge);
    const back = await this.allow(browser, page, token, limit);
    const tokens = await this.exchange(browser, clientId, back.searchParams.get('code')!, verifier);
    if (tokens.status !== 200) throw new Error(`Token exchange failed: ${JSON.stringify(tokens.body)}`);
    return { browser, clientId, tokens: tokens.body as { access_token: string; refresh_token: string } };
  }
}

/** An MCP `initialize` to `/mcp` with `token`: its HTTP status (401 when the token is refused). */
export async function mcpStatus(base: string, token: string): Promise<number> {
  const answer = await testFetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    }),
  });
  await answer.arrayBuffer();
  return answer.status;
}
