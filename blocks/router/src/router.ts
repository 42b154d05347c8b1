import { BlockInputError, defineBlock, field, output } from '@blocksmith/block-sdk';

export const DEFAULT_ROUTE = 'default';

/** The category a classification gave: its `category` field, or the text itself. */
function categoryOf(value: unknown): string {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { category?: unknown }).category === 'string'
  )
    return (value as { category: string }).category;
  return textOf(value);
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The routes as written, one a line, without blank lines. */
export function routeNames(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export const router = defineBlock({
  kind: 'router',
  name: 'Router',
  description: 'Sends the run down one of several named routes by a category or value, or its default route.',
  category: 'ai',
  settings: {
    routes: field.text({
      label: 'Routes',
      multiline: true,
      default: 'Positive\nNeutral\nNegative',
      help: 'One route per line. A route is taken when the value (or category) is its name; otherwise the default route is.',
    }),
    source: field.select({
      label: 'Route by',
      options: [
        { value: 'category', label: 'Classification category' },
        { value: 'value', label: 'The connected value' },
      ],
      default: 'category',
    }),
    match: field.select({
      label: 'Match',
      options: [
        { value: 'equals', label: 'Is the route name' },
        { value: 'contains', label: 'Contains the route name' },
      ],
      default: 'equals',
    }),
    ignore_case: field.boolean({ label: 'Ignore upper and lower case', default: true }),
  },
  outputs: {
    routed_value: output.json('The value it routed, passed on to the blocks of the route taken'),
    route: output.text('The route taken'),
  },
  routes: { linesOf: 'routes', ports: [DEFAULT_ROUTE] },
  // It steers the run; the blocks on the route it takes show the results.
  present: [],
  run(ctx) {
    const names = routeNames(ctx.settings.routes);
    const fold = (text: string) => (ctx.settings.ignore_case ? text.toLowerCase() : text);
    const seen = new Set<string>();
    for (const name of names) {
      if (fold(name) === fold(DEFAULT_ROUTE))
        throw new BlockInputError(`"${name}" is the default route's name: call that route something else.`);
      if (seen.has(fold(name))) throw new BlockInputError(`The route "${name}" is listed twice.`);
      seen.add(fold(name));
    }
    const value = ctx.upstream.length === 1 ? ctx.upstream[0]!.value : ctx.primaryText();
    const subject = fold((ctx.settings.source === 'category' ? categoryOf(value) : textOf(value)).trim());
    const taken =
      names.find((name) =>
        ctx.settings.match === 'equals' ? subject === fold(name) : subject.includes(fold(name)),
      ) ?? DEFAULT_ROUTE;
    ctx.route(taken);
    return { routed_value: value ?? '', route: taken };
  },
});
