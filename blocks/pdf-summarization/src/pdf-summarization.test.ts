import { BlockInputError, catalogueEntry } from '@blocksmith/block-sdk';
import { MemoryFileStore, ScriptedProvider, runBlock } from '@blocksmith/block-sdk/testing';
import { PDFDocument, PDFHexString } from 'pdf-lib';
import { pdfSummarization } from './pdf-summarization';
import { makePdf } from './testing/sample-pdf';

const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A PDF whose pages are pictures only, like a scan. */
async function makeScannedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(PNG);
  for (let i = 0; i < 2; i++)
    doc.addPage([600, 800]).drawImage(image, { x: 0, y: 0, width: 600, height: 800 });
  return doc.save();
}

/** A PDF that claims to be encrypted with a user password nobody knows. */
async function makeLockedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Secret');
  const filler = PDFHexString.of('11'.repeat(32));
  const encrypt = doc.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    Length: 40,
    P: -4,
    O: filler,
    U: filler,
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([
    PDFHexString.of('ab'.repeat(16)),
    PDFHexString.of('ab'.repeat(16)),
  ]);
  return doc.save({ useObjectStreams: false });
}

async function upload(
  files: MemoryFileStore,
  data: Uint8Array,
  name = 'report.pdf',
  mime = 'application/pdf',
) {
  return (await files.upload(name, mime, data)).url;
}

