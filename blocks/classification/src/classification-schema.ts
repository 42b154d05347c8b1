import type { JsonSchema } from '@blocksmith/block-sdk';

export type Sentiment = 'positive' | 'neutral' | 'negative';

/** The AI's answer, and what the `classification` output holds. */
export interface Classification {
  /** One of the block's categories, spelled as in the setting. */
  category: string;
  sentiment: Sentiment;
  /** From 0 to 1. */
  confidence: number;
}

/** The answer's shape; `category` gets an `enum` of the block's categories per list. */
const CLASSIFICATION_SCHEMA_TEMPLATE = {
  type: 'object',
  additionalProperties: false,
  required: ['category', 'sentiment', 'confidence'],
  properties: {
    category: { type: 'string' },
    sentiment: { type: 'string', enum: ['positive', 'neutral', 'negative'] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const;

const schemasByCategories = new Map<string, JsonSchema>();

/**
 * The answer schema for one category list, `category` limited to exactly those categories. Each
 * distinct list gets one schema object that is reused: the SDK compiles a validator once per
 * schema object, so the same list is never compiled twice.
 */
export function classificationSchema(categories: readonly string[]): JsonSchema {
  const key = JSON.stringify(categories);
  let schema = schemasByCategories.get(key);
  if (!schema) {
    schema = Object.freeze({
      ...CLASSIFICATION_SCHEMA_TEMPLATE,
      properties: {
        ...CLASSIFICATION_SCHEMA_TEMPLATE.properties,
        category: { type: 'string', enum: [...categories] },
      },
    });
    schemasByCategories.set(key, schema);
  }
  return schema;
}
