import type { ApiTestGateway } from './rest-client';
import { testFetch } from './test-fetch';

/** Sign-in attempts against a test gateway over REST and GraphQL, for the sign-in limit tests. */

export const PASSWORD = 'a good long password';
export const WRONG = 'not the password at all';

/**
 * One sign-in attempt as the limits see it: `invalid` (the password was checked and was wrong),
 * `limited` (refused before any check), `signed in`; anything else is spelled out so a failing
 * assertion shows it.
 */
export interface Attempt {
  outcome: string;
  retryAfter?: number;
}

/** POST /api/auth/signin, optionally as if forwarded for another address. */
export async function signInOverRest(
  t: ApiTestGateway,
  email: string,
  password: string,
  forwardedFor?: string,
): Promise<Attempt> {
  const answer = await t.api('POST', '/auth/signin', {
    body: { email, password },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  if (answer.status === 200) return { outcome: 'signed in' };
  if (answer.status === 400 && answer.body.error === 'invalid_credentials') return { outcome: 'invalid' };
  const retryAfter = answer.headers.get('retry-after');
  if (answer.status === 429 && answer.body.error === 'rate_limited' && retryAfter !== null) {
    return { outcome: 'limited', retryAfter: Number(retryAfter) };
  }
  return { outcome: `unexpected ${answer.status} ${JSON.stringify(answer.body)}` };
}

/** The GraphQL signIn mutation over HTTP, optionally as if forwarded for another address. */
export async function signInOverGraphql(
  t: ApiTestGateway,
  email: string,
  password: string,
  forwardedFor?: string,
): Promise<Attempt> {
  const response = await testFetch(`${t.gateway.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({
      query:
        'mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { user { id } } }',
      variables: { email, password },
    }),
  });
  const answer = (await response.json()) as {
    data?: { signIn?: unknown } | null;
    errors?: { extensions?: Record<string, unknown> }[];
  };
  if (answer.data?.signIn) return { outcome: 'signed in' };
  const extensions = answer.errors?.[0]?.extensions ?? {};
  if (extensions.code === 'BAD_USER_INPUT' && extensions.authCode === 'invalid_credentials') {
    return { outcome: 'invalid' };
  }
  if (extensions.code === 'RATE_LIMITED' && typeof extensions.retryAfterSeconds === 'number') {
    return { outcome: 'limited', retryAfter: extensions.retryAfterSeconds };
  }
  return { outcome: `unexpected ${response.status} ${JSON.stringify(answer)}` };
}

/** Attempts by index: even ones over /api, odd ones over GraphQL, so both paths share every count. */
export function signInEitherWay(
  t: ApiTestGateway,
  i: number,
  email: string,
  password: string,
  forwardedFor?: string,
): Promise<Attempt> {
  return i % 2 === 0
    ? signInOverRest(t, email, password, forwardedFor)
    : signInOverGraphql(t, email, password, forwardedFor);
}

/** `count` failed sign-ins, each on an e-mail of its own, sent ten at a time. */
export async function spray(
  count: number,
  attempt: (i: number, email: string) => Promise<Attempt>,
  prefix: string,
): Promise<string[]> {
  const outcomes: string[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, k) => start + k);
    const answers = await Promise.all(batch.map((i) => attempt(i, `${prefix}-${i}@example.com`)));
    outcomes.push(...answers.map((a) => a.outcome));
  }
  return outcomes;
}

export const tally = (attempts: readonly Attempt[]) => {
  const counts: Record<string, number> = {};
  for (const { outcome } of attempts) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
};

/** Retry-After of a lock: positive, and no longer than the 15-minute window. */
export const expectLockedFor = (attempt: Attempt) => {
  expect(attempt.outcome).toBe('limited');
  expect(attempt.retryAfter).toBeGreaterThan(0);
  expect(attempt.retryAfter).toBeLessThanOrEqual(15 * 60);
};
