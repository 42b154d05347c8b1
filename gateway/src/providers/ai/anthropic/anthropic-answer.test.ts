import type Anthropic from '@anthropic-ai/sdk';
import { EMPTY_ANSWER, foldEvent, textPiece, usageOf } from './anthropic-answer';

/** Events as the SDK yields them (only the fields the fold reads). */
const event = (value: unknown) => value as Anthropic.RawMessageStreamEvent;

describe('foldEvent', () => {
  it('joins text and tool input, skips thinking, and counts cached input tokens', () => {
    const events = [
      event({
        type: 'message_start',
        message: {
          model: 'claude-sonnet-4-6',
          usage: {
            input_tokens: 10,
            cache_creation_input_tokens: 5,
            cache_read_input_tokens: 100,
            output_tokens: 1,
          },
        },
      }),
      event({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm' } }),
      event({ type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }),
      event({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hello' } }),
      event({
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'tool_use', id: 't', name: 'x', input: {} },
      }),
      event({
        type: 'content_block_delta',
        index: 2,
        delta: { type: 'input_json_delta', partial_json: '{"a":' },
      }),
      event({
        type: 'content_block_delta',
        index: 2,
        delta: { type: 'input_json_delta', partial_json: '1}' },
      }),
      event({ type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 42 } }),
    ];
    const answer = events.reduce(foldEvent, EMPTY_ANSWER);
    expect(answer).toEqual({
      model: 'claude-sonnet-4-6',
      inputTokens: 115,
      outputTokens: 42,
      text: 'Hello',
      toolInput: '{"a":1}',
      usedTool: true,
      stopReason: 'tool_use',
      complete: false,
    });
    expect(foldEvent(answer, event({ type: 'message_stop' })).complete).toBe(true);
    expect(events.map(textPiece).filter(Boolean)).toEqual(['Hello']);
  });

  it('reports usage with the counts given, and the requested model when the answer names none', () => {
    expect(usageOf({ ...EMPTY_ANSWER, inputTokens: 3, outputTokens: 4 }, 'claude-x')).toEqual({
      model: 'claude-x',
      promptTokens: 3,
      completionTokens: 4,
      totalTokens: 7,
    });
    expect(usageOf(EMPTY_ANSWER, 'claude-x')).toEqual({ model: 'claude-x' });
  });
});
