import type { JsonSchema } from '@blocksmith/block-sdk';

export interface Investor {
  /** The person or firm. */
  name: string;
  /** The fund or firm they invest through; empty for an individual angel. */
  fundName: string;
  country: string;
  /** A publicly listed address, or empty when none is known. */
  email: string;
  /** A public page for pitching or contacting them, or empty when none is known. */
  contactPage: string;
  tags: string[];
}

/** The `investorAnalysis` output the result display reads. */
export interface InvestorAnalysis {
  industry: string;
  businessModel: string;
  stage: string;
  investors: Investor[];
}

const VISIBLE = '\\S';
/** An e-mail address (something@domain.tld) or the empty string. */
export const EMAIL_OR_EMPTY = '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** An http(s) address or the empty string. */
export const URL_OR_EMPTY = '^$|^https?://\\S+$';

const INVESTOR_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'fundName', 'country', 'email', 'contactPage', 'tags'],
  properties: {
    name: { type: 'string', pattern: VISIBLE },
    fundName: { type: 'string' },
    country: { type: 'string', pattern: VISIBLE },
    email: { type: 'string', pattern: EMAIL_OR_EMPTY },
    contactPage: { type: 'string', pattern: URL_OR_EMPTY },
    tags: { type: 'array', maxItems: 8, items: { type: 'string', pattern: VISIBLE } },
  },
} as const;

/** One schema per investor count, built once: the SDK caches compiled validators by schema identity. */
const schemasByCount = new Map<number, JsonSchema>();

/** The answer's shape, with exactly `count` investors (minItems = maxItems = count). */
export function investorAnalysisSchema(count: number): JsonSchema {
  let schema = schemasByCount.get(count);
  if (schema === undefined) {
    schema = {
      type: 'object',
      additionalProperties: false,
      required: ['industry', 'businessModel', 'stage', 'investors'],
      properties: {
        industry: { type: 'string', pattern: VISIBLE },
        businessModel: { type: 'string', pattern: VISIBLE },
        stage: { type: 'string', pattern: VISIBLE },
        investors: { type: 'array', minItems: count, maxItems: count, items: INVESTOR_SCHEMA },
      },
    };
    schemasByCount.set(count, schema);
  }
  return schema;
}
