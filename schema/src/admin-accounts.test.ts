import { adminReasonProblem, creditAdjustmentProblem } from './admin-accounts';

describe('admin account changes', () => {
  it('take a whole number of credits other than 0, within a million either way', () => {
    for (const ok of [1, -1, 250, 1_000_000, -1_000_000]) expect(creditAdjustmentProblem(ok)).toBeNull();
    for (const bad of [0, 1.5, 1_000_001, '5', null]) {
      expect(creditAdjustmentProblem(bad)).toBe(
        'amount must be a whole number of credits other than 0, from -1,000,000 to 1,000,000.',
      );
    }
  });

  it('need a reason of at most 500 characters', () => {
    expect(adminReasonProblem('Refund for an outage')).toBeNull();
    expect(adminReasonProblem('  ')).toBe('Give a reason: it is kept with the entry.');
    expect(adminReasonProblem(undefined)).toBe('Give a reason: it is kept with the entry.');
    expect(adminReasonProblem('x'.repeat(501))).toBe('reason must be at most 500 characters.');
  });
});
