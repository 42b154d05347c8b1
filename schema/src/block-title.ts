/**
 * A block's title as the canvas shows it: its label setting when it has one, else its kind's name.
 * Run errors and a run's steps name blocks by it, never by their ids.
 */
export function blockTitle(
  settings: Readonly<Record<string, unknown>> | undefined,
  kindName: string,
): string {
  const label = settings?.label;
  if (typeof label === 'string' && label.trim() !== '') return label.trim();
  return kindName;
}
