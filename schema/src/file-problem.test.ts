import { bareMime, fileProblem, type FileRules } from './file-problem';

const MB = 1024 * 1024;
const TEXT: FileRules = {
  label: 'Text files (TXT, CSV, MD, JSON)',
  extensions: ['.txt', '.csv', '.md', '.json'],
  mimeTypes: ['text/plain', 'text/csv', 'text/markdown', 'application/json'],
  maxSizeMb: 1,
};

describe('fileProblem', () => {
  it('accepts a file that meets the rules, deciding by extension when the type is unknown', () => {
    expect(fileProblem(TEXT, { name: 'notes.txt', mime: 'text/plain', size: 5 })).toBeNull();
    expect(fileProblem(TEXT, { name: 'Notes.MD', mime: '', size: 5 })).toBeNull();
    expect(fileProblem(TEXT, { name: 'a.csv', mime: 'application/octet-stream', size: 5 })).toBeNull();
  });

  it('names the accepted choice when the extension or the media type is refused', () => {
    expect(fileProblem(TEXT, { name: 'harbour.png', mime: 'image/png', size: 5 })).toBe(
      '"harbour.png" is not an accepted file type. Accepted: Text files (TXT, CSV, MD, JSON) (.txt, .csv, .md, .json).',
    );
    expect(fileProblem(TEXT, { name: 'photo.txt', mime: 'image/png', size: 5 })).toBe(
      '"photo.txt" has the type image/png, which is not accepted. Accepted: Text files (TXT, CSV, MD, JSON) (.txt, .csv, .md, .json).',
    );
  });

  it('refuses an empty file, and one over the limit with its size', () => {
    expect(fileProblem(TEXT, { name: 'a.txt', mime: 'text/plain', size: 0 })).toBe(
      '"a.txt" is empty. Please upload a file with content.',
    );
    expect(fileProblem(TEXT, { name: 'big.txt', mime: 'text/plain', size: 1.55 * MB })).toBe(
      '"big.txt" is 1.6 MB, larger than the 1 MB limit.',
    );
  });

  it('has no size limit when none is given', () => {
    const { maxSizeMb: _, ...unlimited } = TEXT;
    expect(fileProblem(unlimited, { name: 'big.txt', mime: 'text/plain', size: 60 * MB })).toBeNull();
  });
});

describe('bareMime', () => {
  it('drops parameters and case', () => {
    expect(bareMime(' Text/Plain; charset=utf-8')).toBe('text/plain');
    expect(bareMime('')).toBe('');
  });
});
