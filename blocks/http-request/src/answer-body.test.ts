import { answerBody } from './answer-body';

describe('answerBody', () => {
  it('says JSON is invalid without quoting the answer, which may echo what the request sent', () => {
    const body = Buffer.from('{"a": 1, "auth": Bearer tok_live_9f8A7b6C5d4E3f2G}');
    let message = '';
    try {
      answerBody(body, 'application/json');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^The server said it answered JSON, but the body is not valid JSON \(/);
    expect(message).toBe(
      "The server said it answered JSON, but the body is not valid JSON (Unexpected token 'B').",
    );
  });
});
