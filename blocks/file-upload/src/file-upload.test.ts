import { BlockInputError } from '@blocksmith/block-sdk';
import { MemoryFileStore, runBlock } from '@blocksmith/block-sdk/testing';
import { fileUpload } from './file-upload';

const MB = 1024 * 1024;

async function storeWith(name: string, mime: string, data: Uint8Array | string) {
  const files = new MemoryFileStore();
  const ref = await files.upload(name, mime, data);
  return { files, ref };
}

describe('fileUpload', () => {
  it('passes the uploaded file on as file_url, by url or by id', async () => {
    const { files, ref } = await storeWith('notes.txt', 'text/plain', 'hello');
    expect((await runBlock(fileUpload, { files, runInput: ref.url })).outputs).toEqual({ file_url: ref.url });
    expect((await runBlock(fileUpload, { files, runInput: ref.id })).outputs).toEqual({ file_url: ref.url });
  });

  it('accepts every supported type with the default "All supported files"', async () => {
    for (const [name, mime] of [
      ['a.pdf', 'application/pdf'],
      ['b.JPG', 'image/jpeg'],
      ['c.png', 'image/png'],
      ['d.gif', 'image/gif'],
      ['e.csv', 'text/csv'],
      ['f.md', 'text/markdown'],
      ['g.json', 'application/json'],
      ['h.tsv', 'text/tab-separated-values'],
      ['i.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['j.jsonl', 'application/x-ndjson'],
      ['k.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['l.html', 'text/html'],
      ['m.ndjson', ''],
    ] as const) {
      const { files, ref } = await storeWith(name, mime, 'x');
      await expect(runBlock(fileUpload, { files, runInput: ref.url })).resolves.toBeDefined();
    }
  });

  it('asks for the file by its label when nothing was uploaded', async () => {
    await expect(runBlock(fileUpload, { settings: { label: 'Your CV' } })).rejects.toThrow(
      'Please upload a file for "Your CV".',
    );
    await expect(runBlock(fileUpload, { runInput: '   ' })).rejects.toThrow(
      'Please upload a file for "Upload a file".',
    );
  });

  it('refuses a run input that is not a file reference', async () => {
    await expect(runBlock(fileUpload, { runInput: { name: 'x.pdf' } })).rejects.toThrow(
      '"Upload a file" expects an uploaded file.',
    );
  });

  it('says to upload again when the file is not kept', async () => {
    const error = await runBlock(fileUpload, { runInput: '/files/missing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockInputError);
    expect((error as Error).message).toBe(
      'The file for "Upload a file" could not be found. Please upload it again.',
    );
  });

  it('limits types to the chosen acceptedTypes, naming the allowed ones', async () => {
    const { files, ref } = await storeWith('photo.png', 'image/png', 'x');
    await expect(
      runBlock(fileUpload, { files, runInput: ref.url, settings: { acceptedTypes: 'pdf' } }),
    ).rejects.toThrow('"photo.png" is not an accepted file type. Accepted: PDF documents (.pdf).');
    await expect(
      runBlock(fileUpload, { files, runInput: ref.url, settings: { acceptedTypes: 'pdfOnly' } }),
    ).rejects.toThrow('Accepted: PDF only (.pdf).');
    await expect(
      runBlock(fileUpload, { files, runInput: ref.url, settings: { acceptedTypes: 'text' } }),
    ).rejects.toThrow('Accepted: Text files (TXT, CSV, MD, JSON) (.txt, .csv, .md, .json).');
    await expect(
      runBlock(fileUpload, { files, runInput: ref.url, settings: { acceptedTypes: 'image' } }),
    ).resolves.toBeDefined();
  });

  it('refuses a file whose media type does not match the accepted types', async () => {
    const { files, ref } = await storeWith('fake.pdf', 'image/png', 'x');
    await expect(
      runBlock(fileUpload, { files, runInput: ref.url, settings: { acceptedTypes: 'pdf' } }),
    ).rejects.toThrow(
      '"fake.pdf" has the type image/png, which is not accepted. Accepted: PDF documents (.pdf).',
    );
  });

  it('refuses a file larger than maxSize, naming the limit', async () => {
    const { files, ref } = await storeWith('big.pdf', 'application/pdf', new Uint8Array(2 * MB + 1));
    await expect(
      runBlock(fileUpload, { files, runInput: ref.url, settings: { maxSize: 2 } }),
    ).rejects.toThrow('"big.pdf" is 2.0 MB, larger than the 2 MB limit.');
    await expect(
      runBlock(fileUpload, { files, runInput: ref.url, settings: { maxSize: 3 } }),
    ).resolves.toBeDefined();
  });

  it('accepts a file of exactly maxSize MB with the default of 10', async () => {
    const { files, ref } = await storeWith('exact.pdf', 'application/pdf', new Uint8Array(10 * MB));
    await expect(runBlock(fileUpload, { files, runInput: ref.url })).resolves.toBeDefined();
  });

  it('declares the spec settings, with accepted types carrying their extensions', () => {
    const { label, acceptedTypes, maxSize } = fileUpload.settings;
    expect(Object.keys(fileUpload.settings)).toEqual(['label', 'acceptedTypes', 'maxSize']);
    expect(label.default).toBe('Upload a file');
    expect(acceptedTypes.default).toBe('all');
    expect(acceptedTypes.options.map((o) => [o.value, o.label])).toEqual([
      ['pdf', 'PDF documents'],
      ['image', 'Images (JPG, PNG, GIF)'],
      ['text', 'Text files (TXT, CSV, MD, JSON)'],
      ['all', 'All supported files'],
      ['pdfOnly', 'PDF only'],
    ]);
    expect(acceptedTypes.options[0].meta).toEqual({ extensions: ['.pdf'], mimeTypes: ['application/pdf'] });
    expect(acceptedTypes.options[3].meta.extensions).toEqual([
      '.pdf',
      '.jpg',
      '.jpeg',
      '.png',
      '.gif',
      '.txt',
      '.csv',
      '.md',
      '.json',
      '.tsv',
      '.xlsx',
      '.jsonl',
      '.ndjson',
      '.docx',
      '.html',
      '.htm',
    ]);
    expect(maxSize).toMatchObject({ min: 1, max: 50, default: 10, integer: true, unit: 'MB' });
    expect(fileUpload.inputKind).toBe('file');
    expect(fileUpload.cost).toBe(0);
  });

  it('refuses maxSize outside 1 to 50 MB', async () => {
    await expect(runBlock(fileUpload, { settings: { maxSize: 51 } })).rejects.toThrow('at most 50');
    await expect(runBlock(fileUpload, { settings: { maxSize: 0 } })).rejects.toThrow('at least 1');
  });
});

describe('fileUpload.acceptsFile (checked before an upload is stored)', () => {
  const settings = { label: 'Upload a file', acceptedTypes: 'pdf', maxSize: 1 } as const;
  const check = (file: { name: string; mime: string; size: number }) =>
    fileUpload.acceptsFile!(settings as never, file);

  it('accepts a file the settings allow', () => {
    expect(check({ name: 'deck.pdf', mime: 'application/pdf', size: 1000 })).toBeNull();
  });

  it('marks a file over maxSize as too large', () => {
    expect(check({ name: 'deck.pdf', mime: 'application/pdf', size: 2 * 1024 * 1024 })).toEqual({
      message: '"deck.pdf" is 2.0 MB, larger than the 1 MB limit.',
      tooLarge: true,
    });
  });

  it('refuses another type without marking it too large', () => {
    const refusal = check({ name: 'photo.png', mime: 'image/png', size: 1000 });
    expect(refusal?.tooLarge).toBe(false);
    expect(refusal?.message).toMatch(/not an accepted file type/);
  });
});
