import { BlockInputError, type Artifact, type FileRef } from '@blocksmith/block-sdk';
import { MemoryFileStore, runBlock, type RunBlockOptions } from '@blocksmith/block-sdk/testing';
import { PDFParse } from 'pdf-parse';
import { downloadFile } from './download-file';

async function download(options: RunBlockOptions) {
  const files = new MemoryFileStore();
  const { artifacts, outputs } = await runBlock(downloadFile, { ...options, files });
  expect(outputs).toEqual({});
  expect(artifacts).toHaveLength(1);
  const artifact = artifacts[0] as Extract<Artifact, { kind: 'file' }>;
  expect(artifact.kind).toBe('file');
  const { data, ref } = await files.read(artifact.file.url);
  expect(ref).toEqual(artifact.file);
  expect(ref.size).toBe(data.byteLength);
  return { file: artifact.file, format: artifact.format, data };
}

async function pdfText(data: Uint8Array): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

const words = (text: string) =>
  text
    .replace(/-- \d+ of \d+ --/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

describe('downloadFile', () => {
  it('makes a UTF-8 output.txt of the upstream text by default', async () => {
    const { file, format, data } = await download({
      upstream: { generated_text: 'Grüße aus Köln 👋\nLine two' },
    });
    expect(format).toBe('text');
    expect(file).toMatchObject<Partial<FileRef>>({ name: 'output.txt', mime: 'text/plain' });
    expect(new TextDecoder().decode(data)).toBe('Grüße aus Köln 👋\nLine two');
  });

  it('joins several connected blocks in the text file', async () => {
    const { data } = await download({ upstream: { summary: 'Short', extracted_data: { a: 1 } } });
    expect(new TextDecoder().decode(data)).toBe('Short\n\n{\n  "a": 1\n}');
  });

  it('makes pretty JSON of a single upstream value', async () => {
    const { file, format, data } = await download({
      settings: { format: 'json' },
      upstream: { extracted_data: { name: 'Ada', skills: ['maths'] } },
    });
    expect(format).toBe('json');
    expect(file).toMatchObject({ name: 'output.json', mime: 'application/json' });
    const text = new TextDecoder().decode(data);
    expect(JSON.parse(text)).toEqual({ name: 'Ada', skills: ['maths'] });
    expect(text).toContain('\n  "name": "Ada"');
  });

  it('keys the JSON by variable name when several blocks are connected', async () => {
    const { data } = await download({
      settings: { format: 'json' },
      upstream: { summary: 'Short', classified_category: 'News', score: undefined },
    });
    expect(JSON.parse(new TextDecoder().decode(data))).toEqual({
      summary: 'Short',
      classified_category: 'News',
      score: null,
    });
  });

  it('reads text holding JSON as that value, and keeps other text as a string', async () => {
    const parsed = await download({
      settings: { format: 'json' },
      upstream: { generated_text: ' [1, {"a": 2}] ' },
    });
    expect(JSON.parse(new TextDecoder().decode(parsed.data))).toEqual([1, { a: 2 }]);
    const plain = await download({ settings: { format: 'json' }, upstream: { generated_text: '{not json' } });
    expect(JSON.parse(new TextDecoder().decode(plain.data))).toBe('{not json');
  });

  it('makes a real PDF holding the upstream text', async () => {
    const { file, format, data } = await download({
      settings: { format: 'pdf', filename: 'Report' },
      upstream: { generated_text: 'Quarterly report\n\nSales grew by 12% in June.' },
    });
    expect(format).toBe('pdf');
    expect(file).toMatchObject({ name: 'Report.pdf', mime: 'application/pdf' });
    expect(new TextDecoder().decode(data.slice(0, 5))).toBe('%PDF-');
    const { text, pages } = await pdfText(data);
    expect(pages).toBe(1);
    expect(text).toContain('Quarterly report');
    expect(text).toContain('Sales grew by 12% in June.');
  });

  it('wraps long lines and adds pages as needed without losing words', async () => {
    const sentence = 'The quick brown fox jumps over the lazy dog near the riverbank today.';
    const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}. ${sentence} ${sentence}`);
    const long = `${paragraphs.join('\n')}\n${'x'.repeat(300)}`;
    const { data } = await download({ settings: { format: 'pdf' }, upstream: { generated_text: long } });
    const { text, pages } = await pdfText(data);
    expect(pages).toBeGreaterThan(1);
    const expected = words(long.replace('x'.repeat(300), ''));
    expect(words(text).filter((w) => !/^x+$/.test(w))).toEqual(expected);
    expect(
      words(text)
        .filter((w) => /^x+$/.test(w))
        .join(''),
    ).toBe('x'.repeat(300));
    expect(text).toContain('Paragraph 60.');
  });

  it('replaces characters the PDF font cannot draw instead of failing', async () => {
    const { data } = await download({
      settings: { format: 'pdf' },
      upstream: { generated_text: 'Café → menu ✓ 👋 你好\ttab' },
    });
    const { text } = await pdfText(data);
    expect(text).toContain('Café -> menu v ? ?? tab');
  });

  it('sanitises the file name and replaces a typed extension with the right one', async () => {
    const cases: [string, string, string][] = [
      ['My Report.pdf', 'text', 'My Report.txt'],
      ['notes.TXT', 'json', 'notes.json'],
      ['../../etc/passwd', 'text', 'etc-passwd.txt'],
      ['a:b*c?"d"<e>|f', 'text', 'a-b-c-d-e-f.txt'],
      ['???', 'pdf', 'output.pdf'],
      ['   ', 'text', 'output.txt'],
      ['.hidden', 'text', 'hidden.txt'],
      ['CON', 'text', 'CON-file.txt'],
      ['Version 2.5', 'text', 'Version 2.5.txt'],
      ['Résumé (final)', 'text', 'Résumé (final).txt'],
      ['n'.repeat(150), 'text', `${'n'.repeat(100)}.txt`],
    ];
    for (const [filename, format, expected] of cases) {
      const { file } = await download({ settings: { filename, format }, upstream: { text: 'x' } });
      expect(file.name).toBe(expected);
    }
  });

  it('asks for a connection when nothing is connected', async () => {
    const error = await runBlock(downloadFile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockInputError);
    expect((error as Error).message).toBe('Connect a block whose result should be downloaded.');
  });

  it('declares the spec settings with their defaults and no outputs', () => {
    expect(Object.keys(downloadFile.settings)).toEqual(['format', 'filename']);
    expect(downloadFile.settings.format.options.map((o) => [o.value, o.label])).toEqual([
      ['pdf', 'PDF'],
      ['text', 'Text'],
      ['json', 'JSON'],
    ]);
    expect(downloadFile.settings.format.default).toBe('text');
    expect(downloadFile.settings.filename.default).toBe('output');
    expect(downloadFile.outputs).toEqual({});
    expect(downloadFile.cost).toBe(0);
  });
});
