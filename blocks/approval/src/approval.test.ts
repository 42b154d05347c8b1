import { NodeContext, RunPause, defaultSettings, type RunDecision } from '@blocksmith/block-sdk';
import { MemoryFileStore, ScriptedProvider, runBlock } from '@blocksmith/block-sdk/testing';
import { approval, DEFAULT_TIMEOUT_HOURS } from './approval';

type Settings = typeof approval extends { run(ctx: NodeContext<infer S>): unknown } ? S : never;

/** Runs the block once with `settings`, the connected text `upstream` and, when it goes on, `decision`. */
async function ask(settings: Partial<Settings>, upstream = 'Draft post', decision?: RunDecision) {
  const context = new NodeContext<Settings>({
    nodeId: 'approval_1',
    settings: { ...(defaultSettings(approval.settings) as Settings), ...settings },
    upstream: [{ nodeId: 'gen', kind: 'textGeneration', name: 'generated_text', value: upstream }],
    variables: { generated_text: upstream, topic: 'tea' },
    runInput: undefined,
    provider: new ScriptedProvider(),
    files: new MemoryFileStore(),
    signal: new AbortController().signal,
    onPartial: () => {},
    onArtifact: () => {},
    ...(decision && { decision }),
  });
  return approval.run(context);
}

async function pauseOf(settings: Partial<Settings>, upstream?: string): Promise<RunPause> {
  try {
    await ask(settings, upstream);
  } catch (error) {
    if (error instanceof RunPause) return error;
    throw error;
  }
  throw new Error('the block did not wait');
}

describe('approval', () => {
  it('is a free block that waits, with the text and who approved as outputs', () => {
    expect(approval.kind).toBe('approval');
    expect(approval.cost).toBe(0);
    expect(approval.waits).toBe(true);
    expect(Object.keys(approval.outputs)).toEqual(['approved_text', 'approved_by']);
  });

  it('asks the owner about the connected text by default, for a day, editable', async () => {
    const pause = await pauseOf({});
    expect(pause.request).toEqual({
      text: 'Draft post',
      editable: true,
      approver: { kind: 'owner' },
      timeoutSeconds: DEFAULT_TIMEOUT_HOURS * 3600,
    });
  });

  it('renders its template, and asks an e-mail address for the hours set', async () => {
    const pause = await pauseOf({
      message: 'About {{topic}}: {{generated_text}}',
      approver: 'email',
      email: ' Boss@Example.com ',
      timeout_hours: 2,
      editable: false,
    });
    expect(pause.request).toEqual({
      text: 'About tea: Draft post',
      editable: false,
      approver: { kind: 'email', email: 'boss@example.com' },
      timeoutSeconds: 7200,
    });
  });

  it('hands on the decision once the run goes on', async () => {
    const outputs = await ask({}, 'Draft post', { text: 'Edited post', decidedBy: 'boss@example.com' });
    expect(outputs).toEqual({ approved_text: 'Edited post', approved_by: 'boss@example.com' });
  });

  it('says what to fix: no e-mail address, nothing to approve', async () => {
    await expect(ask({ approver: 'email', email: 'not an address' })).rejects.toThrow(
      'Write the approver’s e-mail address (it says "not an address").',
    );
    await expect(ask({}, '   ')).rejects.toThrow('There is nothing to approve');
  });

  it('stops a run in the engine as waiting', async () => {
    await expect(runBlock(approval, { upstream: { text: 'Draft' } })).rejects.toThrow();
  });
});
