import { SECRET_REFERENCE, secretMask, secretNameProblem, secretValueProblem } from './secrets';

describe('secrets', () => {
  it('names are upper-case words with digits and underscores', () => {
    expect(secretNameProblem('GITHUB_TOKEN')).toBeNull();
    expect(secretNameProblem('A1')).toBeNull();
    for (const bad of ['', 'github_token', '1TOKEN', 'MY-TOKEN', 'X'.repeat(65), 'TOKEN ']) {
      expect(secretNameProblem(bad)).toMatch(/upper-case letters/);
    }
  });

  it('values are one non-blank line of at most 4,000 characters', () => {
    expect(secretValueProblem('ghp_abc')).toBeNull();
    expect(secretValueProblem('  ')).toBe('Give the secret a value.');
    expect(secretValueProblem('a\nb')).toBe('A secret’s value is one line: remove the line breaks.');
    expect(secretValueProblem('x'.repeat(4001))).toBe('A secret’s value is at most 4,000 characters.');
  });

  it('finds {{secret.NAME}} references and masks values by name', () => {
    const text = 'Bearer {{secret.GITHUB_TOKEN}} and {{ secret.OTHER }}';
    expect([...text.matchAll(SECRET_REFERENCE)].map((m) => m[1])).toEqual(['GITHUB_TOKEN', 'OTHER']);
    expect(secretMask('GITHUB_TOKEN')).toBe('[secret GITHUB_TOKEN]');
  });
});
