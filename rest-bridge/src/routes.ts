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
  ...authRoutes,
  ...ownAppRoutes,
  ...storeRoutes,
  ...imageModelRoutes,
  ...modelRoutes,
  ...reviewQueueRoutes,
  ...appRoutes,
  ...appPageRoutes,
  ...publishingRoutes,
  ...appAnalyticsRoutes,
  ...runRoutes,
  ...chatRoutes,
  ...runHistoryRoutes,
  ...triggerRoutes,
  ...testingRoutes,
  ...apiKeyRoutes,
  ...connectedClientRoutes,
  ...secretRoutes,
  ...knowledgeRoutes,
  ...creditRoutes,
  ...userRoutes,
  ...assistantRoutes,
  ...checkoutRoutes,
  ...salesRoutes,
  ...productAnalyticsRoutes,
  ...earningsRoutes,
  ...adminAccountRoutes,
];
