import {
  conversationText,
  DEFAULT_MEMORY,
  MAX_MEMORY_CHARS,
  MEMORY_BUDGET_CHARS,
  memoryBudget,
} from './conversation-memory';

const turns = (count: number, size = 10) =>
  Array.from({ length: count }, (_, i) => ({
    message: `Question ${i}.${'q'.repeat(size)}`,
    answer: `Answer ${i}`,
  }));

describe('conversationText', () => {
  it('is empty before the first answer', () => {
    expect(conversationText([], DEFAULT_MEMORY)).toBe('');
  });

  it('gives the latest turns word for word, oldest first', () => {
    expect(conversationText([{ message: 'Say hello in Spanish', answer: 'Hola' }], DEFAULT_MEMORY)).toBe(
      'Person: Say hello in Spanish\nAssistant: Hola',
    );
  });

  it('summarises the turns before the latest ones by their questions and answers, briefly, or forgets them', () => {
    const all = turns(4, 0);
    expect(conversationText(all, { turns: 2, older: 'summary' })).toBe(
      'Earlier in this conversation the person asked: "Question 0." (answered: "Answer 0"); "Question 1." (answered: "Answer 1").\n' +
        'Person: Question 2.\nAssistant: Answer 2\nPerson: Question 3.\nAssistant: Answer 3',
    );
    expect(conversationText(all, { turns: 2, older: 'forget' })).toBe(
      'Person: Question 2.\nAssistant: Answer 2\nPerson: Question 3.\nAssistant: Answer 3',
    );
    expect(conversationText(all, { turns: 0, older: 'forget' })).toBe('');
  });

  it('remembers an earlier answer by its first sentence, from its first line that says something', () => {
    const earlier = [
      {
        message: 'How do I make tea? I have a kettle.',
        answer: `\n\nBoil the water first. Then steep the leaves.\n\n${'More detail. '.repeat(50)}`,
      },
      { message: 'And coffee?', answer: 'Grind the beans.' },
    ];
    expect(conversationText(earlier, { turns: 1, older: 'summary' })).toBe(
      'Earlier in this conversation the person asked: "How do I make tea?" (answered: "Boil the water first.").\n' +
        'Person: And coffee?\nAssistant: Grind the beans.',
    );
    const long = [{ message: 'Why?', answer: 'b'.repeat(1_000) }, ...earlier.slice(1)];
    const brief = conversationText(long, { turns: 1, older: 'summary' }).split('\n')[0]!;
    expect(brief).toBe(
      `Earlier in this conversation the person asked: "Why?" (answered: "${'b'.repeat(199)}…").`,
    );
  });

  it('stays within its budget however long the conversation, cutting long turns', () => {
    const text = conversationText(turns(200, 3_000), { turns: 50, older: 'summary' });
    expect(text.length).toBeLessThanOrEqual(MEMORY_BUDGET_CHARS);
    expect(text).toContain('Person: Question 199.');
    expect(text).toMatch(/\(and \d+ more before\)/);
    expect(text).toContain('…');
  });

  it('keeps more of the conversation within a larger budget, and cuts long turns less', () => {
    const all = turns(30, 1_500);
    const small = conversationText(all, { turns: 30, older: 'summary' });
    const large = conversationText(all, { turns: 30, older: 'summary' }, 60_000);
    const wordForWord = (text: string) =>
      text.split('\n').filter((line) => line.startsWith('Person:')).length;
    expect(wordForWord(small)).toBeLessThan(wordForWord(large));
    expect(wordForWord(large)).toBe(30);
    expect(large.length).toBeLessThanOrEqual(60_000);
    const long = [{ message: 'x'.repeat(5_000), answer: 'y' }];
    expect(conversationText(long, DEFAULT_MEMORY)).toContain('…');
    expect(conversationText(long, DEFAULT_MEMORY, 60_000)).toBe(`Person: ${'x'.repeat(5_000)}\nAssistant: y`);
  });

  it('still gives a small model’s budget the latest turn, cut to fit', () => {
    const long = turns(3, 3_000).map((turn) => ({ ...turn, answer: `${turn.answer} ${'a'.repeat(3_000)}` }));
    const text = conversationText(long, DEFAULT_MEMORY, 2_048);
    expect(text.length).toBeLessThanOrEqual(2_048);
    expect(text).toContain('Person: Question 2.');
    expect(text).toContain('Assistant: Answer 2');
  });
});

describe('memoryBudget', () => {
  it('is a quarter of the model’s context at about 4 characters a token', () => {
    expect(memoryBudget(8_192)).toBe(8_192);
    expect(memoryBudget(32_768)).toBe(32_768);
    expect(memoryBudget(2_048)).toBe(2_048);
  });

  it('is 12,000 characters when the vendor does not say', () => {
    expect(memoryBudget(undefined)).toBe(MEMORY_BUDGET_CHARS);
    expect(memoryBudget(0)).toBe(MEMORY_BUDGET_CHARS);
    expect(memoryBudget(Number.NaN)).toBe(MEMORY_BUDGET_CHARS);
  });

  it('is capped however large the context', () => {
    expect(memoryBudget(128_000)).toBe(MAX_MEMORY_CHARS);
    expect(memoryBudget(1_047_576)).toBe(MAX_MEMORY_CHARS);
  });
});
