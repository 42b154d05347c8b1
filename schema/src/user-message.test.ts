import { messageText } from './user-message';

describe('messageText', () => {
  it('joins title and description with a colon and a space', () => {
    expect(messageText({ title: 'Please wait', description: 'Authentication is being verified...' })).toBe(
      'Please wait: Authentication is being verified...',
    );
  });
});
