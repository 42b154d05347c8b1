import { arrayOf, boolean, dateTime, integer, object, string, type JsonSchema } from './json-schema';
import { route, type Route } from './route';
import { field, id, uuidParam } from './route-helpers';
import {
  ConnectedClientsDocument,
  RevokeConnectedClientDocument,
  SetConnectedClientLimitDocument,
} from './generated/graphql';

/** Apps (AI assistants) people connected to their account through OAuth: listed, limited, revoked. */

const MAX_DAILY_CREDIT_LIMIT = 1_000_000;

const CLIENT_PROPERTIES = {
  id: string('Opaque id (a UUID).', { format: 'uuid' }),
  clientId: string('The OAuth client id it registered with.'),
  name: string('The name it registered with, as the consent page showed it.'),
  redirectHost: string('Where its sign-in came back to (its redirect URI’s host).'),
  connectedAt: dateTime('ISO time it was connected.'),
  lastUsedAt: {
    type: ['string', 'null'],
    description: 'ISO time it last called (to the minute), or null.',
  },
  dailyCreditLimit: integer('The most credits it may spend on your account in a day (UTC).'),
  spentToday: integer('Credits charged through it since midnight UTC, refunds taken off.'),
  spentTotal: integer('Credits charged through it since it was connected, refunds taken off.'),
} satisfies Record<string, JsonSchema>;

const CLIENT = object(CLIENT_PROPERTIES, Object.keys(CLIENT_PROPERTIES));
const CLIENT_ID = { id: uuidParam('The connected app’s id.') };

export const connectedClientRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/connected-clients',
    summary:
      'The apps (AI assistants) you connected to your account through OAuth, most recent first, with what each spent today and in total and its daily credit limit.',
    auth: 'user',
    operation: ConnectedClientsDocument,
    variables: () => ({}),
    answer: field('connectedClients'),
    response: arrayOf(CLIENT, 'Most recently connected first.'),
    errors: [403],
  }),
  route({
    method: 'PATCH',
    path: '/connected-clients/{id}',
    summary: 'Sets how many credits a day one of your connected apps may spend.',
    auth: 'user',
    operation: SetConnectedClientLimitDocument,
    params: CLIENT_ID,
    body: object(
      {
        dailyCreditLimit: integer('Credits per day (UTC), from 0 (free calls only) up.', {
          minimum: 0,
          maximum: MAX_DAILY_CREDIT_LIMIT,
        }),
      },
      ['dailyCreditLimit'],
    ),
    variables: ({ params, body }) => ({ id: params.id, dailyCreditLimit: body.dailyCreditLimit }),
    answer: field('setConnectedClientLimit'),
    response: CLIENT,
    errors: [403, 404],
  }),
  route({
    method: 'DELETE',
    path: '/connected-clients/{id}',
    summary: 'Disconnects one of your connected apps: its tokens stop working at once.',
    auth: 'user',
    operation: RevokeConnectedClientDocument,
    params: CLIENT_ID,
    variables: id,
    answer: () => ({ success: true }),
    response: object({ success: boolean('Disconnected.') }, ['success']),
    errors: [403, 404],
  }),
];
