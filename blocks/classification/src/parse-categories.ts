/** The Categories setting split at commas and trimmed; blanks and repeats (ignoring case) dropped. */
export function parseCategories(setting: string): string[] {
  const seen = new Set<string>();
  const categories: string[] = [];
  for (const part of setting.split(',')) {
    const category = part.trim();
    const key = category.toLowerCase();
    if (category === '' || seen.has(key)) continue;
    seen.add(key);
    categories.push(category);
  }
  return categories;
}
