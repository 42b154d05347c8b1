/** A dropdown block's `options` setting is one comma-separated string: split, trim, drop empties. */
export function parseDropdownOptions(options: string): string[] {
  return options
    .split(',')
    .map((option) => option.trim())
    .filter((option) => option !== '');
}
