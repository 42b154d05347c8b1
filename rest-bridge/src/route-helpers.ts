import { CATEGORIES } from '@blocksmith/schema';
import { anyObject, boolean, string, type JsonSchema } from './json-schema';
import type { RouteRequest } from './route';

/** Pieces the routes of several domains share: path parameters, mappings and the app's body. */

/** The `{id}` path parameter as the operation's `id` variable. */
export const id = (request: RouteRequest) => ({ id: request.params.id });

/** Answers one field of the operation's data; the key must be one the operation selects. */
export const field =
  <K extends string>(key: K) =>
  <T extends Record<K, unknown>>(data: T): T[K] =>
    data[key];

/** A path parameter that holds a UUID: an app's, a version's, a run's, a key's, an account's id. */
export const uuidParam = (description: string) => ({
  schema: string('A UUID.', { format: 'uuid' }),
  description,
});

/** The `{id}` of the app routes: app ids are UUIDs, so `by-user` in `/apps/by-user/{id}` never is one. */
export const APP_ID = { id: uuidParam('The app’s id.') };

/** The `{slug}` of a published app's routes. */
export const SLUG = { slug: { schema: string('A slug.'), description: 'The app’s address: /app/{slug}.' } };

export const EMAIL = string('E-mail address.', { maxLength: 320 });

/** The app fields a client may send; ids and owners never come from the client. */
const APP_FIELDS = {
  name: string('Name, 1 to 100 characters.', { maxLength: 100 }),
  description: string('Description.', { maxLength: 2000 }),
  slug: string('Address of the public page; made from the name when empty.', { maxLength: 120 }),
  category: { type: 'string', enum: ['', ...CATEGORIES], description: 'One of the twelve store categories.' },
  isPrivate: boolean('Hidden from the store.'),
  config: anyObject('The canvas: { plugins, connections, canvas }.'),
} satisfies Record<string, JsonSchema>;

/** The body of the routes that save a whole app (create, update, publish with data). */
export const APP_BODY: JsonSchema = {
  type: 'object',
  properties: {
    ...APP_FIELDS,
    id: string('Ignored on create; the path names the app on update.'),
    owner_id: string('Ignored: the owner is always the signed-in person.'),
  },
};

/** The app fields of a body, as the GraphQL AppInput. */
export function appInput(body: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(APP_FIELDS)) if (body[key] !== undefined) input[key] = body[key];
  return input;
}
