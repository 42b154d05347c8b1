import { sendError, toBridgeError } from '@blocksmith/rest-bridge';
import express from 'express';
import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import type { Services } from '../services/create-services';

/** POST /api/stripe/webhook: Stripe's payment events; the signature covers the raw body, so it is read unparsed. */
export function stripeWebhookRoute(options: {
  services: Pick<Services, 'billing'>;
  formatError(error: GraphQLError): GraphQLFormattedError;
}): express.Router {
  const routes = express.Router();
  routes.post('/api/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    try {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['stripe-signature'];
      const outcome = await options.services.billing.handleWebhook(
        body,
        typeof signature === 'string' ? signature : undefined,
      );
      res.json({ received: true, outcome });
    } catch (error) {
      sendError(res, toBridgeError(error, options.formatError));
    }
  });
  return routes;
}
