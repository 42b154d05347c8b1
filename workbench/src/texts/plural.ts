/** A count's word: 'views' for every count but 1 ('view'). */
export function plural(count: number, word: string): string {
  return count === 1 ? word.replace(/s$/, '') : word;
}
