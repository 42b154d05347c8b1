import { TEMPLATES } from '../testing/templates';
import { testBuilder } from '../testing/fake-api';
import { buildThreeBlocks } from '../testing/builder-fixtures';

describe('PreviewStore', () => {
  it('runs from the preview: saves first, follows progress, toasts and refreshes credits', async () => {
    const { builder, api, toasts } = await testBuilder();
    const { input, ai, output } = buildThreeBlocks(builder);
    api.runEvents = [
      { type: 'run_started', runId: 'run-1', at: 0, nodeIds: [input, ai, output] },
      { type: 'node_started', runId: 'run-1', nodeId: ai, at: 1 },
      { type: 'node_partial', runId: 'run-1', nodeId: ai, at: 2, text: '[Offline preview] ' },
      { type: 'node_partial', runId: 'run-1', nodeId: ai, at: 3, text: 'Hello' },
      {
        type: 'node_finished',
        runId: 'run-1',
        nodeId: ai,
        at: 4,
        durationMs: 3,
        outputs: { generated_text: '[Offline preview] Hello' },
        artifacts: [],
      },
      {
        type: 'node_finished',
        runId: 'run-1',
        nodeId: output,
        at: 5,
        durationMs: 1,
        outputs: {},
        artifacts: [{ kind: 'text', format: 'card', text: '[Offline preview] Hello', copyable: true }],
      },
      { type: 'run_finished', runId: 'run-1', at: 6, status: 'succeeded' },
    ];
    builder.run.setValue('input_text', 'lighthouses');
    const running = builder.preview.runApp();
    await running;
    expect(api.calls.indexOf('createApp')).toBeLessThan(api.calls.indexOf('startRun'));
    expect(api.lastInputs).toEqual({ input_text: 'lighthouses' });
    expect(builder.run.phase).toBe('succeeded');
    expect(builder.run.nodeState(ai)).toMatchObject({ status: 'succeeded', text: '[Offline preview] Hello' });
    expect(builder.run.artifacts).toHaveLength(1);
    expect(toasts.toasts[0]?.message).toBe('App executed successfully!');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls).toContain('credits');
  });

  it('starts no run while the checklist by Run lists problems, and says to fix them', async () => {
    const { builder, api, toasts } = await testBuilder();
    buildThreeBlocks(builder);
    expect(builder.checklist.problems.map((p) => p.message)).toEqual(['Fill in "Your text" before running.']);
    await builder.preview.runApp();
    expect(api.calls).not.toContain('startRun');
    expect(builder.run.phase).toBe('idle');
    expect(toasts.toasts[0]?.message).toBe('Fix the problems listed above Run before running the app.');
  });

  it('a failed run shows its error once, naming the block by its title', async () => {
    const { builder, api, toasts } = await testBuilder();
    const { ai } = buildThreeBlocks(builder);
    const error = `Text AI (${ai}) failed: The AI service failed.`;
    api.runEvents = [
      { type: 'run_started', runId: 'run-1', at: 0, nodeIds: [ai] },
      { type: 'node_started', runId: 'run-1', nodeId: ai, at: 1 },
      { type: 'node_failed', runId: 'run-1', nodeId: ai, at: 2, durationMs: 1, error },
      { type: 'run_finished', runId: 'run-1', at: 3, status: 'failed', error },
    ];
    builder.run.setValue('input_text', 'lighthouses');
    await builder.preview.runApp();
    expect(builder.run.phase).toBe('failed');
    expect(builder.run.nodeState(ai)).toMatchObject({
      status: 'failed',
      error: 'Text AI failed: The AI service failed.',
    });
    expect(builder.run.error).toBe('Text AI failed: The AI service failed.');
    // Shown in the preview's results only: no toast says it again.
    expect(toasts.toasts).toEqual([]);
  });

  it('refuses to run when signed out, and checks LinkedIn inputs', async () => {
    const anonymous = await testBuilder({ signedIn: false });
    await anonymous.builder.preview.runApp();
    expect(anonymous.toasts.toasts[0]).toMatchObject({ title: 'Authentication Required' });

    const { builder, toasts, api } = await testBuilder();
    const id = builder.gestures.dropBlock('textInput', { x: 0, y: 0 })!;
    builder.document.updateSetting(id, 'label', 'Your LinkedIn profile');
    builder.run.setValue('input_text', 'https://example.com/ada');
    await builder.preview.runApp();
    expect(toasts.toasts[0]).toMatchObject({ title: 'Invalid LinkedIn URL' });
    expect(api.calls).not.toContain('startRun');
  });

  it("a template run's inputs stay with the template: the assistant's app starts with empty inputs", async () => {
    const { builder, api } = await testBuilder();
    builder.drafts.loadTemplate(TEMPLATES.find((template) => template.id === 'travel-itinerary')!);
    const where = builder.run.inputFields.find((field) => field.kind === 'text')!;
    builder.run.setValue(where.key, 'Lisbon, 3 days');
    await builder.preview.runApp();
    // Saving for the run keeps the inputs: it is still the same app.
    expect(api.lastInputs?.[where.key]).toBe('Lisbon, 3 days');
    expect(builder.run.value(where.key)).toBe('Lisbon, 3 days');

    builder.drafts.loadGeneratedApp(
      {
        name: 'Summarise a text',
        description: 'Summarises a text.',
        slug: 'summarise-a-text-1',
        isPrivate: false,
        isPublished: false,
        config: {
          plugins: [
            { id: 'in', type: 'textInput', position: { x: 100, y: 100 }, settings: { label: 'Text' } },
            { id: 'ai', type: 'textGeneration', position: { x: 400, y: 100 }, settings: {} },
          ],
          connections: [{ id: 'c1', from: 'in', to: 'ai', fromPort: 'output', toPort: 'input' }],
          canvas: { zoom: 1, pan: { x: 0, y: 0 } },
        },
      },
      { confirm: false },
    );
    const [text] = builder.run.inputFields;
    expect(text!.key).toBe(where.key);
    expect(builder.run.value(text!.key)).toBeUndefined();
    expect(builder.run.collectInputs()).toEqual({ [where.key]: '' });
  });

  it('inputs belong to the loaded app even when another app is loaded without a run reset', async () => {
    const { builder } = await testBuilder();
    builder.gestures.dropBlock('textInput', { x: 0, y: 0 });
    builder.run.setValue('input_text', 'typed for the first app');
    builder.document.load({ name: 'Another', config: builder.document.config });
    expect(builder.run.value('input_text')).toBeUndefined();
    expect(builder.run.collectInputs()).toEqual({ input_text: '' });
    builder.run.setValue('input_text', 'typed for the second app');
    expect(builder.run.collectInputs()).toEqual({ input_text: 'typed for the second app' });
  });
});
