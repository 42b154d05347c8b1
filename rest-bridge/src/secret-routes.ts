import { arrayOf, boolean, dateTime, object, string } from './json-schema';
import { route, type Route } from './route';
import { field } from './route-helpers';
import { DeleteSecretDocument, SecretsDocument, SetSecretDocument } from './generated/graphql';

const SECRET_PROPERTIES = {
  name: string('Used in an HTTP Request header as {{secret.NAME}}.'),
  createdAt: dateTime('ISO time.'),
  updatedAt: dateTime('ISO time of the last change of its value.'),
};
const SecretInfo = object(SECRET_PROPERTIES, Object.keys(SECRET_PROPERTIES));
const secretName = {
  name: {
    schema: string('Upper-case letters, digits and underscores, starting with a letter.', {
      pattern: '^[A-Z][A-Z0-9_]{0,63}$',
    }),
    description: 'The secret’s name, e.g. GITHUB_TOKEN.',
  },
};

/** People's secrets for their blocks: saved, listed by name, deleted; never read back. */
export const secretRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/secrets',
    summary: 'Your secrets by name, for HTTP Request headers ({{secret.NAME}}); never their values.',
    auth: 'user',
    operation: SecretsDocument,
    variables: () => ({}),
    answer: field('secrets'),
    response: arrayOf(SecretInfo, 'By name.'),
  }),
  route({
    method: 'PUT',
    path: '/secrets/{name}',
    summary:
      'Saves a secret, or replaces its value. The value is kept encrypted and never shown again; runs of your apps use it.',
    auth: 'user',
    operation: SetSecretDocument,
    params: secretName,
    body: object(
      { value: string('The secret’s value: one line, 4,000 characters at most.', { maxLength: 4000 }) },
      ['value'],
    ),
    variables: ({ params, body }) => ({ name: params.name, value: body.value }),
    answer: field('setSecret'),
    response: SecretInfo,
  }),
  route({
    method: 'DELETE',
    path: '/secrets/{name}',
    summary: 'Deletes one of your secrets.',
    auth: 'user',
    operation: DeleteSecretDocument,
    params: secretName,
    variables: ({ params }) => ({ name: params.name }),
    answer: () => ({ success: true }),
    response: object({ success: boolean('Deleted.') }, ['success']),
    errors: [404],
  }),
];
