import { BlockInputError, checkJsonAnswer, type JsonSchema } from '@blocksmith/block-sdk';

/** How the agent answers: text (Markdown), or JSON matching the creator's schema. */
export type AnswerFormat = { mode: 'text' } | { mode: 'json'; schema: JsonSchema };

/** The most characters of the schema setting (a schema longer than this is not one a model follows). */
export const MAX_SCHEMA_CHARS = 20_000;

/**
 * The answer format the settings ask for. In JSON mode the schema must be a JSON object that ajv
 * can compile; anything else is refused saying what to fix, before the model is asked.
 */
export function answerFormat(mode: string, schemaText: string): AnswerFormat {
  if (mode !== 'json') return { mode: 'text' };
  const text = schemaText.trim();
  if (text === '') {
    throw new BlockInputError(
      '"Answer" is JSON but "Answer JSON schema" is empty: write the JSON schema the answer must match, e.g. {"type": "object", "properties": {"summary": {"type": "string"}}, "required": ["summary"]}.',
    );
  }
  if (text.length > MAX_SCHEMA_CHARS) {
    throw new BlockInputError(
      `"Answer JSON schema" is ${text.length} characters; at most ${MAX_SCHEMA_CHARS} are allowed.`,
    );
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    throw new BlockInputError(`"Answer JSON schema" is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new BlockInputError('"Answer JSON schema" must be a JSON object, e.g. {"type": "object", ...}.');
  }
  const { $schema: _draft, ...readable } = schema as Record<string, unknown>;
  try {
    checkJsonAnswer('null', readable);
  } catch (error) {
    throw new BlockInputError(
      `"Answer JSON schema" is not a schema that can be checked: ${(error as Error).message}`,
    );
  }
  return { mode: 'json', schema: readable };
}

/** What the model is told, after the instructions, about the answer's form in JSON mode. */
export function jsonAnswerInstructions(schema: JsonSchema): string {
  return `When you give the final answer, reply with JSON only (no other text, no code fence) that matches this JSON schema:\n${JSON.stringify(schema)}`;
}

/** The corrective message for one more try after an answer that did not match the schema. */
export function repairRequest(error: string): string {
  return `Your answer does not match the JSON schema: ${error}. Reply again with only the corrected JSON.`;
}

/** The parsed answer, or why it does not match `schema`. */
export function checkedAnswer(
  text: string,
  schema: JsonSchema,
): { ok: true; value: unknown } | { ok: false; error: string } {
  return checkJsonAnswer(text, schema);
}
