import { adminAccountRoutes } from './admin-account-routes';
import { appAnalyticsRoutes, productAnalyticsRoutes } from './analytics-routes';
import { apiKeyRoutes } from './api-key-routes';
import { connectedClientRoutes } from './connected-client-routes';
import { appRoutes, imageModelRoutes, modelRoutes, ownAppRoutes } from './app-routes';
import { assistantRoutes } from './assistant-routes';
import { authRoutes } from './auth-routes';
import { chatRoutes } from './chat-routes';
import { checkoutRoutes } from './checkout-routes';
import { creditRoutes } from './credit-routes';
import { earningsRoutes } from './earnings-routes';
import { knowledgeRoutes } from './knowledge-routes';
import { publishingRoutes, reviewQueueRoutes } from './publishing-routes';
import type { Route } from './route';
import { ROUTE_TAGS, tagged } from './route-tags';
import { approvalRoutes } from './approval-routes';
import { runHistoryRoutes } from './run-history-routes';
import { runRoutes } from './run-routes';
import { salesRoutes } from './sales-routes';
import { secretRoutes } from './secret-routes';
import { testingRoutes } from './testing-routes';
import { triggerRoutes } from './trigger-routes';
import { appPageRoutes, storeRoutes } from './store-routes';
import { userRoutes } from './user-routes';

/**
 * Every /api route, in the order the route list shows them. Each domain's routes are declared in
 * its own file; the order is the OpenAPI document's (its paths in the order they first appear, the
 * matcher's Allow headers), so a domain whose routes sit in two places of the list exports two
 * groups.
 */
export const routes: readonly Route[] = [
  ...tagged(ROUTE_TAGS.accounts, authRoutes),
  ...tagged(ROUTE_TAGS.apps, ownAppRoutes),
  ...tagged(ROUTE_TAGS.store, storeRoutes),
  ...tagged(ROUTE_TAGS.apps, imageModelRoutes),
  ...tagged(ROUTE_TAGS.apps, modelRoutes),
  ...tagged(ROUTE_TAGS.publishing, reviewQueueRoutes),
  ...tagged(ROUTE_TAGS.apps, appRoutes),
  ...tagged(ROUTE_TAGS.store, appPageRoutes),
  ...tagged(ROUTE_TAGS.publishing, publishingRoutes),
  ...tagged(ROUTE_TAGS.analytics, appAnalyticsRoutes),
  ...tagged(ROUTE_TAGS.runs, runRoutes),
  ...tagged(ROUTE_TAGS.chat, chatRoutes),
  ...tagged(ROUTE_TAGS.runs, runHistoryRoutes),
  ...tagged(ROUTE_TAGS.runs, approvalRoutes),
  ...tagged(ROUTE_TAGS.triggers, triggerRoutes),
  ...tagged(ROUTE_TAGS.testing, testingRoutes),
  ...tagged(ROUTE_TAGS.access, apiKeyRoutes),
  ...tagged(ROUTE_TAGS.access, connectedClientRoutes),
  ...tagged(ROUTE_TAGS.secrets, secretRoutes),
  ...tagged(ROUTE_TAGS.knowledge, knowledgeRoutes),
  ...tagged(ROUTE_TAGS.credits, creditRoutes),
  ...tagged(ROUTE_TAGS.accounts, userRoutes),
  ...tagged(ROUTE_TAGS.assistant, assistantRoutes),
  ...tagged(ROUTE_TAGS.credits, checkoutRoutes),
  ...tagged(ROUTE_TAGS.earnings, salesRoutes),
  ...tagged(ROUTE_TAGS.analytics, productAnalyticsRoutes),
  ...tagged(ROUTE_TAGS.earnings, earningsRoutes),
  ...tagged(ROUTE_TAGS.admin, adminAccountRoutes),
];
