import { defineBlock, field, output, valueAsText, type GatheredItem } from '@blocksmith/block-sdk';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What one item gave: the one connected value, or several by their variable names. */
function resultOf(gathered: GatheredItem): unknown {
  if (gathered.upstream.length === 1) return gathered.upstream[0]!.value;
  return Object.fromEntries(gathered.upstream.map((u) => [u.name, u.value]));
}

/** One table row per item: a record's fields, or the value under its variable name. */
function rowOf(gathered: GatheredItem, withItem: boolean): Record<string, unknown> {
  const row: Record<string, unknown> = withItem ? { item: gathered.item } : {};
  for (const u of gathered.upstream) {
    if (isRecord(u.value) && gathered.upstream.length === 1) Object.assign(row, u.value);
    else row[u.name] = u.value;
  }
  return row;
}

export const collect = defineBlock({
  kind: 'collect',
  name: 'Collect',
  description: 'Ends a For Each loop: gathers what each item gave into a list, a table or a text.',
  category: 'ai',
  settings: {
    format: field.select({
      label: 'Collect into',
      options: [
        { value: 'list', label: 'List' },
        { value: 'table', label: 'Table' },
        { value: 'text', label: 'Text, one item after another' },
      ],
      default: 'list',
    }),
    include_item: field.boolean({
      label: 'Include each item',
      default: false,
      help: 'Table: a first column with the item the row came from.',
    }),
  },
  outputs: {
    collected: output.json('What each item gave, in item order'),
    collected_count: output.number('How many items gave something'),
  },
  endsLoop: true,
  run(ctx) {
    // An item in which a block failed while the run went on gave an error value, not a result: the
    // run's notes say which items failed.
    const gathered = ctx.gathered.filter((g) => g.error === undefined);
    const collected =
      ctx.settings.format === 'table'
        ? gathered.map((g) => rowOf(g, ctx.settings.include_item))
        : ctx.settings.format === 'text'
          ? gathered.map((g) => valueAsText(resultOf(g))).join('\n\n')
          : gathered.map(resultOf);
    return { collected, collected_count: gathered.length };
  },
});
