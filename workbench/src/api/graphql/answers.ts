import { isCategory, type Category } from '@blocksmith/schema';

/**
 * An app as the API answers it, its category narrowed to the store's: the gateway keeps one of
 * them or none, so anything else reads as none.
 */
export function withCategory<T extends { category: string }>(
  app: T,
): Omit<T, 'category'> & { category: Category | '' } {
  return { ...app, category: isCategory(app.category) ? app.category : '' };
}

/** The numeric values of a JSON object of counts (credit costs, events by name). */
export function numbersOf(values: Record<string, unknown>): Record<string, number> {
  const numbers: Record<string, number> = {};
  for (const [key, value] of Object.entries(values)) if (typeof value === 'number') numbers[key] = value;
  return numbers;
}
