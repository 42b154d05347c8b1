import { BLOCK_CATEGORIES, BLOCK_CATEGORY_LABELS, CATEGORIES, isCategory } from './categories';

describe('categories', () => {
  it('lists the twelve store categories in order', () => {
    expect(CATEGORIES).toEqual([
      'Content',
      'Automation',
      'Design',
      'Productivity',
      'Education',
      'Marketing',
      'Business',
      'Health',
      'Development',
      'Research',
      'Chatbots',
      'Other',
    ]);
  });

  it('recognises categories only', () => {
    expect(isCategory('Chatbots')).toBe(true);
    expect(isCategory('chatbots')).toBe(false);
    expect(isCategory('')).toBe(false);
    expect(isCategory(3)).toBe(false);
  });

  it('labels the block categories as the palette does', () => {
    expect(BLOCK_CATEGORIES.map((c) => BLOCK_CATEGORY_LABELS[c])).toEqual(['Input', 'AI Logic', 'Output']);
  });
});
