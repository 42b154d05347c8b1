import type Anthropic from '@anthropic-ai/sdk';
import {
  AiProviderError,
  type JsonRequest,
  type JsonSchema,
  type TextRequest,
  type VisionRequest,
} from '@blocksmith/block-sdk';

/** The body of a streamed Messages request, without `model` and `max_tokens` (the provider adds them). */
export type MessageBody = Omit<Anthropic.MessageCreateParamsStreaming, 'model' | 'max_tokens' | 'stream'>;

/** The image types the Messages API reads. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * A text request: the prompt as the user's turn, the system text apart. No temperature: the API
 * version the SDK speaks (2026-10-21) refuses sampling parameters, so a request's is not sent.
 */
export function textBody(request: TextRequest): MessageBody {
  return {
    messages: [{ role: 'user', content: request.prompt }],
    ...(request.system ? { system: request.system } : {}),
  };
}

/**
 * Structured output the vendor's way: one tool whose `input_schema` is the block's schema, forced
 * with `tool_choice`, so the answer is that tool's input. Tool input is always an object: a schema
 * for anything else is wrapped as the `value` property (and unwrapped by `answerFromToolInput`).
 * On the corrective retry the refused answer goes back as the tool call it was, with the reason
 * as its failed result.
 */
export function jsonBody(request: JsonRequest): MessageBody {
  const name = toolName(request.schemaName);
  const { schema } = toolSchema(request.schema);
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: request.prompt }];
  if (request.previousAttempt) {
    const id = 'toolu_previous_attempt';
    const input = previousInput(request.previousAttempt.output, request.schema);
    const retry = `That answer was refused: ${request.previousAttempt.error}. Call ${name} again with corrected input, matching its schema.`;
    if (input !== undefined) {
      messages.push(
        { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, is_error: true, content: retry }] },
      );
    } else {
      messages.push(
        { role: 'assistant', content: request.previousAttempt.output || '(no answer)' },
        { role: 'user', content: retry },
      );
    }
  }
  return {
    messages,
    ...(request.system ? { system: request.system } : {}),
    tools: [
      {
        name,
        description: `Give the answer (${request.schemaName}) as this tool's input, matching its schema.`,
        input_schema: schema,
      },
    ],
    tool_choice: { type: 'tool', name },
  };
}

/** The tool input as the raw JSON text the facade checks (unwrapped when the schema was wrapped). */
export function answerFromToolInput(input: unknown, schema: JsonSchema): string {
  const { wrapped } = toolSchema(schema);
  if (wrapped && typeof input === 'object' && input !== null && 'value' in input) {
    return JSON.stringify((input as { value: unknown }).value);
  }
  return JSON.stringify(input ?? null);
}

/** An image as a base64 `image` block before the question, in one user turn. */
export function visionBody(request: VisionRequest): MessageBody {
  const mime = request.image.mime.split(';')[0]!.trim().toLowerCase();
  if (!IMAGE_TYPES.includes(mime as ImageType)) {
    throw new AiProviderError(
      'rejected',
      `Anthropic reads JPEG, PNG, GIF and WebP images; this one is ${mime || 'of an unknown type'}. Convert it first, or choose another model in the block's settings.`,
    );
  }
  return {
    messages: [
      {
        role: 'user',
        content: [
          {
            type: 'image',
            source: {
              type: 'base64',
              media_type: mime as ImageType,
              data: Buffer.from(request.image.data).toString('base64'),
            },
          },
          { type: 'text', text: request.prompt },
        ],
      },
    ],
  };
}

/** The schema as a tool's `input_schema` (an object at the root, `$defs` kept at the root). */
function toolSchema(schema: JsonSchema): { schema: Anthropic.Tool.InputSchema; wrapped: boolean } {
  if (schema.type === 'object') return { schema: { ...schema, type: 'object' }, wrapped: false };
  const { $defs, $schema: _dialect, ...value } = schema;
  return {
    schema: {
      type: 'object',
      ...($defs ? { $defs } : {}),
      properties: { value },
      required: ['value'],
      additionalProperties: false,
    },
    wrapped: true,
  };
}

/** The refused answer as tool input, when it is JSON (rewrapped as the tool took it). */
function previousInput(output: string, schema: JsonSchema): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return undefined;
  }
  if (toolSchema(schema).wrapped) return { value };
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Tool names take letters, digits, `_` and `-`, up to 64 characters. */
export function toolName(schemaName: string): string {
  return schemaName.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64) || 'answer';
}
