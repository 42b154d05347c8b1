import { messageText } from './user-message';
import { publishProblem } from './publish-validation';

const ready = { authChecked: true, signedIn: true, category: 'Content', name: 'My App' };

describe('publishProblem', () => {
  it('is null when everything is in place', () => {
    expect(publishProblem(ready)).toBeNull();
  });

  it('waits for the authentication check first', () => {
    expect(publishProblem({ authChecked: false, signedIn: false, category: '', name: '' })).toEqual({
      title: 'Please wait',
      description: 'Authentication is being verified...',
    });
  });

  it('then requires sign-in', () => {
    expect(publishProblem({ ...ready, signedIn: false, category: '', name: '' })).toEqual({
      title: 'Authentication Required',
      description: 'Please sign in to publish your app',
    });
  });

  it('then requires a category', () => {
    expect(publishProblem({ ...ready, category: '', name: '' })).toEqual({
      title: 'Category Required',
      description: 'Please select a category for your app before publishing',
    });
    expect(publishProblem({ ...ready, category: '  ' })?.title).toBe('Category Required');
  });

  it('then requires a name that is not blank after trimming', () => {
    const expected = {
      title: 'App Name Required',
      description: 'Please enter a name for your app before publishing',
    };
    expect(publishProblem({ ...ready, name: '' })).toEqual(expected);
    expect(publishProblem({ ...ready, name: ' \t ' })).toEqual(expected);
    expect(publishProblem({ ...ready, name: ' x ' })).toBeNull();
  });

  it('reads as the spec writes it on one line', () => {
    const problem = publishProblem({ ...ready, authChecked: false });
    expect(problem && messageText(problem)).toBe('Please wait: Authentication is being verified...');
  });
});
