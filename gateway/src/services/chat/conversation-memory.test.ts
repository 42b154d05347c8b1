import { conversationText, DEFAULT_MEMORY, MEMORY_BUDGET_CHARS } from './conversation-memory';

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

  it('summarises the turns before the latest ones by what the person asked, or forgets them', () => {
    const all = turns(4, 0);
    expect(conversationText(all, { turns: 2, older: 'summary' })).toBe(
      'Earlier in this conversation the person asked: "Question 0."; "Question 1.".\n' +
        'Person: Question 2.\nAssistant: Answer 2\nPerson: Question 3.\nAssistant: Answer 3',
    );
    expect(conversationText(all, { turns: 2, older: 'forget' })).toBe(
      'Person: Question 2.\nAssistant: Answer 2\nPerson: Question 3.\nAssistant: Answer 3',
    );
    expect(conversationText(all, { turns: 0, older: 'forget' })).toBe('');
  });

  it('stays within its budget however long the conversation, cutting long turns', () => {
    const text = conversationText(turns(200, 3_000), { turns: 50, older: 'summary' });
    expect(text.length).toBeLessThanOrEqual(MEMORY_BUDGET_CHARS);
    expect(text).toContain('Person: Question 199.');
    expect(text).toMatch(/\(and \d+ more before\)/);
    expect(text).toContain('…');
  });
});
