import type { ToolCall, ToolSpec } from './ai-provider';
import { BlockInputError } from './errors';

/** What every vendor accepts as a tool's name: letters, digits, `_` and `-`, 1 to 64 of them. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Refuses tools a vendor would refuse, before any call: a name outside `TOOL_NAME_PATTERN`, the
 * same name twice, parameters that are not an object schema.
 */
export function checkToolSpecs(tools: readonly ToolSpec[]): void {
  const seen = new Set<string>();
  for (const tool of tools) {
    const name = typeof tool?.name === 'string' ? tool.name : '';
    if (!TOOL_NAME_PATTERN.test(name)) {
      throw new BlockInputError(
        `The tool name ${JSON.stringify(name)} cannot be used: a tool name has 1 to 64 letters, digits, "_" or "-" (no spaces).`,
      );
    }
    if (seen.has(name)) {
      throw new BlockInputError(`Two tools are named "${name}": give each tool its own name.`);
    }
    seen.add(name);
    const parameters: unknown = tool.parameters;
    const isObjectSchema =
      typeof parameters === 'object' &&
      parameters !== null &&
      !Array.isArray(parameters) &&
      (parameters as { type?: unknown }).type === 'object';
    if (!isObjectSchema) {
      throw new BlockInputError(
        `The parameters of the tool "${name}" must be a JSON Schema of an object ({ "type": "object", "properties": ... }).`,
      );
    }
  }
}

/**
 * A tool call's arguments from the text a vendor streams: the JSON object it holds, or `{}` with
 * `argumentsError` saying what was wrong (empty text is no arguments: `{}`).
 */
export function toolArgumentsFrom(raw: string): Pick<ToolCall, 'arguments' | 'argumentsError'> {
  if (raw.trim() === '') return { arguments: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return {
      arguments: {},
      argumentsError: `the arguments are not valid JSON (${(error as Error).message}): ${clip(raw)}`,
    };
  }
  return checkedArguments(value);
}

/** A call as the caller gets it: arguments that are not a JSON object become `{}`, marked. */
export function checkedToolCall(call: ToolCall): ToolCall {
  if (call.argumentsError !== undefined) return { ...call, arguments: {} };
  const checked = checkedArguments(call.arguments);
  return checked.argumentsError === undefined ? call : { ...call, ...checked };
}

function checkedArguments(value: unknown): Pick<ToolCall, 'arguments' | 'argumentsError'> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return { arguments: value as Record<string, unknown> };
  }
  const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
  return {
    arguments: {},
    argumentsError: `the arguments must be a JSON object, got ${kind}: ${clip(JSON.stringify(value) ?? String(value))}`,
  };
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}
