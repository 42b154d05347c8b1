import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { ApiError } from '../blocksmith-api';
import { toApiError } from './to-api-error';

describe('toApiError', () => {
  it("keeps the server's first GraphQL error with its stable code", () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'App not found.', extensions: { code: 'NOT_FOUND' } }, { message: 'Other.' }],
    });
    expect(toApiError(error)).toEqual(
      expect.objectContaining({ message: 'App not found.', code: 'NOT_FOUND' }),
    );
    expect(toApiError(error).network).toBe(false);
  });

  it('leaves out a code that is not a string', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'Odd.', extensions: { code: 7 } }],
    });
    expect(toApiError(error).code).toBeUndefined();
  });

  it('answers an ApiError as it is', () => {
    const error = new ApiError('Kept.', 'CODE');
    expect(toApiError(error)).toBe(error);
  });

  it("marks fetch's failure, an HTTP error page and an unreadable answer as network failures", () => {
    const response = new Response('<html>Bad Gateway</html>', { status: 502 });
    const failures = [
      new TypeError('Failed to fetch'),
      new ServerError('Response not successful', { response, bodyText: '<html>Bad Gateway</html>' }),
      new ServerParseError(new SyntaxError('Unexpected token'), { response, bodyText: 'oops' }),
    ];
    for (const failure of failures) {
      expect(toApiError(failure)).toEqual(
        expect.objectContaining({ message: failure.message, network: true }),
      );
    }
  });

  it('reads a socket closed while watching a run as the connection closing', () => {
    const closed = { code: 1006, reason: '', wasClean: false };
    const error = toApiError(closed);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toEqual(
      expect.objectContaining({ message: 'The connection to the server closed.', network: true }),
    );
  });

  it("keeps any other error's message, not as a network failure", () => {
    expect(toApiError(new Error('Something else.'))).toEqual(
      expect.objectContaining({ message: 'Something else.', network: false }),
    );
    expect(toApiError('plain words')).toEqual(
      expect.objectContaining({ message: 'plain words', network: false }),
    );
  });
});
