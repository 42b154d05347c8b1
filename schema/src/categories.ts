/** The twelve store categories, in the order the product lists them. */
export const CATEGORIES = [
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
] as const;

export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

/** The three kinds of block; the palette shows them as Input, AI Logic and Output. */
export const BLOCK_CATEGORIES = ['input', 'ai', 'output'] as const;
export type BlockCategory = (typeof BLOCK_CATEGORIES)[number];

export const BLOCK_CATEGORY_LABELS: Record<BlockCategory, string> = {
  input: 'Input',
  ai: 'AI Logic',
  output: 'Output',
};
