import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError, toBridgeError } from '@blocksmith/rest-bridge';
import express from 'express';
import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import { OAUTH_PATH, MCP_SCOPE, type AuthorizationServer } from './authorization-server';
import type { RateLimiter } from '../data/rate-limiter';
import type { ConnectedClientService } from './connected-client-service';
import { ConsentInteraction, type SignedInPerson } from './consent-interaction';

/** Client registrations one address may make in an hour (open registration, kept from abuse). */
export const REGISTRATIONS_PER_HOUR = 30;
const HOUR_MS = 60 * 60_000;

export interface OAuthRoutesOptions {
  server: AuthorizationServer;
  clients: ConnectedClientService;
  /** The person signed in to the product on a request (its Authorization: Bearer token), or null. */
  personOf(req: IncomingMessage): Promise<SignedInPerson>;
  formatError(error: GraphQLError): GraphQLFormattedError;
  /** Counts registrations per client address across processes; without it they are not limited. */
  registrations?: { limiter: RateLimiter; addressOf(req: IncomingMessage): string | undefined };
}

/** The protected resource metadata of the MCP endpoint (RFC 9728), as the MCP specification asks. */
export function protectedResourceMetadata(server: AuthorizationServer): Record<string, unknown> {
  return {
    resource: server.resource,
    authorization_servers: [server.issuer],
    scopes_supported: [MCP_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'Blocksmith apps as MCP tools',
  };
}

/**
 * What an MCP endpoint answers a request without a valid token with (RFC 9728 section 5.1): the
 * `WWW-Authenticate` value pointing clients at the metadata, so they can start OAuth.
 */
export function protectedResourceChallenge(server: AuthorizationServer): string {
  return `Bearer resource_metadata="${server.issuer}/.well-known/oauth-protected-resource/mcp", scope="${MCP_SCOPE}"`;
}

const PROTECTED_RESOURCE = /^\/\.well-known\/oauth-protected-resource(\/mcp(\/.*)?)?\/?$/;
/** RFC 8414's metadata paths for this issuer, answered with the authorization server's metadata. */
const SERVER_METADATA = /^\/\.well-known\/(oauth-authorization-server|openid-configuration)\/?$/;
const INTERACTION_PAGE = new RegExp(`^${OAUTH_PATH}/interaction/`);
const CONSENT_BODY_LIMIT = '4kb';

/** oidc-provider serves from the root: no mount path of Express's must reach it. */
function wholeUrl(req: express.Request): void {
  req.url = req.originalUrl;
  req.baseUrl = '';
}

/**
 * The interaction's id from the path. The request's URL is made whole again for oidc-provider,
 * which takes whatever Express stripped off as its mount path.
 */
function uidOf(req: express.Request): string {
  const uid = String((req.params as { uid?: unknown }).uid ?? '');
  wholeUrl(req);
  return uid;
}

/**
 * The authorization server's routes on the gateway's port: its metadata, the protected resource
 * metadata of `/mcp`, its endpoints under `/oauth` (authorize, token, register, revoke, jwks), and
 * the consent page's calls (`/oauth/interaction/{uid}/request|allow|deny`). The consent page itself
 * (`GET /oauth/interaction/{uid}`) is the workbench's, served after these routes.
 */
export function oauthRoutes(options: OAuthRoutesOptions): express.Router {
  const { server } = options;
  const routes = express.Router();
  // oidc-provider's own handler, once the provider is made (on the first request that needs it).
  let callback: Promise<(req: IncomingMessage, res: ServerResponse) => void> | undefined;
  const handle = (req: IncomingMessage, res: ServerResponse, next: express.NextFunction) => {
    callback ??= server.provider().then((provider) => provider.callback());
    callback.then(
      (answer) => answer(req, res),
      (error: unknown) => {
        callback = undefined;
        next(error);
      },
    );
  };
  const consent = new ConsentInteraction(server, options.clients);

  routes.get(PROTECTED_RESOURCE, (_req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('cache-control', 'public, max-age=300');
    res.json(protectedResourceMetadata(server));
  });
  routes.options(PROTECTED_RESOURCE, (_req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    res.status(204).end();
  });
  routes.all(SERVER_METADATA, (req, res, next) => {
    req.url = '/.well-known/openid-configuration';
    handle(req, res, next);
  });

  const json = express.json({ limit: CONSENT_BODY_LIMIT, strict: false, type: () => true });
  const interaction = express.Router({ mergeParams: true });
  interaction.get('/request', async (req, res) => {
    try {
      res.setHeader('cache-control', 'no-store');
      res.json(await consent.describe(req, res, await options.personOf(req), uidOf(req)));
    } catch (error) {
      sendError(res, toBridgeError(error, options.formatError));
    }
  });
  interaction.post('/allow', json, async (req, res) => {
    try {
      res.json(await consent.allow(req, res, await options.personOf(req), uidOf(req), req.body));
    } catch (error) {
      sendError(res, toBridgeError(error, options.formatError));
    }
  });
  interaction.post('/deny', async (req, res) => {
    try {
      res.json(await consent.deny(req, res, await options.personOf(req), uidOf(req)));
    } catch (error) {
      sendError(res, toBridgeError(error, options.formatError));
    }
  });
  routes.use(`${OAUTH_PATH}/interaction/:uid`, interaction);

  // Registration is open to browser-based clients too (the MCP Inspector), at most
  // REGISTRATIONS_PER_HOUR per address.
  const register = `${OAUTH_PATH}/register`;
  routes.options(register, (_req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-methods', 'POST');
    res.setHeader('access-control-allow-headers', 'content-type, authorization');
    res.setHeader('access-control-max-age', '3600');
    res.status(204).end();
  });
  routes.post(register, async (req, res, next) => {
    res.setHeader('access-control-allow-origin', '*');
    const limits = options.registrations;
    if (!limits) return next();
    try {
      const address = limits.addressOf(req) ?? 'unknown';
      const outcome = await limits.limiter.consume(
        `oauth-register:${address}`,
        REGISTRATIONS_PER_HOUR,
        HOUR_MS,
      );
      if (outcome.allowed) return next();
      res.setHeader('retry-after', String(outcome.retryAfterSeconds));
      res.status(429).json({
        error: 'rate_limited',
        error_description: `Too many client registrations from this address. Try again in ${Math.ceil(outcome.retryAfterSeconds / 60)} minutes.`,
      });
    } catch (error) {
      next(error);
    }
  });

  // Everything else under /oauth is the authorization server's, except the consent page.
  routes.use(OAUTH_PATH, (req, res, next) => {
    if (INTERACTION_PAGE.test(req.originalUrl)) return next();
    wholeUrl(req);
    handle(req, res, next);
  });
  return routes;
}