describe('pdfSummarization', () => {
  it('declares the spec identity, the length setting and its two outputs in order', () => {
    expect(catalogueEntry(pdfSummarization)).toMatchObject({
      id: 'pdfSummarization',
      name: 'PDF Summary',
      category: 'ai',
      cost: 3,
      historyType: 'pdf_summarization',
      outputs: [
        { name: 'summary', type: 'text' },
        { name: 'page_count', type: 'number' },
      ],
    });
    expect(Object.keys(pdfSummarization.settings)).toEqual(['length', 'model']);
    expect(pdfSummarization.settings.model).toMatchObject({
      type: 'model',
      capability: 'text',
      default: 'gpt-4',
    });
    expect(pdfSummarization.settings.length.default).toBe('medium');
    expect(pdfSummarization.settings.length.options.map((o) => o.label)).toEqual([
      'Short',
      'Medium',
      'Detailed',
    ]);
  });

  it("reads PDFs without changing the server's built-ins (pdf.js polyfills them where it loads)", async () => {
    const builtInsNow = () => [
      Array.prototype.push,
      JSON.parse,
      Function.prototype.toString,
      Object.getOwnPropertyDescriptor(Set.prototype, 'union')?.value as unknown,
    ];
    const builtIns = builtInsNow();
    const files = new MemoryFileStore();
    const url = await upload(files, await makePdf([['One page']]));
    const provider = new ScriptedProvider({ text: ['Short.'] });
    const { outputs } = await runBlock(pdfSummarization, { upstream: { file_url: url }, files, provider });
    expect(outputs.page_count).toBe(1);
    expect(builtInsNow()).toEqual(builtIns);
    expect(Array.prototype.push.toString()).toContain('[native code]');
  });

  it('stops reading the PDF when the run is stopped', async () => {
    const files = new MemoryFileStore();
    const url = await upload(files, await makePdf(Array.from({ length: 40 }, (_, i) => [`Page ${i}`])));
    const stop = new AbortController();
    const running = runBlock(pdfSummarization, {
      upstream: { file_url: url },
      files,
      provider: new ScriptedProvider({ text: ['Never asked.'] }),
      signal: stop.signal,
    });
    setTimeout(() => stop.abort(), 5);
    await expect(running).rejects.toThrow('The run was stopped.');
  });

  it('extracts the text of every page and summarises it, counting the pages', async () => {
    const files = new MemoryFileStore();
    const url = await upload(
      files,
      await makePdf([['Quarterly report', 'Revenue grew 12%.'], [], ['Costs fell.']]),
    );
    const provider = new ScriptedProvider({ text: ['Revenue up, costs down.'] });
    const { outputs, progress } = await runBlock(pdfSummarization, {
      upstream: { file_url: url },
      files,
      provider,
    });
    expect(outputs).toEqual({ summary: 'Revenue up, costs down.', page_count: 3 });
    expect(progress.join('')).toBe('Revenue up, costs down.');
    const prompt = provider.calls[0]!.request.prompt;
    expect(prompt).toContain('as a summary of 2 to 4 paragraphs');
    expect(prompt).toContain('"""\nQuarterly report\nRevenue grew 12%.\n\nCosts fell.\n"""');
  });

  it('asks for the chosen length', async () => {
    const files = new MemoryFileStore();
    const url = await upload(files, await makePdf([['Some text.']]));
    for (const [length, wanted] of [
      ['short', 'a short summary: one paragraph of 3 to 5 sentences'],
      ['detailed', 'a detailed summary in Markdown'],
    ] as const) {
      const provider = new ScriptedProvider({ text: ['ok'] });
      await runBlock(pdfSummarization, {
        upstream: { file_url: url },
        settings: { length },
        files,
        provider,
      });
      expect(provider.calls[0]!.request.prompt).toContain(wanted);
    }
  });

  it('reads a long PDF in parts, then streams one combined summary', async () => {
    const line = 'The committee reviewed the proposal and asked for changes to section';
    const pages = Array.from({ length: 12 }, (_, p) =>
      Array.from({ length: 40 }, (_, i) => `${line} ${p}.${i}.`),
    );
    const files = new MemoryFileStore();
    const url = await upload(files, await makePdf(pages));
    const provider = new ScriptedProvider({
      text: [(r) => (r.prompt.startsWith('This is part') ? 'Notes.' : 'All twelve pages in brief.')],
    });
    const { outputs, progress } = await runBlock(pdfSummarization, {
      upstream: { file_url: url },
      files,
      provider,
    });
    expect(outputs).toEqual({ summary: 'All twelve pages in brief.', page_count: 12 });
    expect(progress.join('')).toBe('All twelve pages in brief.');
    const parts = provider.calls.filter((c) => c.request.prompt.startsWith('This is part'));
    expect(parts.length).toBeGreaterThan(4);
    expect(parts.map((c) => c.request.prompt).join('')).toContain('section 11.39.');
  });

  it('says a scanned PDF has no selectable text', async () => {
    const files = new MemoryFileStore();
    const url = await upload(files, await makeScannedPdf(), 'scan.pdf');
    const run = runBlock(pdfSummarization, { upstream: { file_url: url }, files });
    await expect(run).rejects.toThrow(BlockInputError);
    await expect(runBlock(pdfSummarization, { upstream: { file_url: url }, files })).rejects.toThrow(
      '"scan.pdf" has no selectable text (it may be a scanned image). Upload a PDF with selectable text, or run the scan through text recognition (OCR) first.',
    );
  });

  it('refuses files that are not PDFs, and accepts PDFs kept without a type', async () => {
    const files = new MemoryFileStore();
    const text = await files.upload('notes.txt', 'text/plain', 'Just text');
    await expect(runBlock(pdfSummarization, { upstream: { file_url: text.url }, files })).rejects.toThrow(
      'PDF Summary needs a PDF file, but "notes.txt" is text/plain. Upload a PDF instead.',
    );
    const untyped = await upload(files, await makePdf([['Hello.']]), 'upload', 'application/octet-stream');
    const provider = new ScriptedProvider({ text: ['Hi.'] });
    const { outputs } = await runBlock(pdfSummarization, {
      upstream: { file_url: untyped },
      files,
      provider,
    });
    expect(outputs).toEqual({ summary: 'Hi.', page_count: 1 });
  });

  it('explains a damaged PDF and a password-protected one', async () => {
    const files = new MemoryFileStore();
    const broken = await upload(files, new TextEncoder().encode('this is not really a pdf'), 'broken.pdf');
    await expect(runBlock(pdfSummarization, { upstream: { file_url: broken }, files })).rejects.toThrow(
      '"broken.pdf" is not a valid PDF; it may be damaged. Save or export it again and upload the new file.',
    );
    const locked = await upload(files, await makeLockedPdf(), 'locked.pdf');
    await expect(runBlock(pdfSummarization, { upstream: { file_url: locked }, files })).rejects.toThrow(
      '"locked.pdf" is password-protected. Upload a copy without a password.',
    );
  });

  it('leaves the kept file intact, so it can be read again', async () => {
    const files = new MemoryFileStore();
    const bytes = await makePdf([['Again.']]);
    const url = await upload(files, bytes);
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(pdfSummarization, { upstream: { file_url: url }, files, provider });
    expect((await files.read(url)).data).toEqual(bytes);
    await expect(
      runBlock(pdfSummarization, { upstream: { file_url: url }, files, provider }),
    ).resolves.toBeDefined();
  });

  it('finds the File Upload among several connected blocks', async () => {
    const files = new MemoryFileStore();
    const url = await upload(files, await makePdf([['Found it.']]));
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(pdfSummarization, {
      upstream: [
        { nodeId: 'a', kind: 'textInput', name: 'input_text', value: 'Some words here' },
        { nodeId: 'b', kind: 'fileUpload', name: 'file_url_2', value: url },
      ],
      files,
      provider,
    });
    expect(provider.calls[0]!.request.prompt).toContain('Found it.');
  });

  it('asks for a File Upload, an upload, and a file that is still kept', async () => {
    await expect(runBlock(pdfSummarization, {})).rejects.toThrow(
      'Connect a File Upload block that provides the PDF to summarise.',
    );
    await expect(runBlock(pdfSummarization, { upstream: { file_url: '' } })).rejects.toThrow(
      'No PDF was uploaded. Choose a PDF file and run the app again.',
    );
    await expect(
      runBlock(pdfSummarization, { upstream: { input_text: 'a pdf about cats' } }),
    ).rejects.toThrow(
      'PDF Summary reads a PDF from a File Upload block. Connect one that accepts PDF documents.',
    );
    await expect(runBlock(pdfSummarization, { upstream: { file_url: '/files/missing' } })).rejects.toThrow(
      'The uploaded PDF could not be found. Upload it again and rerun the app.',
    );
  });

  it('asks the chosen model', async () => {
    const files = new MemoryFileStore();
    const url = await upload(files, await makePdf([['Some text.']]));
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(pdfSummarization, {
      upstream: { file_url: url },
      settings: { model: 'claude-sonnet-4-6' },
      files,
      provider,
    });
    expect(provider.calls.map((c) => c.request.model)).toEqual(['claude-sonnet-4-6']);
  });
});
