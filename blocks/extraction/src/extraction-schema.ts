import type { JsonSchema } from '@blocksmith/block-sdk';

/** The AI's answer: each requested field, as found in the text, or null when the text does not give it. */
export type ExtractedData = Record<string, string | null>;

/** One field's value; the object around them is built per field list by `extractionSchema`. */
const FIELD_VALUE_SCHEMA = { type: ['string', 'null'] } as const;

const schemasByFields = new Map<string, JsonSchema>();

/**
 * The answer schema for one field list: an object with exactly those fields, each a string or null.
 * Each distinct list gets one schema object that is reused: the SDK compiles a validator once per
 * schema object, so the same list is never compiled twice.
 */
export function extractionSchema(fields: readonly string[]): JsonSchema {
  const key = JSON.stringify(fields);
  let schema = schemasByFields.get(key);
  if (!schema) {
    schema = Object.freeze({
      type: 'object',
      additionalProperties: false,
      required: [...fields],
      properties: Object.fromEntries(fields.map((name) => [name, FIELD_VALUE_SCHEMA])),
    });
    schemasByFields.set(key, schema);
  }
  return schema;
}
