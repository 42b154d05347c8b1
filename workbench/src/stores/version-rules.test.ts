import { versionBadges, versionKindLabel, versionTime } from './version-rules';

describe('version rules', () => {
  it('badges a version Live, In review and Draft, in that order', () => {
    expect(versionBadges({ isLive: true, isInReview: false, isDraft: true })).toEqual(['live', 'draft']);
    expect(versionBadges({ isLive: false, isInReview: true, isDraft: false })).toEqual(['inReview']);
    expect(versionBadges({ isLive: false, isInReview: false, isDraft: false })).toEqual([]);
  });

  it('names each kind of version, and shows an unknown kind as sent', () => {
    expect(['created', 'save', 'autosave', 'restore'].map(versionKindLabel)).toEqual([
      'Created',
      'Saved',
      'Autosaved',
      'Restored',
    ]);
    expect(versionKindLabel('import')).toBe('import');
  });

  it('says when a version was saved: just now, minutes ago, today, else the date', () => {
    const now = new Date(2025, 2, 14, 15, 30, 0);
    const at = (date: Date) => versionTime(date.toISOString(), now);
    expect(at(new Date(2025, 2, 14, 15, 29, 30))).toBe('just now');
    expect(at(new Date(2025, 2, 14, 15, 3, 0))).toBe('27 min ago');
    expect(at(new Date(2025, 2, 14, 9, 5, 0))).toMatch(/^today, .*9.*05/);
    expect(at(new Date(2025, 2, 2, 9, 5, 0))).toMatch(/2025/);
    expect(versionTime('not a time', now)).toBe('not a time');
  });
});
