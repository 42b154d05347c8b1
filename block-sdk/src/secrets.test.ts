import { defineBlock } from './define-block';
import { output } from './outputs';
import { SecretReader, scrubError, scrubSecrets } from './secrets';
import { runBlock } from './testing/run-block';

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

  it('masks a secret cut short, in outputs and in failures (their stack too)', () => {
    const token = new Map([['API_TOKEN', 'tok_live_9f8A7b6C5d4E3f2G1h']]);
    const excerpt = 'The server answered 400 Bad Request: {"auth":"Bearer tok_live_9f8A7b6C5d4E3f2G…';
    expect(scrubSecrets({ steps: [excerpt] }, token)).toEqual({
      steps: ['The server answered 400 Bad Request: {"auth":"Bearer [secret API_TOKEN]…'],
    });
    const thrown = new Error(excerpt);
    expect(thrown.stack).toContain('9f8A7b6C'); // read before, as a logger might
    const error = scrubError(thrown, token) as Error;
    expect(error.message).toBe('The server answered 400 Bad Request: {"auth":"Bearer [secret API_TOKEN]…');
    expect(error.stack).not.toContain('9f8A7b6C');
    expect(scrubError(`refused ${token.get('API_TOKEN')!.slice(9)}`, token)).toBe(
      'refused [secret API_TOKEN]',
    );
  });

  it('remembers what it read, and only values that exist', async () => {
    const reader = new SecretReader(async (name) => (name === 'TOKEN' ? 'ghp_s3cret' : undefined));
    expect(await reader.read('TOKEN')).toBe('ghp_s3cret');
    expect(await reader.read('MISSING')).toBeUndefined();
    expect([...reader.revealed]).toEqual([['TOKEN', 'ghp_s3cret']]);
  });

  it('the test harness cleans progress as a run does', async () => {
    const talker = defineBlock({
      kind: 'secretTalker',
      name: 'Secret Talker',
      description: 'Says part of its secret as progress.',
      category: 'ai',
      cost: 1,
      settings: {},
      outputs: { said: output.text() },
      async run(ctx) {
        const token = (await ctx.secret('TOKEN'))!;
        ctx.progress(`sending ${token.slice(0, 12)}`);
        return { said: 'done' };
      },
    });
    const { progress } = await runBlock(talker, { secrets: { TOKEN: 'ghp_0123456789abcdef' } });
    expect(progress).toEqual(['sending [secret TOKEN]']);
  });
});
