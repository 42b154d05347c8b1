import { eachWordPiece, keyPhrases, offlineAnswer, wordPieces } from './offline-answer';

const TEXT_SYSTEM = 'You write short, clear, helpful text for an app. Reply with the requested text only.';

describe('keyPhrases', () => {
  it.each([
    [
      'Write a tagline for a coffee shop called Bean There that roasts its own beans.',
      ['coffee shop', 'Bean There'],
      ['tagline', 'coffee shop', 'Bean There', 'roasts'],
    ],
    [
      'Plan a Lisbon trip: Lisbon food, Lisbon music; then plan the budget (plan B) for New York City.',
      ['Lisbon trip', 'Lisbon food'],
      ['plan', 'Lisbon trip', 'Lisbon food', 'Lisbon music'],
    ],
    [
      'café Café CAFÉ; Über über. ΟΔΟΣ Σοφία, rock’n’roll & AT&T, C++ e-mail!',
      ['café café café', 'über über'],
      ['café café café', 'über über', 'ΟΔΟΣ Σοφία', 'rock’n’roll AT&T'],
    ],
    ['Rhyme with line 5', ['Rhyme'], ['Rhyme']],
    ['list 3 ideas 10 x I 42 the', [], []],
  ])('picks the phrases of %j that recur most, in the order they appear', (text, two, four) => {
    expect(keyPhrases(text, 2)).toEqual(two);
    expect(keyPhrases(text, 4)).toEqual(four);
  });
});

describe('offlineAnswer', () => {
  it('restates a prose request with its first sentence and key phrases', () => {
    expect(offlineAnswer({ prompt: 'Rhyme with line 5', system: TEXT_SYSTEM })).toBe(
      "[Offline preview] A placeholder answer to 'Rhyme with line 5'. It would focus on Rhyme. No AI service is connected, so this text is a preview: set OPENAI_API_KEY for real answers.",
    );
  });

  it('answers a list asked for by the system message or by the prompt with one item per line', () => {
    expect(
      offlineAnswer({
        prompt: 'Give ideas for Lisbon food',
        system: 'Reply with the items only, one per line.',
      }),
    ).toBe(
      '[Offline preview] Lisbon food (item 1 of 5)\nLisbon food (item 2 of 5)\nLisbon food (item 3 of 5)\nLisbon food (item 4 of 5)\nLisbon food (item 5 of 5)',
    );
    expect(offlineAnswer({ prompt: 'Ideas for Lisbon food, numbered' })).toBe(
      '[Offline preview] 1. Lisbon food (item 1 of 3)\n2. Lisbon food (item 2 of 3)\n3. Lisbon food (item 3 of 3)',
    );
    // A prose system message asks for no list, however often it is seen.
    for (let i = 0; i < 3; i++)
      expect(offlineAnswer({ prompt: 'Ideas for Lisbon food', system: TEXT_SYSTEM })).not.toContain('\n');
  });
});

describe('wordPieces', () => {
  it('cuts text into words with the white space after each, leading white space alone', () => {
    const text = ' \u00a0Two  words\u3000and\ttabs\n';
    expect(wordPieces(text)).toEqual([' \u00a0', 'Two  ', 'words\u3000', 'and\t', 'tabs\n']);
    const handed: string[] = [];
    eachWordPiece(text, (piece) => handed.push(piece));
    expect(handed).toEqual(wordPieces(text));
    expect(wordPieces('')).toEqual([]);
  });
});
