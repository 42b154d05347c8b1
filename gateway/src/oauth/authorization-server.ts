import type { DataSource } from 'typeorm';
import { OAuthAdapter } from './oauth-adapter';
import { loadOAuthKeys, openKeptOAuthKeys } from './oauth-keys';
import { loadOidcProvider, type OidcContext, type OidcProvider } from './oidc-provider-types';

/** The one scope a client asks for: calling this server's apps as MCP tools. */
export const MCP_SCOPE = 'mcp';
/** Where the authorization server's endpoints live, under the issuer. */
export const OAUTH_PATH = '/oauth';
/** An access token lives an hour; a refresh token 30 days (rotated on each use by public clients). */
const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A person has this long to sign in and consent. */
const INTERACTION_TTL_SECONDS = 30 * 60;

export interface AuthorizationServerOptions {
  dataSource: DataSource;
  /** PUBLIC_URL, without a trailing slash: the issuer. */
  publicUrl: string;
  /** SECRETS_KEY, which seals the server's keys (else the generated sealing key). */
  secretsKey: Buffer | undefined;
  /** Requests come through a proxy (TRUST_PROXY): trust its X-Forwarded-Proto and -Host. */
  behindProxy: boolean;
}

export interface AuthorizationServer {
  /**
   * oidc-provider, made when first asked for (by the first client that connects): a server that no
   * assistant connects to never generates keys for it (0.1-0.2 s of CPU) nor builds it.
   */
  provider(): Promise<OidcProvider>;
  /** `<PUBLIC_URL>`: the authorization server's issuer. */
  issuer: string;
  /** `<PUBLIC_URL>/mcp`: the protected resource its access tokens are for. */
  resource: string;
}

/** The MCP endpoint (`/mcp`) or one of its per-app endpoints (`/mcp/apps/{slug}`). */
export function isMcpResource(resource: string, indicator: unknown): indicator is string {
  return typeof indicator === 'string' && (indicator === resource || indicator.startsWith(`${resource}/`));
}

/**
 * OAuth 2.1 for MCP clients, with oidc-provider: authorization code with PKCE (S256, always),
 * refresh tokens, token revocation, open dynamic client registration, access tokens for the MCP
 * endpoint only (RFC 8707 resource indicators; opaque, kept in the database so revoking is
 * immediate everywhere). Every authorization goes through the product's own sign-in and the consent
 * page (`/oauth/interaction/{uid}`), never a session of the authorization server's own.
 */
export async function createAuthorizationServer(
  options: AuthorizationServerOptions,
): Promise<AuthorizationServer> {
  const issuer = options.publicUrl;
  const resource = `${options.publicUrl}/mcp`;
  // Keys an earlier start kept are opened now: a SECRETS_KEY that does not open them stops the
  // start with the reason, rather than the first client's connection.
  await openKeptOAuthKeys(options.dataSource, options.secretsKey);
  let made: Promise<OidcProvider> | undefined;
  const provider = () => {
    made ??= makeProvider(options, issuer, resource).catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
  return { provider, issuer, resource };
}

async function makeProvider(
  options: AuthorizationServerOptions,
  issuer: string,
  resource: string,
): Promise<OidcProvider> {
  const { Provider, errors, interactionPolicy } = await loadOidcProvider();
  const keys = await loadOAuthKeys(options.dataSource, options.secretsKey);

  // The person signed in to the product confirms who they are each time: the authorization
  // server's own session (a cookie) never stands in for the product's sign-in.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    .checks.add(
      new interactionPolicy.Check(
        'product_sign_in',
        'the person signed in to Blocksmith confirms',
        (ctx: OidcContext) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const resourceServer = (indicator: string) => ({
    scope: MCP_SCOPE,
    audience: indicator,
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    accessTokenFormat: 'opaque',
  });

  const provider = new Provider(issuer, {
    adapter: (name: string) => new OAuthAdapter(options.dataSource, name),
    jwks: keys.jwks,
    cookies: {
      keys: keys.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    scopes: [MCP_SCOPE, 'offline_access'],
    claims: { openid: ['sub'] },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      // A client revokes its own tokens only.
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (!isMcpResource(resource, indicator)) {
            throw new errors.InvalidTarget(
              `This server issues tokens for its MCP endpoint, ${resource}, only.`,
            );
          }
          return resourceServer(indicator);
        },
      },
    },
    routes: {
      authorization: `${OAUTH_PATH}/authorize`,
      token: `${OAUTH_PATH}/token`,
      registration: `${OAUTH_PATH}/register`,
      revocation: `${OAUTH_PATH}/revoke`,
      jwks: `${OAUTH_PATH}/jwks`,
      end_session: `${OAUTH_PATH}/session/end`,
      userinfo: `${OAUTH_PATH}/userinfo`,
      introspection: `${OAUTH_PATH}/introspect`,
      pushed_authorization_request: `${OAUTH_PATH}/par`,
      code_verification: `${OAUTH_PATH}/device`,
      device_authorization: `${OAUTH_PATH}/device/auth`,
      backchannel_authentication: `${OAUTH_PATH}/backchannel`,
      challenge: `${OAUTH_PATH}/challenge`,
      credential: `${OAUTH_PATH}/credential`,
    },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `${OAUTH_PATH}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: INTERACTION_TTL_SECONDS,
      Grant: REFRESH_TOKEN_TTL_SECONDS,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
    },
    // Errors shown in the browser (a bad authorization request): a short page, no internals.
    renderError: (
      ctx: { type: string; body: string },
      out: { error?: string; error_description?: string },
    ) => {
      ctx.type = 'html';
      ctx.body = errorPage(
        out.error_description ?? out.error ?? 'The authorization request could not be completed.',
      );
    },
  });
  provider.proxy = options.behindProxy;
  return provider;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function errorPage(message: string): string {
  const text = message.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
  return `<!doctype html><meta charset="utf-8"><title>Blocksmith: could not connect</title>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>The app could not connect</h1><p>${text}</p><p>Go back to the app you were connecting and try again.</p></body>`;
}
