import { BlockInputError } from '@blocksmith/block-sdk';
import { readDocumentText } from './read-document-text';

const signal = new AbortController().signal;
const file = (text: string) => ({ name: 'long.txt', mime: 'text/plain', data: Buffer.from(text, 'utf8') });

describe('readDocumentText', () => {
  it("reads within Extract from File's limits unless given others", async () => {
    const long = 'a'.repeat(1_200_000);
    const refused = readDocumentText(file(long), signal);
    await expect(refused).rejects.toBeInstanceOf(BlockInputError);
    await expect(refused).rejects.toThrow(
      '"long.txt" holds 1,200,000 characters of text; Extract from File gives on at most 1,000,000.',
    );
    const limits = { bytes: 50 * 1024 * 1024, textChars: 2_000_000, reader: 'A knowledge base' };
    expect(await readDocumentText(file(long), signal, limits)).toHaveLength(1_200_000);
    await expect(readDocumentText(file('a'.repeat(2_000_001)), signal, limits)).rejects.toThrow(
      '"long.txt" holds 2,000,001 characters of text; A knowledge base reads at most 2,000,000. Split the file, or keep only the part you need.',
    );
    await expect(
      readDocumentText(file('a'.repeat(2000)), signal, { ...limits, bytes: 1000 }),
    ).rejects.toThrow('A knowledge base reads files of at most');
  });
});
