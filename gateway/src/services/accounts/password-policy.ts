import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { zxcvbn } from '../../libraries';
import { AccountInputError, WeakPasswordError } from './account-errors';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/**
 * The lowest strength accepted, on zxcvbn's 0-4 scale: 2 ("somewhat guessable", about 10^8
 * guesses) refuses common passwords, keyboard walks, repeats and dictionary words with digits
 * stuck on ("password", "12345678", eight spaces, "hunter22"), and accepts a few unrelated words.
 */
export const MIN_PASSWORD_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;

/**
 * zxcvbn with its common-password and English dictionaries, loaded and built once on first use
 * (about 0.8 s: a server where nobody chooses a password never pays it).
 */
function estimate(password: string, personal: readonly string[]): ZxcvbnResult {
  if (!estimator) {
    const { core, common, english } = zxcvbn();
    estimator = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
  }
  return estimator.check(password, [...personal]);
}

/**
 * Checks a password someone is choosing (sign-up, update). Length counts characters as people
 * see them (code points), so an emoji is one. Passwords are never trimmed. `personal` is what the
 * account already says about its owner (e-mail, name), which a password should not be built from.
 */
export function checkNewPassword(password: string, personal: readonly string[] = []): void {
  const length = [...(password ?? '')].length;
  if (length < MIN_PASSWORD_LENGTH) {
    throw new WeakPasswordError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`, [
      'length',
    ]);
  }
  if (length > MAX_PASSWORD_LENGTH) {
    throw new AccountInputError(
      `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
      'password',
    );
  }
  const result = estimate(password, personal.filter(Boolean));
  if (result.score < MIN_PASSWORD_SCORE) {
    const why = result.feedback.warning ? ` ${result.feedback.warning}` : '';
    throw new WeakPasswordError(
      `This password is too easy to guess.${why} Use a few unrelated words, or a longer mix of letters, digits and symbols.`,
      ['guessable'],
    );
  }
}
