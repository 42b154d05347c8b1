import { TESTS } from './testing-texts';

describe('tested quality in words', () => {
  it('says one credit, or credits, per run', () => {
    expect(TESTS.publicRuns(1, 38, 1)).toBe('From 1 public run: p95 38 ms; 1 credit per run');
    expect(TESTS.publicRuns(3, null, 1.5)).toBe('From 3 public runs: p95 – ms; 1.5 credits per run');
    expect(TESTS.qualityTitle(100, 3, 28, null, '11/29/2026')).toBe(
      'Tested 11/29/2026: 100% of 3 cases passed; p95 28 ms; – credits per run',
    );
  });

  it('says what the model judging checks may add to a test run’s cost', () => {
    expect(TESTS.estimate(3, 3, 5, 2, 2)).toBe(
      '3 cases against the draft (version 2): 3 to 5 credits, of which up to 2 for the model judging checks.',
    );
    expect(TESTS.estimate(1, 1, 1, null)).toBe('1 case against the draft: 1 credit.');
  });
});
