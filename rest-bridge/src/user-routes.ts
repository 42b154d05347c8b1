import { boolean, object, ref, string } from './json-schema';
import { route, type Route } from './route';
import { field, id } from './route-helpers';
import { CreateUserDocument, ProfileDocument, UserByAuthIdDocument } from './generated/graphql';

/** User records: yours (created once, your profile) and a publisher’s name. */

export const userRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/users/create',
    summary: 'Creates your user record once; sets full_name when none is set yet.',
    auth: 'user',
    operation: CreateUserDocument,
    body: object({ fullName: string('Full name.', { maxLength: 100 }) }),
    variables: ({ body }) => ({ fullName: body.fullName ?? null }),
    answer: (data) => ({ success: true, user: data.createUser }),
    response: object({ success: boolean('Done.'), user: ref('Profile') }, ['success', 'user']),
    errors: [404],
  }),
  route({
    method: 'GET',
    path: '/users/profile',
    summary: 'Your user record with full_name and plan.',
    auth: 'user',
    operation: ProfileDocument,
    variables: () => ({}),
    answer: field('profile'),
    response: ref('Profile'),
    errors: [404],
  }),
  route({
    method: 'GET',
    path: '/users/by-supabase-id/{id}',
    summary: 'A publisher by the id their auth provider gave them: id and full_name.',
    auth: 'optional',
    operation: UserByAuthIdDocument,
    params: {
      id: {
        schema: string('Account id or Firebase uid.'),
        description: 'The id their auth provider gave them.',
      },
    },
    variables: id,
    answer: field('userByAuthId'),
    response: object({ id: string('Account id.'), full_name: string('Full name.') }, ['id', 'full_name']),
  }),
];
