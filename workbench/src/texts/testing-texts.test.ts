import { QUALITY, TESTS, duration } from './testing-texts';

describe('tested quality in words', () => {
  it('names each figure’s source: the test run, or the public’s runs', () => {
    expect(QUALITY.cardTested(100, 3)).toBe('Tested: 100% of 3 cases');
    expect([QUALITY.p95(38), QUALITY.perRun(1), QUALITY.versionOn(2, 'Nov 29, 2026')]).toEqual([
      'p95 38 ms',
      '1 credit/run',
      'v2, Nov 29, 2026',
    ]);
    expect([QUALITY.cardPublic(3), QUALITY.p95(1250), QUALITY.perRun(1.5)]).toEqual([
      'Public runs (3):',
      'p95 1.3 s',
      '1.5 credits/run',
    ]);
    expect(QUALITY.pageTested(2, 'Nov 29, 2026')).toBe('Tested Nov 29, 2026, version 2:');
    expect([QUALITY.pagePassed(100, 1), QUALITY.pageCaseP95(38), QUALITY.pageCredits(null)]).toEqual([
      '100% of 1 test case passed',
      '95% of case runs took 38 ms or less',
      '– credits per run on average',
    ]);
    expect([QUALITY.pagePublic(1), QUALITY.pageRunP95(12_400), QUALITY.pageCredits(1)]).toEqual([
      'Public runs (1 by other people):',
      '95% took 12 s or less',
      '1 credit per run on average',
    ]);
  });

  it('says a duration in ms under a second, in seconds above', () => {
    expect([
      duration(0),
      duration(999),
      duration(1000),
      duration(9_940),
      duration(61_000),
      duration(null),
    ]).toEqual(['0 ms', '999 ms', '1.0 s', '9.9 s', '61 s', '–']);
  });

  it('says what the model judging checks may add to a test run’s cost', () => {
    expect(TESTS.estimate(3, 3, 5, TESTS.againstDraft(2), 2)).toBe(
      '3 cases against the draft (version 2): 3 to 5 credits, of which up to 2 for the model judging checks.',
    );
    expect(TESTS.estimate(1, 1, 1, TESTS.againstDraft(null))).toBe('1 case against the draft: 1 credit.');
    expect(TESTS.estimate(2, 2, 2, TESTS.againstVersion(4))).toBe('2 cases against version 4: 2 credits.');
  });
});
