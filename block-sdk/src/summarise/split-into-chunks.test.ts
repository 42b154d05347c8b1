import { CHUNK_SIZE, splitIntoChunks } from './split-into-chunks';

const words = (text: string): string[] => text.split(/\s+/).filter((w) => w !== '');

describe('splitIntoChunks', () => {
  it('gives nothing for blank text and one trimmed part for short text', () => {
    expect(splitIntoChunks('  \n\n ')).toEqual([]);
    expect(splitIntoChunks('  One line.\r\nTwo lines.  ')).toEqual(['One line.\nTwo lines.']);
  });

  it('uses parts of about 6000 characters by default', () => {
    expect(CHUNK_SIZE).toBe(6000);
    const paragraph = 'A sentence of ordinary length sits here. '.repeat(10).trim();
    const chunks = splitIntoChunks(Array.from({ length: 60 }, () => paragraph).join('\n\n'));
    expect(chunks.length).toBe(5);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(6000);
  });

  it('packs whole paragraphs together and breaks only between them when it can', () => {
    const paragraphs = ['alpha '.repeat(5).trim(), 'beta '.repeat(5).trim(), 'gamma '.repeat(5).trim()];
    const chunks = splitIntoChunks(paragraphs.join('\n\n\n'), 70);
    expect(chunks).toEqual([`${paragraphs[0]}\n\n${paragraphs[1]}`, paragraphs[2]]);
  });

  it('breaks a paragraph that is too long between sentences', () => {
    const paragraph = 'First sentence is here. Second one follows! Third asks why? Fourth ends it.';
    expect(splitIntoChunks(paragraph, 45)).toEqual([
      'First sentence is here. Second one follows!',
      'Third asks why? Fourth ends it.',
    ]);
  });

  it('breaks a sentence that is too long between words, and cuts only a word that is too long', () => {
    expect(splitIntoChunks('one two three four five six', 10)).toEqual(['one two', 'three four', 'five six']);
    expect(splitIntoChunks('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
  });

  it('keeps every word, in order, and never exceeds the limit', () => {
    const text = Array.from(
      { length: 30 },
      (_, i) => `Paragraph ${i} starts. ${'word '.repeat(i * 7)}ends here.\n${'x'.repeat(i * 3)}`,
    ).join('\n\n');
    const chunks = splitIntoChunks(text, 120);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(120);
    expect(words(chunks.join(' '))).toEqual(words(text));
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => splitIntoChunks('text', 0)).toThrow(RangeError);
    expect(() => splitIntoChunks('text', 2.5)).toThrow(RangeError);
  });
});
