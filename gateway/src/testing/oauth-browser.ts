import { createHash, randomBytes } from 'node:crypto';

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
    const response = await fetch(target, {
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

  /** Forgets every cookie (another browser). */
  clearCookies(): void {
    this.cookies.clear();
  }
}
