import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The parts of oidc-provider (an ES module without type declarations) this server uses, typed
 * once here. See https://github.com/panva/node-oidc-provider/blob/main/docs/README.md.
 */
export interface OidcAdapter {
  upsert(id: string, payload: OidcPayload, expiresIn: number | undefined): Promise<void>;
  find(id: string): Promise<OidcPayload | undefined>;
  findByUserCode(userCode: string): Promise<OidcPayload | undefined>;
  findByUid(uid: string): Promise<OidcPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/** A stored model's payload: oidc-provider's own JSON. */
export type OidcPayload = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: unknown;
};

export interface OidcClient {
  clientId: string;
  clientName?: string;
  redirectUris: string[];
  grantTypeAllowed(type: string): boolean;
}

export interface OidcGrant {
  jti: string;
  addOIDCScope(scope: string): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

export interface OidcInteraction {
  uid: string;
  params: Record<string, unknown>;
  prompt: { name: string; reasons: string[] };
  returnTo: string;
  exp: number;
}

export interface OidcContext {
  oidc: {
    params: Record<string, unknown>;
    result?: { login?: unknown };
  };
}

export interface OidcProvider {
  proxy: boolean;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteraction>;
  interactionResult(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<string>;
  on(event: string, listener: (...args: unknown[]) => void): void;
  Client: { find(id: string): Promise<OidcClient | undefined> };
  Grant: new (properties: { accountId: string; clientId: string }) => OidcGrant;
}

export interface OidcCheck {
  reason: string;
}

export interface OidcModule {
  Provider: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
  errors: { InvalidTarget: new (description?: string) => Error };
  interactionPolicy: {
    Check: (new (reason: string, description: string, check: (ctx: OidcContext) => boolean) => OidcCheck) & {
      REQUEST_PROMPT: boolean;
      NO_NEED_TO_PROMPT: boolean;
    };
    base(): OidcPolicy;
  };
}

export interface OidcPolicy extends Array<unknown> {
  get(name: string): { checks: OidcCheck[] & { add(check: OidcCheck, index?: number): void } };
}

/**
 * Loads oidc-provider. It is an ES module and this server is CommonJS: a real dynamic import
 * (not one a compiler turns into `require`) loads it on every supported Node version.
 */
export async function loadOidcProvider(): Promise<OidcModule> {
  // An import() the compiler must not rewrite into require(). Its source is new on every load: V8
  // reuses a function compiled from the same source with the import() handling of the context that
  // first compiled it, which under Jest is an earlier test file's runtime, torn down by then.
  const load = new Function('specifier', `return import(specifier); // ${randomUUID()}`) as (
    specifier: string,
  ) => Promise<OidcModule>;
  return load('oidc-provider');
}
