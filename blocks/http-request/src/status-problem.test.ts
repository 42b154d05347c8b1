import { statusProblem } from './status-problem';

const secrets = new Map([
  ['SPACED', 'abc  def\tghi   jkl'],
  ['API_TOKEN', 'tok_live_9f8A7b6C5d4E3f2G'],
]);

describe('statusProblem', () => {
  it('words an error status with the first 200 characters of the answer, spaces folded', () => {
    const body = Buffer.from(`{"error":\n  "no such item", "pad": "${'x'.repeat(300)}"}`);
    const folded = `{"error": "no such item", "pad": "${'x'.repeat(300)}"}`;
    expect(statusProblem(404, 'Not Found', body, new Map()).message).toBe(
      `The server answered 404 Not Found: ${folded.slice(0, 200)}…`,
    );
    expect(statusProblem(500, '', Buffer.alloc(0), new Map()).message).toBe('The server answered 500');
  });

  it('masks the secrets the request sent before folding spaces or cutting the excerpt', () => {
    const echoed = Buffer.from(
      `{"you sent": "Bearer abc  def\tghi   jkl", "and": "tok_live_9f8A7b6C5d4E3f2G"}`,
    );
    expect(statusProblem(400, 'Bad Request', echoed, secrets).message).toBe(
      'The server answered 400 Bad Request: {"you sent": "Bearer [secret SPACED]", "and": "[secret API_TOKEN]"}',
    );
    const reason = statusProblem(400, 'Bearer tok_live_9f8A7b6C5d', Buffer.alloc(0), secrets).message;
    expect(reason).toBe('The server answered 400 Bearer [secret API_TOKEN]');
  });
});
