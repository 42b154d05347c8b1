import { toolRunCredits } from './run-rows';

describe('toolRunCredits', () => {
  it('says what the apps an agent called were charged together, on top of the run', () => {
    const runs = [
      { id: 'a', appName: 'Haiku writer', status: 'succeeded' as const, cost: 4 },
      { id: 'b', appName: 'Haiku writer', status: 'failed' as const, cost: 0 },
      { id: 'c', appName: 'Translator', status: 'succeeded' as const, cost: 2 },
    ];
    expect(toolRunCredits(runs)).toBe('+ 6 credit(s) for the apps it called');
  });

  it('is nothing for a run that called no app', () => {
    expect(toolRunCredits([])).toBeNull();
  });
});
