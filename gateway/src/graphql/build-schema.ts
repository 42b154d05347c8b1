import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { createPubSub } from '@graphql-yoga/subscription';
import { buildSchema } from 'type-graphql';
import { apiKeyGuard } from './api-key-guard';
import { AdminAccountsResolver } from './resolvers/admin-accounts-resolver';
import { AiProviderResolver } from './resolvers/ai-provider-resolver';
import { AnalyticsResolver } from './resolvers/analytics-resolver';
import { ApiKeyResolver } from './resolvers/api-key-resolver';
import { ConnectedClientResolver } from './resolvers/connected-client-resolver';
import { SecretResolver } from './resolvers/secret-resolver';
import { AppResolver } from './resolvers/app-resolver';
import { AssistantResolver } from './resolvers/assistant-resolver';
import { AuthResolver } from './resolvers/auth-resolver';
import { BillingResolver } from './resolvers/billing-resolver';
import { CatalogueResolver } from './resolvers/catalogue-resolver';
import { ChatResolver, ChatRunResolver } from './resolvers/chat-resolver';
import { EmbedChatResolver } from './resolvers/embed-chat-resolver';
import { CreditsResolver } from './resolvers/credits-resolver';
import { EarningsResolver } from './resolvers/earnings-resolver';
import { EmbedResolver } from './resolvers/embed-resolver';
import { KnowledgeResolver } from './resolvers/knowledge-resolver';
import { PublishingResolver } from './resolvers/publishing-resolver';
import { RunResolver, RunToolRunsResolver } from './resolvers/run-resolver';
import { ApprovalResolver, RunApprovalResolver } from './resolvers/approval-resolver';
import { SalesResolver } from './resolvers/sales-resolver';
import { ServerResolver } from './resolvers/server-resolver';
import { TemplateResolver } from './resolvers/template-resolver';
import { TriggerResolver } from './resolvers/trigger-resolver';
import { AppQualityResolver, TestingResolver } from './resolvers/testing-resolver';
import { UpvoteResolver } from './resolvers/upvote-resolver';
import { UserResolver } from './resolvers/user-resolver';

export const resolvers = [
  CatalogueResolver,
  ChatResolver,
  ChatRunResolver,
  EmbedChatResolver,
  AdminAccountsResolver,
  AiProviderResolver,
  AnalyticsResolver,
  ApiKeyResolver,
  ConnectedClientResolver,
  SecretResolver,
  AuthResolver,
  BillingResolver,
  AppResolver,
  AssistantResolver,
  CreditsResolver,
  EarningsResolver,
  EmbedResolver,
  KnowledgeResolver,
  PublishingResolver,
  RunResolver,
  RunToolRunsResolver,
  ApprovalResolver,
  RunApprovalResolver,
  SalesResolver,
  ServerResolver,
  TemplateResolver,
  TriggerResolver,
  TestingResolver,
  AppQualityResolver,
  UpvoteResolver,
  UserResolver,
] as const;

/** The executable schema; its SDL is committed as schema/schema.graphql. */
export function buildGatewaySchema(): Promise<GraphQLSchema> {
  // Run progress streams from the run event hub; the pub/sub is for topic-based subscriptions.
  return buildSchema({
    resolvers,
    validate: false,
    pubSub: createPubSub(),
    globalMiddlewares: [apiKeyGuard],
  });
}
