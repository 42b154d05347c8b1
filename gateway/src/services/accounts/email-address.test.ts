import { AccountInputError, WeakPasswordError } from './account-errors';
import { normalizeEmail, parseEmail } from './email-address';
import { checkNewPassword } from './password-policy';

describe('e-mail addresses', () => {
  it('are trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ada@Example.COM\n')).toBe('ada@example.com');
    expect(parseEmail(' Ada+blocks@Mail.Example.org ')).toBe('ada+blocks@mail.example.org');
  });

  it.each([
    '',
    '   ',
    'ada',
    'ada@',
    '@example.com',
    'ada@@example.com',
    'a da@example.com',
    'ada@-x.com',
    `${'a'.repeat(250)}@x.io`,
  ])('refuses %j with a message to act on', (raw) => {
    expect(() => parseEmail(raw)).toThrow(AccountInputError);
  });
});

describe('new passwords', () => {
  it('need 8 to 128 characters', () => {
    expect(() => checkNewPassword('cat bird')).not.toThrow();
    expect(() => checkNewPassword('cat bir')).toThrow(WeakPasswordError);
    const long = 'river stone lamp '.repeat(8);
    expect(() => checkNewPassword(long.slice(0, 128))).not.toThrow();
    expect(() => checkNewPassword(long.slice(0, 129))).toThrow(AccountInputError);
  });

  it.each(['password', '12345678', '        ', 'hunter22', 'qwertyuiop', 'abcdefgh', 'Passw0rd!'])(
    'refuses the common or trivial %j, saying why',
    (password) => {
      let error: unknown;
      try {
        checkNewPassword(password);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(WeakPasswordError);
      expect((error as WeakPasswordError).reasons).toEqual(['guessable']);
      expect((error as Error).message).toMatch(/^This password is too easy to guess\./);
    },
  );

  it("refuses a password made of the account's own e-mail or name", () => {
    expect(() => checkNewPassword('grace.hopper', [])).not.toThrow();
    expect(() => checkNewPassword('grace.hopper', ['grace.hopper@example.com', 'grace.hopper'])).toThrow(
      WeakPasswordError,
    );
  });
});
