import { checkJsonAnswer, type JsonSchema, type ToolCall } from '@blocksmith/block-sdk';

/** Schemas as ajv reads them, one per tool: without `$schema` (servers name drafts ajv does not load). */
const readable = new WeakMap<JsonSchema, JsonSchema>();

function withoutDraft(schema: JsonSchema): JsonSchema {
  let kept = readable.get(schema);
  if (!kept) {
    const { $schema: _draft, ...rest } = schema;
    kept = rest;
    readable.set(schema, kept);
  }
  return kept;
}

/**
 * Why a call's arguments cannot go to the tool, for the model to correct (null when they fit the
 * tool's input schema): arguments that were not a JSON object, or what the schema refuses. A
 * schema that cannot be read is left to the server to check.
 */
export function argumentsProblem(call: ToolCall, parameters: JsonSchema): string | null {
  if (call.argumentsError !== undefined) return call.argumentsError;
  let checked: ReturnType<typeof checkJsonAnswer>;
  try {
    checked = checkJsonAnswer(JSON.stringify(call.arguments), withoutDraft(parameters));
  } catch {
    return null;
  }
  return checked.ok ? null : `the arguments do not fit the tool's input schema: ${checked.error}`;
}
