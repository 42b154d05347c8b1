import { runBlockerText } from './run-blocker';

describe('runBlockerText', () => {
  it('words the reasons Run App is disabled', () => {
    expect(runBlockerText({ kind: 'signedOut' })).toBe('Sign in to run this app and use credits');
    expect(runBlockerText({ kind: 'inputs', texts: ['Topic'], files: [] })).toBe(
      'To run this app, fill in "Topic".',
    );
    expect(runBlockerText({ kind: 'inputs', texts: ['Topic', 'Tone', 'Audience'], files: ['CV'] })).toBe(
      'To run this app, fill in "Topic", "Tone" and "Audience" and choose a file for "CV".',
    );
    expect(runBlockerText({ kind: 'credits', needed: 3, balance: 1 })).toBe(
      'Not enough credits: a run of this app costs 3 credit(s) and you have 1.',
    );
  });
});
