import { acceptedFileProblem } from './accepted-file-problem';

const MB = 1024 * 1024;

describe('acceptedFileProblem', () => {
  it('accepts a file that meets the settings', () => {
    expect(
      acceptedFileProblem(
        { acceptedTypes: 'pdf', maxSize: 10 },
        { name: 'a.pdf', mime: 'application/pdf', size: MB },
      ),
    ).toBeNull();
  });

  it('decides by extension when the browser does not know the media type', () => {
    for (const mime of ['', 'application/octet-stream']) {
      expect(
        acceptedFileProblem({ acceptedTypes: 'text', maxSize: 1 }, { name: 'notes.md', mime, size: 5 }),
      ).toBeNull();
    }
  });

  it('ignores media-type parameters and case', () => {
    expect(
      acceptedFileProblem(
        { acceptedTypes: 'text', maxSize: 1 },
        { name: 'A.TXT', mime: 'Text/Plain; charset=utf-8', size: 5 },
      ),
    ).toBeNull();
  });

  it('refuses a file without an extension', () => {
    expect(
      acceptedFileProblem(
        { acceptedTypes: 'all', maxSize: 1 },
        { name: 'README', mime: 'text/plain', size: 5 },
      ),
    ).toBe(
      '"README" is not an accepted file type. Accepted: All supported files (.pdf, .jpg, .jpeg, .png, .gif, .txt, .csv, .md, .json, .tsv, .xlsx, .jsonl, .ndjson, .docx, .html, .htm).',
    );
  });

  it('refuses an empty file', () => {
    expect(
      acceptedFileProblem(
        { acceptedTypes: 'all', maxSize: 1 },
        { name: 'a.txt', mime: 'text/plain', size: 0 },
      ),
    ).toBe('"a.txt" is empty. Please upload a file with content.');
  });

  it('names the size and the limit for a file that is too big', () => {
    expect(
      acceptedFileProblem(
        { acceptedTypes: 'image', maxSize: 5 },
        { name: 'cat.jpeg', mime: 'image/jpeg', size: 12.34 * MB },
      ),
    ).toBe('"cat.jpeg" is 12.3 MB, larger than the 5 MB limit.');
  });
});
