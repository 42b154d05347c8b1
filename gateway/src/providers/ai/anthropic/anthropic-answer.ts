import type Anthropic from '@anthropic-ai/sdk';
import type { AiUsage } from '@blocksmith/block-sdk';

/** What a streamed Messages answer has said so far: one fold over its events. */
export interface AnswerSoFar {
  /** The model that answers, as `message_start` names it. */
  model?: string;
  /** Input tokens, cached ones included (`message_start`, updated by `message_delta`). */
  inputTokens?: number;
  /** Output tokens so far (`message_delta` carries the running total). */
  outputTokens?: number;
  /** The text of the answer's text blocks. */
  text: string;
  /** The JSON text of the answer's tool input (`input_json_delta` pieces, joined). */
  toolInput: string;
  /** Whether a `tool_use` block was started. */
  usedTool: boolean;
  stopReason?: string | null;
  /** `message_stop` arrived: the answer is complete. */
  complete: boolean;
}

export const EMPTY_ANSWER: AnswerSoFar = { text: '', toolInput: '', usedTool: false, complete: false };

/** The answer after one more event. */
export function foldEvent(answer: AnswerSoFar, event: Anthropic.RawMessageStreamEvent): AnswerSoFar {
  switch (event.type) {
    case 'message_start': {
      const usage = event.message.usage;
      return {
        ...answer,
        model: event.message.model || answer.model,
        inputTokens: inputTokens(usage) ?? answer.inputTokens,
        outputTokens: count(usage?.output_tokens) ?? answer.outputTokens,
      };
    }
    case 'content_block_start': {
      const block = event.content_block;
      if (block.type === 'text') return { ...answer, text: answer.text + block.text };
      if (block.type === 'tool_use') {
        const given = block.input && Object.keys(block.input).length ? JSON.stringify(block.input) : '';
        return { ...answer, usedTool: true, toolInput: answer.toolInput + given };
      }
      return answer;
    }
    case 'content_block_delta': {
      const delta = event.delta;
      if (delta.type === 'text_delta') return { ...answer, text: answer.text + delta.text };
      if (delta.type === 'input_json_delta')
        return { ...answer, toolInput: answer.toolInput + delta.partial_json };
      return answer;
    }
    case 'message_delta':
      return {
        ...answer,
        stopReason: event.delta.stop_reason ?? answer.stopReason,
        inputTokens: inputTokens(event.usage) ?? answer.inputTokens,
        outputTokens: count(event.usage?.output_tokens) ?? answer.outputTokens,
      };
    case 'message_stop':
      return { ...answer, complete: true };
    default:
      return answer;
  }
}

/** The piece of text one event adds, if any. */
export function textPiece(event: Anthropic.RawMessageStreamEvent): string | undefined {
  return event.type === 'content_block_delta' && event.delta.type === 'text_delta'
    ? event.delta.text
    : undefined;
}

/** What the answer used: the model it names, and its token counts (total = input + output). */
export function usageOf(answer: AnswerSoFar, requestedModel: string): AiUsage {
  const usage: AiUsage = { model: answer.model || requestedModel };
  if (answer.inputTokens !== undefined) usage.promptTokens = answer.inputTokens;
  if (answer.outputTokens !== undefined) usage.completionTokens = answer.outputTokens;
  if (answer.inputTokens !== undefined && answer.outputTokens !== undefined) {
    usage.totalTokens = answer.inputTokens + answer.outputTokens;
  }
  return usage;
}

type InputCounts = {
  input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
};

/** All input tokens: the uncached ones plus those written to and read from the prompt cache. */
function inputTokens(usage: InputCounts | null | undefined): number | undefined {
  const parts = [usage?.input_tokens, usage?.cache_creation_input_tokens, usage?.cache_read_input_tokens]
    .map(count)
    .filter((n): n is number => n !== undefined);
  return count(usage?.input_tokens) === undefined ? undefined : parts.reduce((sum, n) => sum + n, 0);
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
