import { object, string } from './json-schema';
import { route, type Route } from './route';
import { field } from './route-helpers';
import { CreateCheckoutSessionDocument } from './generated/graphql';

/** Upgrading: a Stripe Checkout page for the Starter plan (the webhook is served by the gateway). */

export const checkoutRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/stripe/create-checkout-session',
    summary: 'A Stripe Checkout page for the Starter plan, for yourself only (another userId is refused).',
    auth: 'user',
    operation: CreateCheckoutSessionDocument,
    body: object({ userId: string('Your own user id (optional); any other id is refused with 403.') }),
    variables: ({ body }) => ({ userId: body.userId ?? null }),
    answer: field('createCheckoutSession'),
    response: object(
      {
        url: string('Send the person here.'),
        sessionId: string('Stripe Checkout session id.'),
      },
      ['url', 'sessionId'],
    ),
    errors: [403, 404, 409, 503],
  }),
];
