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
    expect(() => checkNewPassword('1234567')).toThrow(WeakPasswordError);
    expect(() => checkNewPassword('12345678')).not.toThrow();
    expect(() => checkNewPassword('x'.repeat(128))).not.toThrow();
    expect(() => checkNewPassword('x'.repeat(129))).toThrow(AccountInputError);
    // Spaces count and are kept.
    expect(() => checkNewPassword('        ')).not.toThrow();
  });
});
