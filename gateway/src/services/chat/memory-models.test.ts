import type { ModelInfo } from '@blocksmith/schema';
import { MAX_MEMORY_CHARS, MEMORY_BUDGET_CHARS, DEFAULT_MEMORY } from './conversation-memory';
import { contextTokensOf, turnMemory, type ModelContexts } from './memory-models';

const info = (id: string, contextTokens?: number): ModelInfo => ({
  id,
  label: id,
  provider: 'test',
  offline: false,
  credits: 0,
  capabilities: ['text', 'structured'],
  ...(contextTokens !== undefined && { contextTokens }),
});

const catalogue: ModelContexts = {
  list: () => [info('small', 2_048), info('large', 128_000), info('unsaid')],
  defaultFor: () => info('small', 2_048),
};

/** Long turns: a small memory cannot hold them all word for word, a large one can. */
const answered = Array.from({ length: 12 }, (_, i) => ({
  message: `Question ${i}. ${'q'.repeat(1_500)}`,
  answer: `Answer ${i}`,
}));

const wordForWord = (text: string) => text.split('\n').filter((line) => line.startsWith('Person:')).length;

describe('contextTokensOf', () => {
  it('reads the context of the model a block names, or of the default for no model and the spec names', () => {
    expect(contextTokensOf(catalogue, { model: 'large', capability: 'text' })).toBe(128_000);
    expect(contextTokensOf(catalogue, { model: 'gpt-4', capability: 'text' })).toBe(2_048);
    expect(contextTokensOf(catalogue, { model: '', capability: 'structured' })).toBe(2_048);
    expect(contextTokensOf(catalogue, { model: 'unsaid', capability: 'text' })).toBeUndefined();
    expect(contextTokensOf(catalogue, { model: 'gone', capability: 'text' })).toBeUndefined();
    expect(contextTokensOf(undefined, { model: 'large', capability: 'text' })).toBeUndefined();
  });
});

describe('turnMemory', () => {
  const settings = { turns: 12, older: 'summary' as const };

  it('gives a block on a large model more turns than one on a small model, the smallest to the Chat Input', () => {
    const memory = turnMemory(
      answered,
      settings,
      [
        { model: 'small', capability: 'text' },
        { model: 'large', capability: 'text' },
      ],
      catalogue,
    );
    expect(memory.conversation.length).toBeLessThanOrEqual(2_048);
    expect(Object.keys(memory.byModel ?? {})).toEqual(['large']);
    const large = memory.byModel!.large!;
    expect(wordForWord(large)).toBe(12);
    expect(wordForWord(memory.conversation)).toBeLessThan(wordForWord(large));
    expect(large.length).toBeLessThanOrEqual(MAX_MEMORY_CHARS);
  });

  it('keeps 12,000 characters for a model whose context is unknown, and for an app without AI blocks', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({
      message: `Q${i}. ${'q'.repeat(1_900)}`,
      answer: 'A',
    }));
    const unsaid = turnMemory(
      many,
      { turns: 50, older: 'summary' },
      [{ model: 'unsaid', capability: 'text' }],
      catalogue,
    );
    expect(unsaid.byModel).toBeUndefined();
    expect(unsaid.conversation.length).toBeLessThanOrEqual(MEMORY_BUDGET_CHARS);
    expect(unsaid.conversation.length).toBeGreaterThan(MEMORY_BUDGET_CHARS - 2_100);
    expect(turnMemory(many, { turns: 50, older: 'summary' }, [], undefined)).toEqual(unsaid);
  });

  it('caps a huge context’s memory', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({
      message: `Q${i}. ${'q'.repeat(4_000)}`,
      answer: 'A',
    }));
    const memory = turnMemory(
      many,
      { turns: 50, older: 'summary' },
      [{ model: 'large', capability: 'text' }],
      { list: () => [info('large', 2_000_000)], defaultFor: () => undefined },
    );
    expect(memory.conversation.length).toBeLessThanOrEqual(MAX_MEMORY_CHARS);
    expect(memory.conversation.length).toBeGreaterThan(MAX_MEMORY_CHARS - 11_000);
  });

  it('is empty before the first answer', () => {
    expect(turnMemory([], DEFAULT_MEMORY, [{ model: 'large', capability: 'text' }], catalogue)).toEqual({
      conversation: '',
    });
  });
});
