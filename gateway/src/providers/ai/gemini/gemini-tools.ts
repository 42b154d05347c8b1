import type { ToolCall, ToolMessage, ToolSpec, ToolTurnRequest } from '@blocksmith/block-sdk';
import {
  geminiSdk,
  type Content,
  type GenerateContentConfig,
  type GenerateContentResponse,
  type Part,
} from './gemini-sdk';

/**
 * Gemini 3 models (and later) check that a model turn's function calls carry the thought
 * signature they came with. The calls of a conversation come back here without it (`ToolCall` has
 * no place for one), so for those models they carry the value Google documents for history it did
 * not sign; Gemini 1 and 2 models and Gemma get none.
 */
export const UNSIGNED_CALL = 'skip_thought_signature_validator';

function checksSignatures(model: string): boolean {
  return !/^(?:models\/)?(?:gemini-[12][.-]|gemma)/.test(model);
}

/**
 * A conversation with tools as Gemini contents: each assistant turn as a `model` turn of its text
 * and `functionCall` parts, each set of results as a user turn of `functionResponse` parts (the
 * result as `output`, or as `error` for a failed tool, as the API reads them). Turns of the same
 * role next to each other are joined, as the API wants them to alternate.
 */
export function toolContents(request: ToolTurnRequest, model: string): Content[] {
  const signed = checksSignatures(model);
  const contents: Content[] = [];
  for (const message of request.messages) {
    const turn = contentOf(message, signed);
    if (!turn.parts?.length) continue;
    const previous = contents.at(-1);
    if (previous && previous.role === turn.role) previous.parts = [...(previous.parts ?? []), ...turn.parts];
    else contents.push(turn);
  }
  return contents;
}

function contentOf(message: ToolMessage, signed: boolean): Content {
  switch (message.role) {
    case 'user':
      return { role: 'user', parts: [{ text: message.text }] };
    case 'assistant':
      return {
        role: 'model',
        parts: [
          ...(message.text ? [{ text: message.text }] : []),
          ...message.toolCalls.map((call, index): Part => ({
            functionCall: { name: call.name, args: call.arguments },
            ...(signed && index === 0 ? { thoughtSignature: UNSIGNED_CALL } : {}),
          })),
        ],
      };
    case 'tool':
      return {
        role: 'user',
        parts: message.results.map((result): Part => ({
          functionResponse: {
            name: result.name,
            response: result.isError ? { error: result.content } : { output: result.content },
          },
        })),
      };
  }
}

/** The tools as function declarations (their JSON Schema as `parametersJsonSchema`), chosen by the model. */
export function toolConfig(tools: ToolSpec[]): GenerateContentConfig {
  if (tools.length === 0) return {};
  return {
    tools: [
      {
        functionDeclarations: tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parametersJsonSchema: tool.parameters,
        })),
      },
    ],
    toolConfig: { functionCallingConfig: { mode: geminiSdk().FunctionCallingConfigMode.AUTO } },
  };
}

/**
 * The function calls of a streamed answer (each comes whole, in one chunk), with the id Gemini
 * gives, else one made up: `call_<n>`, numbered after the calls earlier in the conversation.
 */
export class FunctionCallCollector {
  private readonly found: ToolCall[] = [];
  private readonly earlier: number;

  constructor(conversation: ToolMessage[]) {
    this.earlier = conversation.reduce((n, m) => n + (m.role === 'assistant' ? m.toolCalls.length : 0), 0);
  }

  add(chunk: GenerateContentResponse): void {
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
      const call = part.functionCall;
      if (!call?.name) continue;
      this.found.push({
        id: call.id || `call_${this.earlier + this.found.length + 1}`,
        name: call.name,
        arguments: call.args ?? {},
      });
    }
  }

  get any(): boolean {
    return this.found.length > 0;
  }

  calls(): ToolCall[] {
    return [...this.found];
  }
}
