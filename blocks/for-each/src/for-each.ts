import { BlockInputError, defineBlock, field, output, type UpstreamValue } from '@blocksmith/block-sdk';
import { listItems, SPLITS } from './list-items';

/** A link to a file the server keeps (`/files/<id>`, signed or not), as File Upload hands it on. */
const KEPT_FILE_LINK = /^(?:https?:\/\/[^/\s]+)?\/files\/[\w-]+(?:\?\S*)?$/;

/** The connected block that gives a file's link instead of rows or text, if any. */
function fileGiver(upstream: readonly UpstreamValue[]): UpstreamValue | undefined {
  return upstream.find((u) => typeof u.value === 'string' && KEPT_FILE_LINK.test(u.value.trim()));
}

export const forEach = defineBlock({
  kind: 'forEach',
  name: 'For Each',
  description:
    'Runs the blocks after it once per item of a list, up to a Collect block that gathers the results.',
  category: 'ai',
  settings: {
    split: field.select({
      label: 'Items',
      options: SPLITS,
      default: 'auto',
      help: 'How the connected value is split into items: lines of text, a JSON array, or the rows of a table or CSV.',
    }),
    max_items: field.number({
      label: 'Most items',
      min: 1,
      max: 1000,
      default: 100,
      integer: true,
      help: 'Items past this many are left out. Each item is charged for the blocks it runs.',
    }),
    concurrency: field.number({
      label: 'Items at once',
      min: 1,
      max: 16,
      default: 4,
      integer: true,
      help: 'How many items run at the same time.',
    }),
  },
  outputs: {
    item: output.json('The current item, for the blocks inside the loop'),
    items: output.json('The items the loop goes through'),
    item_count: output.number('How many items the loop goes through'),
  },
  loop: { items: 'items', maxItems: 'max_items', concurrency: 'concurrency' },
  run(ctx) {
    // A file's link is one line of text: without this it would be one meaningless item, or none.
    const file = fileGiver(ctx.upstream);
    if (file)
      throw new BlockInputError(
        `For Each receives a file: add an Extract from File block between the block that gives {{${file.name}}} and For Each.`,
      );
    const value = ctx.upstream.length === 1 ? ctx.upstream[0]!.value : ctx.primaryText();
    const found = listItems(value, ctx.settings.split);
    const items = found.slice(0, ctx.settings.max_items);
    if (found.length > items.length)
      ctx.progress(`Found ${found.length} items; going through the first ${items.length} (Most items).`);
    return { item: null, items, item_count: items.length };
  },
});
