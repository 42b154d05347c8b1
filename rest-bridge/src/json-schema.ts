/** The small part of JSON Schema (2020-12) the route table uses for bodies, queries and answers. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null' | readonly string[];
  description?: string;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: readonly unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  /** For a file part of a multipart form: what the part holds. */
  contentMediaType?: string;
  const?: unknown;
  $ref?: string;
  oneOf?: readonly JsonSchema[];
  default?: unknown;
}

export const string = (description: string, extra: Partial<JsonSchema> = {}): JsonSchema => ({
  type: 'string',
  description,
  ...extra,
});

/** An ISO 8601 date and time. */
export const dateTime = (description: string): JsonSchema => string(description, { format: 'date-time' });

export const boolean = (description: string): JsonSchema => ({ type: 'boolean', description });

/** One of a fixed list of strings. */
export const enumOf = (values: readonly string[], description: string): JsonSchema => ({
  type: 'string',
  enum: values,
  description,
});

/** Text or null. */
export const nullableString = (description: string): JsonSchema => ({
  type: ['string', 'null'],
  description,
});

/** A whole number, or null. */
export const nullableInteger = (description: string): JsonSchema => ({
  type: ['integer', 'null'],
  description,
});

export const integer = (description: string, extra: Partial<JsonSchema> = {}): JsonSchema => ({
  type: 'integer',
  description,
  ...extra,
});

export const object = (
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[] = [],
  description?: string,
): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
  ...(description ? { description } : {}),
});

/** An object, or null: any object, or one with `properties` when they are given. */
export const nullableObject = (
  description: string,
  properties?: Readonly<Record<string, JsonSchema>>,
  required: readonly string[] = [],
): JsonSchema => ({
  ...(properties ? object(properties, required) : {}),
  type: ['object', 'null'],
  description,
});

export const anyObject = (description: string): JsonSchema => ({ type: 'object', description });

export const arrayOf = (items: JsonSchema, description?: string): JsonSchema => ({
  type: 'array',
  items,
  ...(description ? { description } : {}),
});

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
