export { createAuthorizationServer, MCP_SCOPE, type AuthorizationServer } from './authorization-server';
export {
  ClientDailyLimitError,
  type ClientAllowanceHold,
  ConnectedClientService,
  type ConnectedClientView,
  type OAuthAccessTokenCaller,
} from './connected-client-service';
export { oauthRoutes, protectedResourceChallenge, protectedResourceMetadata } from './oauth-routes';
export { pruneExpiredOAuthModels } from './oauth-adapter';
