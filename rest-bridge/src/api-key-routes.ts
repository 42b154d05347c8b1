import { arrayOf, boolean, dateTime, object, string, type JsonSchema } from './json-schema';
import { route, type Route } from './route';
import { field, id, uuidParam } from './route-helpers';
import { ApiKeysDocument, CreateApiKeyDocument, RevokeApiKeyDocument } from './generated/graphql';

/** API keys (bsk_...) that run apps from other programs: created, listed, revoked. */

const KEY_PROPERTIES = {
  id: string('Opaque id (a UUID).', { format: 'uuid' }),
  name: string('The name you gave it.'),
  prefix: string('bsk_ and the next characters, to recognise it by.'),
  createdAt: dateTime('ISO time.'),
  lastUsedAt: {
    type: ['string', 'null'],
    description: 'ISO time it last ran an app (to the minute), or null.',
  },
} satisfies Record<string, JsonSchema>;

export const apiKeyRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/keys',
    summary:
      'Creates a named API key (Starter plan and up). The answer is the only time the key is shown: keep it safe.',
    auth: 'user',
    operation: CreateApiKeyDocument,
    body: object({ name: string('What the key is for.', { maxLength: 100 }) }, ['name']),
    variables: ({ body }) => ({ name: body.name }),
    answer: field('createApiKey'),
    status: 201,
    response: object(
      {
        id: KEY_PROPERTIES.id,
        name: KEY_PROPERTIES.name,
        key: string('The key: send it as Authorization: Bearer <key>. Shown this once.'),
        createdAt: KEY_PROPERTIES.createdAt,
      },
      ['id', 'name', 'key', 'createdAt'],
    ),
    errors: [403],
  }),
  route({
    method: 'GET',
    path: '/keys',
    summary: 'Your API keys, newest first, with when each was last used (never the keys themselves).',
    auth: 'user',
    operation: ApiKeysDocument,
    variables: () => ({}),
    answer: field('apiKeys'),
    response: arrayOf(object(KEY_PROPERTIES, Object.keys(KEY_PROPERTIES)), 'Newest first.'),
    errors: [403],
  }),
  route({
    method: 'DELETE',
    path: '/keys/{id}',
    summary: 'Revokes one of your API keys: it stops working at once.',
    auth: 'user',
    operation: RevokeApiKeyDocument,
    params: { id: uuidParam('The key’s id.') },
    variables: id,
    answer: () => ({ success: true }),
    response: object({ success: boolean('Revoked.') }, ['success']),
    errors: [403],
  }),
];
