import { SecretReader, scrubError, scrubSecrets } from './secrets';

describe('secrets in block results', () => {
  const revealed = new Map([
    ['TOKEN', 'ghp_s3cret'],
    ['OTHER', 'pa55'],
  ]);

  it('masks every revealed value wherever it appears, however deep, without changing the original', () => {
    const outputs = {
      http_response: {
        status: 200,
        headers: { 'x-echo': 'Bearer ghp_s3cret' },
        body: { args: ['pa55', 'ok'], ghp_s3cret: true, n: 1, none: null },
      },
    };
    const clean = scrubSecrets(outputs, revealed);
    expect(clean).toEqual({
      http_response: {
        status: 200,
        headers: { 'x-echo': 'Bearer [secret TOKEN]' },
        body: { args: ['[secret OTHER]', 'ok'], '[secret TOKEN]': true, n: 1, none: null },
      },
    });
    expect(outputs.http_response.headers['x-echo']).toBe('Bearer ghp_s3cret');
  });

  it('masks failures’ messages, and leaves everything alone when nothing was revealed', () => {
    const error = scrubError(new Error('401 for token ghp_s3cret'), revealed) as Error;
    expect(error.message).toBe('401 for token [secret TOKEN]');
    const same = { a: 'ghp_s3cret' };
    expect(scrubSecrets(same, new Map())).toBe(same);
  });

  it('remembers what it read, and only values that exist', async () => {
    const reader = new SecretReader(async (name) => (name === 'TOKEN' ? 'ghp_s3cret' : undefined));
    expect(await reader.read('TOKEN')).toBe('ghp_s3cret');
    expect(await reader.read('MISSING')).toBeUndefined();
    expect([...reader.revealed]).toEqual([['TOKEN', 'ghp_s3cret']]);
  });
});
