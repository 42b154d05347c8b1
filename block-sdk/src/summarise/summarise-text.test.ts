import type { TextRequest } from '../ai-provider';
import { MemoryFileStore } from '../memory-file-store';
import { NodeContext } from '../node-context';
import { ScriptedProvider } from '../testing/scripted-provider';
import { SUMMARY_SYSTEM, summariseText } from './summarise-text';

function contextWith(provider: ScriptedProvider, variables: Record<string, unknown> = {}) {
  const progress: string[] = [];
  const ctx = new NodeContext({
    nodeId: 'summary',
    settings: {},
    upstream: [],
    variables,
    runInput: undefined,
    provider,
    files: new MemoryFileStore(),
    signal: new AbortController().signal,
    onPartial: (text) => progress.push(text),
    onArtifact: () => {},
  });
  return { ctx, progress };
}

const partOf = (request: TextRequest) => /This is part (\d+) of (\d+)/.exec(request.prompt);
const prompts = (provider: ScriptedProvider) => provider.calls.map((c) => c.request.prompt);

describe('summariseText', () => {
  const text = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} says something. It matters.`).join(
    '\n\n',
  );

  it('takes notes on every part without streaming, then streams one combined summary', async () => {
    const provider = new ScriptedProvider({
      text: [(r) => (partOf(r) ? `Notes on part ${partOf(r)?.[1]}.` : ' The whole story. ')],
    });
    const { ctx, progress } = contextWith(provider);
    const summary = await summariseText(ctx, text, { length: 'medium', chunkSize: 200 });
    expect(summary).toBe('The whole story.');
    const sent = prompts(provider);
    const parts = sent.filter((p) => p.startsWith('This is part'));
    expect(parts.length).toBe(3);
    expect(parts.every((p) => p.includes('of 3'))).toBe(true);
    expect(parts.join('\n')).toContain('Paragraph 12 says something.');
    const combine = sent[sent.length - 1]!;
    expect(combine).toContain('Combine them into a summary of 2 to 4 paragraphs');
    expect(combine).toContain('Notes on part 1.\n\nNotes on part 2.\n\nNotes on part 3.');
    expect(provider.calls.every((c) => 'system' in c.request && c.request.system === SUMMARY_SYSTEM)).toBe(
      true,
    );
    expect(progress.join('')).toBe(' The whole story. ');
  });

  it('condenses notes that are still too long before combining them', async () => {
    const provider = new ScriptedProvider({
      text: [
        (r) => {
          if (!partOf(r)) return 'Final.';
          return r.prompt.includes('Paragraph') ? `${'long note '.repeat(40)}end.` : 'Condensed.';
        },
      ],
    });
    const { ctx } = contextWith(provider);
    await summariseText(ctx, text, { length: 'short', chunkSize: 200 });
    const sent = prompts(provider);
    expect(sent.filter((p) => p.includes('Paragraph 1 says')).length).toBe(1);
    const condensing = sent.filter((p) => p.startsWith('This is part') && p.includes('long note'));
    expect(condensing.length).toBeGreaterThan(0);
    expect(sent[sent.length - 1]).toContain('Condensed.');
    expect(sent[sent.length - 1]).not.toContain('long note');
  });

  it('stops condensing after a few rounds even when notes do not shrink', async () => {
    const provider = new ScriptedProvider({
      text: [(r) => (partOf(r) ? `${'same '.repeat(60)}` : 'Final.')],
    });
    const { ctx } = contextWith(provider);
    await expect(summariseText(ctx, text, { length: 'short', chunkSize: 200 })).resolves.toBe('Final.');
    expect(provider.calls.length).toBeLessThan(100);
  });

  it('asks for notes sized to the chosen length and passes the focus on', async () => {
    const provider = new ScriptedProvider({ text: ['Done.'] });
    const { ctx } = contextWith(provider);
    await summariseText(ctx, text, { length: 'detailed', focus: 'numbers', chunkSize: 200 });
    for (const prompt of prompts(provider)) expect(prompt).toContain('Pay particular attention to: numbers');
    expect(prompts(provider)[0]).toContain('notes of about 300 words');
  });

  it('asks the chosen model for every part, every condensing round and the combined summary', async () => {
    const provider = new ScriptedProvider({
      text: [
        (r) => {
          if (!partOf(r)) return 'Final.';
          return r.prompt.includes('Paragraph') ? `${'long note '.repeat(40)}end.` : 'Condensed.';
        },
      ],
    });
    const { ctx } = contextWith(provider);
    await summariseText(ctx, text, { length: 'short', chunkSize: 200, model: 'claude-sonnet-4-6' });
    const sent = provider.calls.map((c) => c.request as TextRequest);
    expect(sent.filter((r) => r.prompt.includes('Paragraph 1 says'))).toHaveLength(1);
    expect(sent.filter((r) => partOf(r) && r.prompt.includes('long note')).length).toBeGreaterThan(0);
    expect(sent.at(-1)?.prompt).toContain('Combine them into');
    expect(sent.map((r) => r.model)).toEqual(sent.map(() => 'claude-sonnet-4-6'));

    const short = new ScriptedProvider({ text: ['Brief.'] });
    await summariseText(contextWith(short).ctx, 'One short paragraph.', { length: 'short', model: 'gpt-4o' });
    expect(short.calls.map((c) => c.request.model)).toEqual(['gpt-4o']);
  });

  it('leaves the model to the server when none is chosen', async () => {
    const provider = new ScriptedProvider({ text: [(r) => (partOf(r) ? 'Notes.' : 'Final.')] });
    await summariseText(contextWith(provider).ctx, text, { length: 'short', chunkSize: 200 });
    expect(provider.calls.length).toBeGreaterThan(1);
    expect(provider.calls.every((c) => !('model' in c.request))).toBe(true);
  });
});
