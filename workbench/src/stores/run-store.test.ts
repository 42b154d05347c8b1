import type { RunEvent } from '@blocksmith/schema';
import { ApiError, type RunWatcher } from '../api/blocksmith-api';
import { RUN_ERRORS } from '../texts/run-history-texts';
import { testBuilder } from '../testing/fake-api';

const MB = 1024 * 1024;

/** A builder holding one File Upload block that takes text files up to 1 MB. */
async function withFileUpload() {
  const setup = await testBuilder();
  const id = setup.builder.gestures.dropBlock('fileUpload', { x: 0, y: 0 })!;
  setup.builder.document.updateSetting(id, 'acceptedTypes', 'text');
  setup.builder.document.updateSetting(id, 'maxSize', 1);
  const field = setup.builder.run.inputFields.find((f) => f.kind === 'file')!;
  return { ...setup, id, field };
}

describe('RunStore file inputs', () => {
  it("offers the block's accepted types and size limit", async () => {
    const { field } = await withFileUpload();
    expect(field).toMatchObject({
      accept: '.txt,.csv',
      maxSizeMb: 1,
      fileRules: { label: 'Text files (TXT, CSV)', extensions: ['.txt', '.csv'], maxSizeMb: 1 },
    });
  });

  it('refuses a chosen file in the words the server refuses its upload with', async () => {
    const { builder, field } = await withFileUpload();
    const good = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    expect(builder.run.chooseFile(field, good)).toBeNull();

    const refusals: Array<[File, string]> = [
      [
        new File([new Uint8Array(1.5 * MB)], 'big.txt', { type: 'text/plain' }),
        '"big.txt" is 1.5 MB, larger than the 1 MB limit.',
      ],
      [
        new File(['png'], 'harbour.png', { type: 'image/png' }),
        '"harbour.png" is not an accepted file type. Accepted: Text files (TXT, CSV) (.txt, .csv).',
      ],
      [
        new File(['png'], 'photo.txt', { type: 'image/png' }),
        '"photo.txt" has the type image/png, which is not accepted. Accepted: Text files (TXT, CSV) (.txt, .csv).',
      ],
      [
        new File([], 'empty.txt', { type: 'text/plain' }),
        '"empty.txt" is empty. Please upload a file with content.',
      ],
    ];
    for (const [file, message] of refusals) {
      expect(builder.run.chooseFile(field, file)).toBe(message);
      expect(builder.run.file(field.key)).toBe(good);
    }
  });

  it('counts a file input as missing until a file is chosen; a dropdown never is', async () => {
    const { builder, field } = await withFileUpload();
    builder.gestures.dropBlock('dropdown', { x: 0, y: 300 });
    builder.gestures.dropBlock('textInput', { x: 0, y: 600 });
    const text = builder.run.inputFields.find((f) => f.kind === 'text')!;
    expect(builder.run.missingInputs.map((f) => f.kind)).toEqual(['file', 'text']);
    builder.run.chooseFile(field, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    builder.run.setValue(text.key, 'Hello');
    expect(builder.run.missingInputs).toEqual([]);
    builder.run.setFile(field.key, null);
    expect(builder.run.missingInputs.map((f) => f.kind)).toEqual(['file']);
  });

  it('uploads the chosen file before the run and sends its id as the input', async () => {
    const { builder, api, field } = await withFileUpload();
    builder.run.chooseFile(field, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    api.runEvents = [{ type: 'run_finished', runId: 'run-1', at: 1, status: 'succeeded' }];
    await builder.preview.runApp();
    expect(api.calls.indexOf('uploadFile')).toBeLessThan(api.calls.indexOf('startRun'));
    expect(api.lastInputs).toEqual({ [field.key]: 'file-1' });
  });

  it('a refused upload fails the run before it starts, so nothing is charged', async () => {
    const { builder, api, toasts, field } = await withFileUpload();
    builder.run.chooseFile(field, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    api.failNext.uploadFile = new ApiError('"notes.txt" is empty. Please upload a file with content.');
    await builder.preview.runApp();
    expect(api.calls).not.toContain('startRun');
    expect(builder.run.phase).toBe('failed');
    expect(builder.run.error).toBe('"notes.txt" is empty. Please upload a file with content.');
    expect(toasts.toasts).toEqual([]);
  });
});

/** A builder with Topic (text input) -> Text AI -> Text Display, and a lone Text AI beside them. */
async function withTextApp() {
  const setup = await testBuilder();
  const { builder } = setup;
  const input = builder.gestures.dropBlock('textInput', { x: 0, y: 0 })!;
  builder.document.updateSetting(input, 'label', 'Topic');
  const ai = builder.gestures.dropBlock('textGeneration', { x: 300, y: 0 })!;
  const display = builder.gestures.dropBlock('textDisplay', { x: 600, y: 0 })!;
  const lone = builder.gestures.dropBlock('textGeneration', { x: 300, y: 300 })!;
  builder.gestures.connect(input, ai);
  builder.gestures.connect(ai, display);
  builder.gestures.connect(input, lone);
  return { ...setup, input, ai, display, lone };
}

describe('RunStore streaming into the results', () => {
  it('shows streamed text where its result will be, until the result is there', async () => {
    const { builder, api, ai, display, lone } = await withTextApp();
    const run = builder.run;
    let watcher: RunWatcher | null = null;
    api.manualWatch = (w) => (watcher = w);
    const done = run.run('app-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const send = (event: RunEvent) => watcher!.next(event);
    send({ type: 'run_started', runId: 'run-1', at: 0, nodeIds: [ai, display, lone] });
    send({ type: 'node_started', runId: 'run-1', nodeId: ai, at: 1 });
    send({ type: 'node_started', runId: 'run-1', nodeId: lone, at: 1 });
    send({ type: 'node_partial', runId: 'run-1', nodeId: ai, at: 2, text: 'Light' });
    send({ type: 'node_partial', runId: 'run-1', nodeId: ai, at: 3, text: 'houses **guide**' });
    send({ type: 'node_partial', runId: 'run-1', nodeId: lone, at: 3, text: 'Waves' });
    expect(run.liveResults).toEqual([
      {
        nodeId: ai,
        text: 'Lighthouses **guide**',
        presented: true,
        item: {
          output: 'generated_text',
          title: 'Generated text',
          parts: [{ view: 'markdown', text: 'Lighthouses **guide**' }],
          copyText: 'Lighthouses **guide**',
          download: null,
          fallback: false,
        },
      },
      {
        nodeId: lone,
        text: 'Waves',
        presented: false,
        item: {
          output: 'generated_text',
          title: 'Generated text',
          parts: [{ view: 'markdown', text: 'Waves' }],
          copyText: 'Waves',
          download: null,
          fallback: false,
        },
      },
    ]);
    expect(run.hasResults).toBe(true);

    // The lone block's own result replaces its streamed text; the presented text stays until the
    // display presents it.
    send({
      type: 'node_finished',
      runId: 'run-1',
      nodeId: lone,
      at: 4,
      durationMs: 3,
      outputs: { generated_text: 'Waves' },
      artifacts: [],
    });
    send({
      type: 'node_finished',
      runId: 'run-1',
      nodeId: ai,
      at: 4,
      durationMs: 3,
      outputs: { generated_text: 'Lighthouses **guide**' },
      artifacts: [],
    });
    expect(run.liveResults.map((live) => live.nodeId)).toEqual([ai]);
    send({
      type: 'node_finished',
      runId: 'run-1',
      nodeId: display,
      at: 5,
      durationMs: 1,
      outputs: {},
      artifacts: [{ kind: 'text', format: 'markdown', text: 'Lighthouses **guide**', copyable: true }],
    });
    expect(run.liveResults).toEqual([]);
    send({ type: 'run_finished', runId: 'run-1', at: 6, status: 'succeeded' });
    await expect(done).resolves.toEqual({ ok: true });
    expect(run.liveResults).toEqual([]);
  });
});

describe('RunStore errors a person can act on', () => {
  it('says what to check when the server cannot be reached', async () => {
    const { builder, api } = await withTextApp();
    api.failNext.startRun = new ApiError('Failed to fetch', undefined, true);
    const outcome = await builder.run.run('app-1');
    expect(outcome).toEqual({ ok: false, error: RUN_ERRORS.network });
    expect(builder.run.error).toMatch(/Check your internet connection/);
  });

  it('keeps the server message when the server refused the run', async () => {
    const { builder, api } = await withTextApp();
    api.failNext.startRun = new ApiError('Insufficient credits: this run needs 2.', 'INSUFFICIENT_CREDITS');
    await builder.run.run('app-1');
    expect(builder.run.error).toBe('Insufficient credits: this run needs 2.');
  });

  it('names a labelled block by its label', async () => {
    const { builder, input } = await withTextApp();
    expect(builder.run.titled(`Text Input (${input}) failed: too long.`)).toBe('Topic failed: too long.');
    expect(builder.run.titled('Nothing to name here.')).toBe('Nothing to name here.');
  });

  it('says a dropped connection is being made again, and starts over from the events sent again', async () => {
    const { builder, api, ai, display } = await withTextApp();
    const run = builder.run;
    let watcher: RunWatcher | null = null;
    api.manualWatch = (w) => (watcher = w);
    const done = run.run('app-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const send = (event: RunEvent) => watcher!.next(event);
    const started: RunEvent = { type: 'run_started', runId: 'run-1', at: 0, nodeIds: [ai, display] };
    send(started);
    send({ type: 'node_started', runId: 'run-1', nodeId: ai, at: 1 });
    send({ type: 'node_partial', runId: 'run-1', nodeId: ai, at: 2, text: 'Half a ' });
    watcher!.connection!('lost');
    expect(run.connection).toBe('lost');
    expect(run.processing).toBe(true);
    watcher!.connection!('restored');
    expect(run.connection).toBe('restored');
    // The server sends every event again from the start: nothing is doubled.
    send(started);
    send({ type: 'node_started', runId: 'run-1', nodeId: ai, at: 1 });
    send({ type: 'node_partial', runId: 'run-1', nodeId: ai, at: 2, text: 'Half a ' });
    send({ type: 'node_partial', runId: 'run-1', nodeId: ai, at: 3, text: 'story' });
    expect(run.nodeState(ai)?.text).toBe('Half a story');
    send({ type: 'run_finished', runId: 'run-1', at: 4, status: 'succeeded' });
    await expect(done).resolves.toEqual({ ok: true });
    expect(run.connection).toBe('ok');
  });

  it('reads the stored ending when the events stop without it', async () => {
    const { builder, api, ai } = await withTextApp();
    api.runEvents = [{ type: 'run_started', runId: 'run-1', at: 0, nodeIds: [ai] }];
    api.finishedRun = {
      id: 'run-1',
      status: 'succeeded',
      cost: 1,
      results: {
        blocks: { [ai]: { kind: 'textGeneration', outputs: { generated_text: 'Kept answer' } } },
        artifacts: [],
        layout: [],
      },
      nodes: { [ai]: { status: 'succeeded', durationMs: 5 } },
      error: null,
      errorCode: null,
    };
    await expect(builder.run.run('app-1')).resolves.toEqual({ ok: true });
    expect(api.calls).toContain('runOutcome');
    expect(builder.run.outputs[ai]).toEqual({ generated_text: 'Kept answer' });
  });

  it('says the connection is gone when it cannot be made again and the run cannot be read', async () => {
    const { builder, api } = await withTextApp();
    api.manualWatch = (w) => {
      queueMicrotask(() => {
        w.connection?.('lost');
        w.error(new ApiError('The connection to the server closed.', undefined, true));
      });
    };
    api.failNext.runOutcome = new ApiError('Failed to fetch', undefined, true);
    const outcome = await builder.run.run('app-1');
    expect(outcome).toEqual({ ok: false, error: RUN_ERRORS.connectionGone });
    expect(builder.run.connection).toBe('ok');
  });
});

describe('RunStore run again with these inputs', () => {
  it("fills the fields with a kept run's inputs and sends its file again unless another is chosen", async () => {
    const { builder, api, field } = await withFileUpload();
    const text = builder.gestures.dropBlock('textInput', { x: 0, y: 300 })!;
    const textKey = builder.run.inputFields.find((f) => f.plugin.id === text)!.key;
    builder.run.fillInputs({ [field.key]: 'file-7', [textKey]: 'Harbours', gone: 'x' });
    expect(builder.run.value(textKey)).toBe('Harbours');
    expect(builder.run.keptFile(field.key)).toEqual({ id: 'file-7', name: '' });
    api.runEvents = [{ type: 'run_finished', runId: 'run-1', at: 1, status: 'succeeded' }];
    await builder.run.run('app-1');
    expect(api.calls).not.toContain('uploadFile');
    expect(api.lastInputs).toEqual({ [field.key]: 'file-7', [textKey]: 'Harbours' });

    builder.run.chooseFile(field, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(builder.run.keptFile(field.key)).toBeUndefined();
    await builder.run.run('app-1');
    expect(api.lastInputs).toEqual({ [field.key]: 'file-1', [textKey]: 'Harbours' });
  });

  it('shows a kept run without running it', async () => {
    const { builder, api, ai, input } = await withTextApp();
    const key = builder.run.inputFields.find((f) => f.plugin.id === input)!.key;
    builder.run.showKept({
      id: 'run-9',
      createdAt: '2025-03-01T10:00:00.000Z',
      status: 'succeeded',
      cost: 1,
      inputs: { [key]: 'Tides' },
      results: {
        blocks: { [ai]: { kind: 'textGeneration', outputs: { generated_text: 'About tides' } } },
        artifacts: [],
        layout: [],
      },
      nodes: { [ai]: { status: 'succeeded', durationMs: 4 } },
      error: null,
      errorCode: null,
    });
    expect(api.calls).not.toContain('startRun');
    expect(builder.run.shownRun).toEqual({ id: 'run-9', createdAt: '2025-03-01T10:00:00.000Z' });
    expect(builder.run.value(key)).toBe('Tides');
    expect(builder.run.phase).toBe('succeeded');
    expect(builder.run.outputs[ai]).toEqual({ generated_text: 'About tides' });
  });
});

describe('RunStore loops', () => {
  const runId = 'run-1';
  const at = 1;
  const item = (n: number) => [{ loopId: 'each', item: n, items: 2 }];

  it('keeps a block that failed on one item failed, with that failure, while the items beside it end', async () => {
    const { builder } = await testBuilder();
    const run = builder.run;
    run.applyEvent({ type: 'run_started', runId, at, nodeIds: ['gen'] });
    run.applyEvent({ type: 'node_started', runId, at, nodeId: 'gen', loop: item(1) });
    run.applyEvent({ type: 'node_started', runId, at, nodeId: 'gen', loop: item(2) });
    run.applyEvent({
      type: 'node_failed',
      runId,
      at,
      nodeId: 'gen',
      durationMs: 2,
      error: 'Gen failed on item 1 of 2: no',
      loop: item(1),
    });
    run.applyEvent({
      type: 'node_finished',
      runId,
      at,
      nodeId: 'gen',
      durationMs: 3,
      outputs: {},
      artifacts: [],
      loop: item(2),
    });
    expect(run.nodeState('gen')).toMatchObject({ status: 'failed', error: 'Gen failed on item 1 of 2: no' });
    run.applyEvent({
      type: 'node_failed',
      runId,
      at,
      nodeId: 'gen',
      durationMs: 1,
      error: 'Gen was stopped.',
      loop: item(2),
    });
    expect(run.nodeState('gen')).toMatchObject({ status: 'failed', error: 'Gen failed on item 1 of 2: no' });
  });

  it("shows the artifacts of the blocks outside loops, as the run's result keeps them", async () => {
    const { builder } = await testBuilder();
    const run = builder.run;
    const shown = { kind: 'text', format: 'plain', text: 'Done', copyable: false } as const;
    const itemText = { kind: 'text', format: 'plain', text: 'Item 1', copyable: false } as const;
    run.applyEvent({ type: 'run_started', runId, at, nodeIds: ['inside', 'show'] });
    run.applyEvent({ type: 'node_started', runId, at, nodeId: 'inside', loop: item(1) });
    run.applyEvent({
      type: 'node_finished',
      runId,
      at,
      nodeId: 'inside',
      durationMs: 1,
      outputs: {},
      artifacts: [itemText],
      loop: item(1),
    });
    run.applyEvent({
      type: 'node_finished',
      runId,
      at,
      nodeId: 'show',
      durationMs: 1,
      outputs: {},
      artifacts: [shown],
    });
    expect(run.artifacts).toEqual([{ nodeId: 'show', artifact: shown }]);
    expect(run.nodeState('inside')).toMatchObject({ status: 'succeeded', position: item(1) });
  });
});

describe('RunStore results of several blocks of one kind', () => {
  it('names the block each result came from when another block of its kind has results too', async () => {
    const { builder, api } = await testBuilder();
    const input = builder.gestures.dropBlock('textInput', { x: 0, y: 0 })!;
    const summary = builder.gestures.dropBlock('textGeneration', { x: 300, y: 0 })!;
    const headline = builder.gestures.dropBlock('textGeneration', { x: 300, y: 300 })!;
    builder.document.updateSetting(summary, 'label', 'Summary');
    builder.document.updateSetting(headline, 'label', 'Headline');
    builder.gestures.connect(input, summary);
    builder.gestures.connect(input, headline);
    const finished = (nodeId: string, text: string): RunEvent => ({
      type: 'node_finished',
      runId: 'run-1',
      nodeId,
      at: 1,
      durationMs: 1,
      outputs: { generated_text: text },
      artifacts: [],
    });
    api.runEvents = [
      { type: 'run_started', runId: 'run-1', at: 0, nodeIds: [input, summary, headline] },
      finished(summary, 'A long story, told short.'),
      finished(headline, 'Story told'),
      { type: 'run_finished', runId: 'run-1', at: 2, status: 'succeeded' },
    ];
    await builder.run.run('app-1');
    expect(builder.run.resultGroups.map(({ nodeId, source }) => ({ nodeId, source }))).toEqual([
      { nodeId: summary, source: 'Summary' },
      { nodeId: headline, source: 'Headline' },
    ]);
  });
});
