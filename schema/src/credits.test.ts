import { DEFAULT_HISTORY_LIMIT, RECENT_USAGE_ENTRIES, SHOWN_HISTORY_LIMIT, actionLabel } from './credits';

describe('credits', () => {
  it('shows test executions as Test and anything else as Published', () => {
    expect(actionLabel('test_execution')).toBe('Test');
    expect(actionLabel('published')).toBe('Published');
  });

  it('has the spec limits', () => {
    expect([DEFAULT_HISTORY_LIMIT, SHOWN_HISTORY_LIMIT, RECENT_USAGE_ENTRIES]).toEqual([50, 10, 5]);
  });
});
