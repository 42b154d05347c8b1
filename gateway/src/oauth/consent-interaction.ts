import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, InputError, UnauthenticatedError } from '../errors';
import { MCP_SCOPE, isMcpResource, type AuthorizationServer } from './authorization-server';
import {
  SUGGESTED_DAILY_CREDIT_LIMIT,
  displayText,
  readDailyCreditLimit,
  type ConnectedClientService,
} from './connected-client-service';
import type { OidcInteraction } from './oidc-provider-types';

/** The scopes the authorization server itself knows (its `scopes`); `mcp` is also the resource's. */
const SERVER_SCOPES = new Set(['openid', 'offline_access', MCP_SCOPE]);
const MAX_CLIENT_NAME = 100;

/** Who is signed in to the product on this request (the bearer token), or null. */
export type SignedInPerson = { userId: string; email: string } | null;

/** What the consent page shows. */
export interface ConsentRequest {
  client: { id: string; name: string; redirectHost: string };
  /** The person it would connect to. */
  account: { email: string };
  /** The limit proposed: the one the person set before for this client, else the suggested one. */
  dailyCreditLimit: number;
  /** Whether this client is already connected to the person's account (connecting again replaces it). */
  connected: boolean;
}

/** The authorization request was started in another browser, finished, or too long ago. */
export class InteractionExpiredError extends AppError {
  constructor() {
    super(
      'BAD_USER_INPUT',
      'This connection request has expired or was opened in another browser. Start connecting again from your AI assistant.',
    );
  }
}

/**
 * The sign-in and consent step of an authorization: the consent page (a workbench page at
 * `/oauth/interaction/{uid}`) asks for the request with the person's own session token, and
 * answers allow (with a credit limit per day) or deny; each answer is where the browser goes next.
 * The request is found from the authorization server's interaction cookie, so only the browser
 * that started it can answer it.
 */
export class ConsentInteraction {
  constructor(
    private readonly server: AuthorizationServer,
    private readonly clients: ConnectedClientService,
  ) {}

  async describe(
    req: IncomingMessage,
    res: ServerResponse,
    person: SignedInPerson,
    uid: string,
  ): Promise<ConsentRequest> {
    const signedIn = requirePerson(person);
    const interaction = await this.find(req, res, uid);
    const client = await this.client(interaction);
    const previous = (await this.clients.list(signedIn.userId)).find((c) => c.clientId === client.id);
    return {
      client,
      account: { email: signedIn.email },
      dailyCreditLimit: previous?.dailyCreditLimit ?? SUGGESTED_DAILY_CREDIT_LIMIT,
      connected: previous !== undefined,
    };
  }

  /** The person allows the client, spending at most `dailyCreditLimit` credits a day. */
  async allow(
    req: IncomingMessage,
    res: ServerResponse,
    person: SignedInPerson,
    uid: string,
    body: unknown,
  ): Promise<{ redirectTo: string }> {
    const signedIn = requirePerson(person);
    const { dailyCreditLimit } = readConsentBody(body);
    const interaction = await this.find(req, res, uid);
    const client = await this.client(interaction);
    const provider = await this.server.provider();
    const grant = new provider.Grant({ accountId: signedIn.userId, clientId: client.id });
    const scopes = String(interaction.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    const serverScopes = scopes.filter((scope) => SERVER_SCOPES.has(scope));
    if (serverScopes.length > 0) grant.addOIDCScope(serverScopes.join(' '));
    for (const indicator of this.resources(interaction)) grant.addResourceScope(indicator, MCP_SCOPE);
    const grantId = await grant.save();
    await this.clients.connect({
      userId: signedIn.userId,
      clientId: client.id,
      clientName: client.name,
      redirectHost: client.redirectHost,
      grantId,
      dailyCreditLimit,
    });
    const redirectTo = await provider.interactionResult(
      req,
      res,
      { login: { accountId: signedIn.userId, remember: false }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  }

  /** The person declines: the client is told access was denied. */
  async deny(
    req: IncomingMessage,
    res: ServerResponse,
    person: SignedInPerson,
    uid: string,
  ): Promise<{ redirectTo: string }> {
    requirePerson(person);
    await this.find(req, res, uid);
    const redirectTo = await (
      await this.server.provider()
    ).interactionResult(
      req,
      res,
      { error: 'access_denied', error_description: 'The person did not allow the connection.' },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  }

  private async find(req: IncomingMessage, res: ServerResponse, uid: string): Promise<OidcInteraction> {
    let interaction: OidcInteraction;
    try {
      interaction = await (await this.server.provider()).interactionDetails(req, res);
    } catch {
      throw new InteractionExpiredError();
    }
    if (interaction.uid !== uid) throw new InteractionExpiredError();
    return interaction;
  }

  private async client(interaction: OidcInteraction): Promise<ConsentRequest['client']> {
    const clientId = interaction.params.client_id;
    const client =
      typeof clientId === 'string' ? await (await this.server.provider()).Client.find(clientId) : undefined;
    if (!client) throw new InteractionExpiredError();
    const redirectUri =
      typeof interaction.params.redirect_uri === 'string'
        ? interaction.params.redirect_uri
        : client.redirectUris[0];
    return {
      id: client.clientId,
      name: displayText(client.clientName, MAX_CLIENT_NAME) || 'An app without a name',
      redirectHost: displayText(hostOf(redirectUri), 255),
    };
  }

  /** The resources the request named (the MCP endpoint's), else the MCP endpoint itself. */
  private resources(interaction: OidcInteraction): string[] {
    const asked = interaction.params.resource;
    const list = (Array.isArray(asked) ? asked : [asked]).filter((value) =>
      isMcpResource(this.server.resource, value),
    );
    return list.length > 0 ? (list as string[]) : [this.server.resource];
  }
}

/** A redirect URI's host (`127.0.0.1:33418`), or its scheme for an app's own (`cursor:`). */
function hostOf(uri: string | undefined): string {
  if (!uri || !URL.canParse(uri)) return '';
  const url = new URL(uri);
  return url.host || url.protocol;
}

function requirePerson(person: SignedInPerson): NonNullable<SignedInPerson> {
  if (!person) throw new UnauthenticatedError('Sign in to Blocksmith to connect this app.');
  return person;
}

/** The consent page's answer body, checked. */
export function readConsentBody(body: unknown): { dailyCreditLimit: number } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InputError('Send a JSON object: { "dailyCreditLimit": <credits per day> }.');
  }
  return { dailyCreditLimit: readDailyCreditLimit((body as Record<string, unknown>).dailyCreditLimit) };
}
