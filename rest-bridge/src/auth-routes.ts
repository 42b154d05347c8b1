import { object, ref, string } from './json-schema';
import { route, type Route } from './route';
import { EMAIL, field } from './route-helpers';
import {
  MeDocument,
  RecoverPasswordDocument,
  RefreshSessionDocument,
  SignInDocument,
  SignOutDocument,
  SignUpDocument,
  UpdatePasswordDocument,
} from './generated/graphql';

/** Accounts of the embedded auth provider: sign up, sign in, sessions, passwords, who is signed in. */

const PASSWORD = string('Password, 8 to 128 characters.', { maxLength: 1024 });

export const authRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/auth/signup',
    summary: 'Creates an account and signs it in.',
    auth: 'none',
    operation: SignUpDocument,
    body: object({ email: EMAIL, password: PASSWORD, fullName: string('Full name.', { maxLength: 100 }) }, [
      'email',
      'password',
    ]),
    variables: ({ body }) => ({
      email: body.email,
      password: body.password,
      fullName: body.fullName ?? null,
    }),
    answer: field('signUp'),
    response: object({ user: ref('User'), session: { oneOf: [ref('Session'), { type: 'null' }] } }, [
      'user',
      'session',
    ]),
  }),
  route({
    method: 'POST',
    path: '/auth/signin',
    summary:
      'Signs in with e-mail and password; repeated failures are slowed down (429); a suspended account is refused (403).',
    auth: 'none',
    operation: SignInDocument,
    body: object({ email: EMAIL, password: PASSWORD }, ['email', 'password']),
    variables: ({ body }) => ({ email: body.email, password: body.password }),
    answer: field('signIn'),
    response: object({ user: ref('User'), session: ref('Session') }, ['user', 'session']),
    errors: [403, 429],
  }),
  route({
    method: 'POST',
    path: '/auth/refresh',
    summary: 'A new session for a refresh token; the token is used up (a reused one is refused).',
    auth: 'none',
    operation: RefreshSessionDocument,
    body: object({ refresh_token: string('The refresh token of the current session.') }, ['refresh_token']),
    variables: ({ body }) => ({ refreshToken: body.refresh_token }),
    answer: field('refreshSession'),
    response: object({ session: ref('Session') }, ['session']),
    errors: [401, 403],
  }),
  route({
    method: 'POST',
    path: '/auth/signout',
    summary: 'Ends the bearer token’s session; its tokens stop working.',
    auth: 'user',
    operation: SignOutDocument,
    variables: () => ({}),
    answer: () => undefined,
    status: 204,
  }),
  route({
    method: 'POST',
    path: '/auth/recover',
    summary: 'Mails a password reset link when the address has an account; always answers 200.',
    auth: 'none',
    operation: RecoverPasswordDocument,
    body: object({ email: EMAIL }, ['email']),
    variables: ({ body }) => ({ email: body.email }),
    answer: () => ({}),
    response: object({}),
  }),
  route({
    method: 'POST',
    path: '/auth/update-password',
    summary: 'Sets a new password, with the reset token or a session as bearer; other sessions end.',
    auth: 'token',
    operation: UpdatePasswordDocument,
    body: object({ password: PASSWORD }, ['password']),
    variables: ({ body }) => ({ password: body.password }),
    answer: (data) => ({ user: data.updatePassword }),
    response: object({ user: ref('User') }, ['user']),
    errors: [404],
  }),
  route({
    method: 'GET',
    path: '/auth/user',
    summary: 'The signed-in person; admins carry user_metadata.isAdmin true.',
    auth: 'user',
    operation: MeDocument,
    variables: () => ({}),
    answer: (data) => ({ user: data.me }),
    response: object({ user: ref('User') }, ['user']),
    errors: [404],
  }),
];
