import { AiOutputError, BlockInputError, catalogueEntry, SUMMARY_SYSTEM } from '@blocksmith/block-sdk';
import { MemoryFileStore, ScriptedProvider, runBlock } from '@blocksmith/block-sdk/testing';
import { longSummary } from './long-summary';

const sentence = 'The council met on Monday and agreed a new budget for the library. ';
const longText = Array.from({ length: 80 }, (_, i) => `Item ${i + 1}. ${sentence.repeat(2)}`).join('\n\n');

function promptOf(provider: ScriptedProvider, index = 0): string {
  return provider.calls[index]?.request.prompt ?? '';
}

describe('longSummary', () => {
  it('declares the spec identity, settings and output', () => {
    expect(catalogueEntry(longSummary)).toMatchObject({
      id: 'longSummary',
      name: 'Long Summary',
      category: 'ai',
      cost: 2,
      historyType: 'long_summary',
      outputs: [{ name: 'summary', type: 'text' }],
    });
    expect(Object.keys(longSummary.settings)).toEqual(['length', 'focus', 'model']);
    expect(longSummary.settings.model).toMatchObject({ type: 'model', capability: 'text', default: 'gpt-4' });
    expect(longSummary.settings.length.options.map((o) => [o.value, o.label])).toEqual([
      ['short', 'Short'],
      ['medium', 'Medium'],
      ['detailed', 'Detailed'],
    ]);
    expect(longSummary.settings.length.default).toBe('medium');
    expect(longSummary.settings.focus.required).toBe(false);
  });

  it('summarises short text in one streamed call with the default medium length', async () => {
    const provider = new ScriptedProvider({ text: ['The council agreed a budget.\n'] });
    const { outputs, progress } = await runBlock(longSummary, {
      upstream: { input_text: 'The council met and agreed a budget.' },
      provider,
    });
    expect(outputs).toEqual({ summary: 'The council agreed a budget.' });
    expect(progress.join('')).toBe('The council agreed a budget.\n');
    expect(provider.calls.length).toBe(1);
    expect(provider.calls[0]!.request).toMatchObject({ system: SUMMARY_SYSTEM, model: 'gpt-4' });
    expect(promptOf(provider)).toBe(
      'Summarise the text below as a summary of 2 to 4 paragraphs covering the main points.\n\nText:\n"""\nThe council met and agreed a budget.\n"""',
    );
  });

  it('asks for the chosen length', async () => {
    const short = new ScriptedProvider({ text: ['ok'] });
    await runBlock(longSummary, {
      upstream: { input_text: 'Text.' },
      settings: { length: 'short' },
      provider: short,
    });
    expect(promptOf(short)).toContain('as a short summary: one paragraph of 3 to 5 sentences.');
    const detailed = new ScriptedProvider({ text: ['ok'] });
    await runBlock(longSummary, {
      upstream: { input_text: 'Text.' },
      settings: { length: 'detailed' },
      provider: detailed,
    });
    expect(promptOf(detailed)).toContain('a detailed summary in Markdown');
  });

  it('adds the focus, filling its {{variables}} from upstream', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(longSummary, {
      upstream: { input_text: 'Text.' },
      variables: { selected_option: 'costs' },
      settings: { focus: 'the {{selected_option}}' },
      provider,
    });
    expect(promptOf(provider)).toContain('\nPay particular attention to: the costs\n');
    const plain = new ScriptedProvider({ text: ['ok'] });
    await runBlock(longSummary, { upstream: { input_text: 'Text.' }, provider: plain });
    expect(promptOf(plain)).not.toContain('Pay particular attention');
  });

  it('reads long text in parts of at most 6000 characters and streams only the combined summary', async () => {
    const provider = new ScriptedProvider({
      text: [(r) => (r.prompt.startsWith('This is part') ? 'Part notes.' : 'Combined summary.')],
    });
    const { outputs, progress } = await runBlock(longSummary, {
      upstream: { input_text: longText },
      provider,
    });
    expect(outputs.summary).toBe('Combined summary.');
    expect(progress.join('')).toBe('Combined summary.');
    const parts = provider.calls.slice(0, -1).map((c) => c.request.prompt);
    expect(parts.length).toBe(Math.ceil(longText.length / 6000));
    for (const prompt of parts) expect(prompt.length).toBeLessThan(6000 + 500);
    expect(parts.join('')).toContain('Item 80.');
    expect(promptOf(provider, provider.calls.length - 1)).toContain('Combine them into');
  });

  it('summarises the text file of a connected File Upload', async () => {
    const files = new MemoryFileStore();
    const ref = await files.upload('notes.md', 'text/markdown', '# Minutes\n\nThe budget passed.');
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(longSummary, { upstream: { file_url: ref.url }, files, provider });
    expect(promptOf(provider)).toContain('# Minutes\n\nThe budget passed.');
  });

  it('joins the texts of several connected blocks', async () => {
    const provider = new ScriptedProvider({ text: ['ok'] });
    await runBlock(longSummary, { upstream: { input_text: 'First.', generated_text: 'Second.' }, provider });
    expect(promptOf(provider)).toContain('"""\nFirst.\n\nSecond.\n"""');
  });

  it('points PDF files to the PDF Summary block and refuses other files', async () => {
    const files = new MemoryFileStore();
    const pdf = await files.upload('report.pdf', 'application/pdf', '%PDF-1.7');
    await expect(runBlock(longSummary, { upstream: { file_url: pdf.url }, files })).rejects.toThrow(
      '"report.pdf" is a PDF. Use the PDF Summary block to summarise PDF files.',
    );
    const image = await files.upload('cat.png', 'image/png', 'png');
    await expect(runBlock(longSummary, { upstream: { file_url: image.url }, files })).rejects.toThrow(
      'Long Summary reads text files (TXT, CSV, MD, JSON), but "cat.png" is image/png. Upload a text file instead.',
    );
    await expect(runBlock(longSummary, { upstream: { file_url: '/files/gone' }, files })).rejects.toThrow(
      'The uploaded file could not be found. Upload it again and rerun the app.',
    );
  });

  it('asks for a connection when nothing is connected, and for text when it is blank', async () => {
    await expect(runBlock(longSummary, {})).rejects.toThrow(BlockInputError);
    await expect(runBlock(longSummary, {})).rejects.toThrow(
      'Connect a block that provides the text to summarise, such as Text Input or File Upload with a text file.',
    );
    await expect(runBlock(longSummary, { upstream: { input_text: '  \n' } })).rejects.toThrow(
      'The connected block gave no text to summarise. Fill in the input and run again.',
    );
  });

  it('fails clearly when the AI returns an empty summary', async () => {
    const provider = new ScriptedProvider({ text: ['  '] });
    const run = runBlock(longSummary, { upstream: { input_text: 'Text.' }, provider });
    await expect(run).rejects.toThrow(AiOutputError);
    await expect(runBlock(longSummary, { upstream: { input_text: 'Text.' }, provider })).rejects.toThrow(
      'The AI returned an empty summary. Run the app again.',
    );
  });

  it('refuses a length that is not offered', async () => {
    await expect(
      runBlock(longSummary, { upstream: { input_text: 'Text.' }, settings: { length: 'huge' } }),
    ).rejects.toThrow('Length must be one of: "short" (Short), "medium" (Medium), "detailed" (Detailed).');
  });

  it('asks the chosen model for every part and for the combined summary', async () => {
    const provider = new ScriptedProvider({
      text: [(r) => (r.prompt.startsWith('This is part') ? 'Part notes.' : 'Combined summary.')],
    });
    await runBlock(longSummary, {
      settings: { model: 'claude-sonnet-4-6' },
      upstream: { input_text: longText },
      provider,
    });
    expect(provider.calls.length).toBeGreaterThan(2);
    expect(new Set(provider.calls.map((c) => c.request.model))).toEqual(new Set(['claude-sonnet-4-6']));
  });
});
