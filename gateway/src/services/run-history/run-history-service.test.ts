import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineBlock, output } from '@blocksmith/block-sdk';
import { OfflineProvider, OpenAiProvider } from '../../providers/ai';
import { block as textGeneration } from '@blocksmith/block-text-generation';
import { block as textInput } from '@blocksmith/block-text-input';
import type { Database } from '../../data/database';
import { FileRecord, RunRecord, User } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { ConflictError, InputError, NotFoundError } from '../../errors';
import { BlockRegistry } from '../../kernel';
import {
  collectDisplay,
  echoInput,
  failingBlock,
  probeApp,
  probeCollect,
  probeLoop,
  probePlugin,
  templateBlock,
} from '../../testing/probe-blocks';
import { DiskFileStore } from '../../providers/disk-file-store';
import { AppService } from '../apps/app-service';
import { CreditLedger } from '../credits';
import { FileLinks } from '../files/file-links';
import { ProcessLease } from '../runs/process-lease';
import { RunEventHub } from '../runs/run-event-hub';
import type { StoredRun } from '../runs/run-records';
import { RunService, type RunServiceDeps } from '../runs/run-service';
import { MAX_STORED_CHARS } from '../runs/stored-value';
import { ScheduledWork } from '../scheduled-work';
import { RunHistoryService, type RunViewer } from './run-history-service';
import type { RunStepView, RunView } from './run-view';

/** An AI block that waits until its run is stopped, like a model that never answers. */
const hangingBlock = defineBlock({
  kind: 'hanging',
  name: 'Hanging',
  description: 'Answers only when stopped.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { never_text: output.text() },
  run(ctx) {
    return new Promise((_resolve, reject) =>
      ctx.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }),
    );
  },
});

/** A block whose output is longer than a step keeps. */
const longBlock = defineBlock({
  kind: 'long',
  name: 'Long Writer',
  description: 'Writes a very long text.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { long_text: output.text() },
  run() {
    return { long_text: 'ab'.repeat(MAX_STORED_CHARS) };
  },
});

const registry = new BlockRegistry();
for (const block of [
  echoInput,
  templateBlock,
  failingBlock,
  hangingBlock,
  longBlock,
  collectDisplay,
  probeLoop,
  probeCollect,
])
  registry.register(block, 'test');
registry.register(textInput, '@blocksmith/block-text-input');
registry.register(textGeneration, '@blocksmith/block-text-generation');

/** Input, an AI step (the real Text AI block on the offline provider) and a display. */
const storyApp = probeApp(
  [
    probePlugin('in', 'textInput', { label: 'Your topic' }),
    probePlugin('gen', 'textGeneration', { prompt_template: 'Write about {{input_text}}' }),
    probePlugin('show', 'collectDisplay'),
  ],
  [
    ['in', 'gen'],
    ['gen', 'show'],
  ],
);

const greeter = probeApp(
  [probePlugin('in', 'echoInput'), probePlugin('gen', 'template', { template: 'Hello {{input_text}}' })],
  [['in', 'gen']],
);

const byStep = (steps: RunStepView[]) => Object.fromEntries(steps.map((step) => [step.nodeId, step]));

describe.each(databaseTargets)('Run history on %s', (_name, databaseUrl) => {
  let db: Database;
  let dataDir: string;
  let apps: AppService;
  let ledger: CreditLedger;
  let hub: RunEventHub;
  let files: DiskFileStore;
  let runs: RunService;
  let history: RunHistoryService;
  const services: RunService[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    dataDir = mkdtempSync(path.join(tmpdir(), 'run-history-'));
    apps = new AppService(db.dataSource, registry);
    ledger = new CreditLedger(db.dataSource);
    hub = new RunEventHub();
    files = new DiskFileStore(db.dataSource, dataDir);
    runs = runService();
    history = new RunHistoryService({
      dataSource: db.dataSource,
      fileLinks: new FileLinks(db.dataSource),
      registry,
      files,
    });
  });

  afterAll(async () => {
    for (const service of services) await service.drain();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  function runService(extra: Partial<RunServiceDeps> = {}): RunService {
    const service = new RunService({
      dataSource: db.dataSource,
      registry,
      apps,
      ledger,
      provider: new OfflineProvider(),
      files,
      hub,
      ...extra,
    });
    services.push(service);
    return service;
  }

  async function person(name = ''): Promise<RunViewer> {
    const id = randomUUID();
    await db.dataSource
      .getRepository(User)
      .insert({ id, email: `${id}@example.com`, fullName: name, plan: 'enterprise' });
    await ledger.initialize(id, 'enterprise');
    return { userId: id, isAdmin: false };
  }

  /** Creates an app and makes its current draft the live, approved version in the store. */
  async function published(owner: RunViewer, config = storyApp, name = 'Stories'): Promise<string> {
    const app = await apps.create(owner.userId, { name, category: 'Content', config });
    await db.dataSource.query(
      `UPDATE apps SET is_published = true, verification_status = 'approved', live_version_id = draft_version_id,
         live = jsonb_build_object('name', name, 'description', description, 'category', category, 'config', config)
       WHERE id = $1`,
      [app.id],
    );
    apps.storeChanged();
    return app.id!;
  }

  const stored = (runId: string) => db.dataSource.getRepository(RunRecord).findOneByOrFail({ id: runId });

  it('keeps what each block did in a run that succeeds: title, kind, times, inputs, outputs, model', async () => {
    const owner = await person('Ada Owner');
    const appId = await published(owner);
    const record = await runs.runToEnd({
      userId: owner.userId,
      appId,
      inputs: { input_text: 'the sea' },
      actionType: 'test_execution',
    });
    expect(record).toMatchObject({ status: 'succeeded', source: 'builder', detailsShared: false });
    const view = await history.run(owner, record.id);
    expect(view).toMatchObject({ mine: true, detailsHidden: false, source: 'builder', status: 'succeeded' });
    expect(await view.appName).toBe('Stories');
    expect(await view.runner).toEqual({ id: owner.userId, name: 'Ada Owner' });
    expect(view.durationMs).toBeGreaterThanOrEqual(0);
    expect(await view.inputs).toEqual({ input_text: 'the sea' });
    const steps = await view.steps;
    expect(steps.map((s) => [s.nodeId, s.kind, s.title, s.status])).toEqual([
      ['in', 'textInput', 'Your topic', 'succeeded'],
      ['gen', 'textGeneration', 'Text AI', 'succeeded'],
      ['show', 'collectDisplay', 'Collect Display', 'succeeded'],
    ]);
    const step = byStep(steps);
    expect(step.in!.inputs).toEqual({ input_text: 'the sea' });
    expect(step.in!.outputs).toEqual({ input_text: 'the sea' });
    expect(step.gen!.inputs).toEqual({ input_text: 'the sea' });
    const generated = step.gen!.outputs!.generated_text as string;
    expect(generated).toContain('the sea');
    expect(step.gen).toMatchObject({ model: 'offline', usage: null, truncated: false, error: null });
    expect(step.show!.inputs).toEqual({ generated_text: generated });
    expect(step.show!.outputs).toEqual({
      artifacts: [{ kind: 'text', format: 'plain', text: generated, copyable: false }],
    });
    for (const s of steps) {
      expect(s.startedAt).toBeInstanceOf(Date);
      expect(s.finishedAt!.getTime()).toBeGreaterThanOrEqual(s.startedAt!.getTime());
      expect(s.durationMs).toEqual(expect.any(Number));
    }
    // The run's nodes keep their old shape for existing readers.
    expect((await view.nodes)!.gen).toEqual({ status: 'succeeded', durationMs: expect.any(Number) });
  });

  it('keeps the version each run ran: the owner’s draft, everyone else’s live version, prompts shown to the owner only', async () => {
    const owner = await person('Ada Owner');
    const runner = await person('Ben Runner');
    const appId = await published(owner);
    const inputs = { input_text: 'the sea' };
    const before = await runs.runToEnd({ userId: runner.userId, appId, inputs, actionType: 'published' });
    // The owner saves a new prompt (version 2, the draft) and tries it; version 1 stays live.
    const rewritten = {
      ...storyApp,
      plugins: storyApp.plugins.map((plugin) =>
        plugin.id === 'gen'
          ? { ...plugin, settings: { prompt_template: 'A poem on {{input_text}}' } }
          : plugin,
      ),
    };
    await apps.update(owner.userId, appId, { config: rewritten });
    const tried = await runs.runToEnd({ userId: owner.userId, appId, inputs, actionType: 'test_execution' });
    const after = await runs.runToEnd({ userId: runner.userId, appId, inputs, actionType: 'published' });
    const versionOf = async (viewer: RunViewer, runId: string) => {
      const version = await (await history.run(viewer, runId)).version;
      if (!version) return null;
      const plugins = (version.config as { plugins: { id: string; settings: Record<string, unknown> }[] })
        .plugins;
      return {
        number: version.number,
        prompt: plugins.find((p) => p.id === 'gen')!.settings.prompt_template,
      };
    };
    expect(await versionOf(owner, before.id)).toEqual({ number: 1, prompt: 'Write about {{input_text}}' });
    expect(await versionOf(owner, tried.id)).toEqual({ number: 2, prompt: 'A poem on {{input_text}}' });
    expect(await versionOf(owner, after.id)).toEqual({ number: 1, prompt: 'Write about {{input_text}}' });
    // The runner sees the version they ran as its page showed it: the AI block without its prompt.
    expect(await versionOf(runner, after.id)).toEqual({ number: 1, prompt: undefined });
    // A page of runs loads the versions of all its runs in one read.
    const page = await history.appRuns(owner, appId);
    expect(await Promise.all(page.runs.map(async (run) => (await run.version)?.number))).toEqual([1, 2, 1]);
    // Runs kept before versions were recorded have none.
    await db.dataSource.query('UPDATE runs SET version_id = NULL WHERE id = $1', [before.id]);
    expect(await versionOf(owner, before.id)).toBeNull();
  });

  it('keeps the model and the tokens an OpenAI-compatible server reports for a block', async () => {
    // A loopback OpenAI-compatible server: a streamed answer whose last chunk carries the usage.
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const chunk = (body: object) =>
          `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, ...body })}\n\n`;
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(
          chunk({
            model: 'llama-test',
            choices: [{ index: 0, delta: { content: 'Waves.' }, finish_reason: null }],
          }),
        );
        res.write(
          chunk({
            model: 'llama-test',
            choices: [],
            usage: { prompt_tokens: 11, completion_tokens: 2, total_tokens: 13 },
          }),
        );
        res.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const provider = new OpenAiProvider({
        apiKey: 'sk-test',
        baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        maxRetries: 0,
      });
      const owner = await person();
      const app = await apps.create(owner.userId, { config: storyApp });
      const record = await runService({ provider }).runToEnd({
        userId: owner.userId,
        appId: app.id!,
        inputs: { input_text: 'the sea' },
      });
      expect(record.status).toBe('succeeded');
      const step = byStep(await (await history.run(owner, record.id)).steps);
      expect(step.gen).toMatchObject({
        model: 'llama-test',
        usage: { promptTokens: 11, completionTokens: 2, totalTokens: 13 },
        outputs: { generated_text: 'Waves.' },
      });
      expect(step.in).toMatchObject({ model: null, usage: null });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps a failed block’s error under its title, what ran before it, and what never ran', async () => {
    const owner = await person();
    const config = probeApp(
      [
        probePlugin('in', 'echoInput'),
        probePlugin('bad', 'failing'),
        probePlugin('after', 'template', { template: '{{never}}' }),
      ],
      [
        ['in', 'bad'],
        ['bad', 'after'],
      ],
    );
    const app = await apps.create(owner.userId, { config });
    const record = await runs.runToEnd({ userId: owner.userId, appId: app.id!, inputs: { input_text: 'x' } });
    expect(record).toMatchObject({
      status: 'failed',
      error: 'Failing failed: Connect a block that provides the text.',
    });
    const step = byStep(await (await history.run(owner, record.id)).steps);
    expect(step.in).toMatchObject({ status: 'succeeded', outputs: { input_text: 'x' } });
    expect(step.bad).toMatchObject({
      status: 'failed',
      title: 'Failing',
      error: 'Failing failed: Connect a block that provides the text.',
      inputs: { input_text: 'x' },
      outputs: null,
    });
    expect(step.bad!.finishedAt).toBeInstanceOf(Date);
    expect(step.after).toMatchObject({ status: 'pending', startedAt: null, inputs: null, outputs: null });
  });

  it('keeps the steps of a run stopped at its time limit: the block still running did not finish', async () => {
    const owner = await person();
    const config = probeApp(
      [probePlugin('in', 'echoInput'), probePlugin('wait', 'hanging')],
      [['in', 'wait']],
    );
    const app = await apps.create(owner.userId, { config });
    const timed = runService({ timeoutMs: 1_000 });
    const record = await timed.runToEnd({
      userId: owner.userId,
      appId: app.id!,
      inputs: { input_text: 'x' },
    });
    expect(record).toMatchObject({ status: 'failed', errorCode: 'RUN_TIMEOUT' });
    const step = byStep(await (await history.run(owner, record.id)).steps);
    expect(step.in!.status).toBe('succeeded');
    expect(step.wait).toMatchObject({ status: 'failed', title: 'Hanging' });
    expect(step.wait!.error).toBe('Hanging was stopped.');
    expect(step.wait!.startedAt).toBeInstanceOf(Date);
  });

  it('keeps the steps of a run whose process died: finished blocks succeeded, the running one did not finish', async () => {
    const owner = await person();
    const config = probeApp(
      [probePlugin('in', 'echoInput'), probePlugin('wait', 'hanging')],
      [['in', 'wait']],
    );
    const app = await apps.create(owner.userId, { config });
    // The process that executes the run (it will "die": stop beating while its run hangs).
    const dying = new ProcessLease(
      db.dataSource,
      30,
      async () => undefined,
      () => doomed.executing(),
    );
    const doomed: RunService = runService({ lease: dying, timeoutMs: 8_000 });
    const started = await doomed.start({ userId: owner.userId, appId: app.id!, inputs: { input_text: 'x' } });
    // Its steps are stored while it runs once it has gone on for a moment.
    const deadline = Date.now() + 5_000;
    type Nodes = Record<string, { status: string } | undefined> | null;
    let nodes: Nodes = null;
    while (Date.now() < deadline) {
      nodes = (await stored(started.runId)).nodes as Nodes;
      if (nodes?.wait?.status === 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(nodes).toMatchObject({ in: { status: 'succeeded' }, wait: { status: 'running' } });
    await dying.stop(); // no heartbeat any more: taken to have stopped
    // Another process's sweep ends it, failed and refunded, keeping its steps.
    const survivor = runService();
    const sweeper = new ProcessLease(
      db.dataSource,
      30,
      (ids) => survivor.endLapsed(ids),
      () => survivor.executing(),
    );
    await sweeper.tick();
    await sweeper.stop();
    const record = await stored(started.runId);
    expect(record).toMatchObject({ status: 'failed', errorCode: 'UNAVAILABLE' });
    const view = await history.run(owner, started.runId);
    const step = byStep(await view.steps);
    expect(step.in).toMatchObject({ status: 'succeeded', outputs: { input_text: 'x' } });
    expect(step.wait).toMatchObject({
      status: 'failed',
      error: 'Hanging did not finish: the server running it stopped while it ran.',
    });
    expect(step.wait!.finishedAt).toBeInstanceOf(Date);
    expect((await ledger.audit(owner.userId)).consistent).toBe(true);
    // When the "dead" process's run ends after all, the stored ending stands.
    await started.done;
    expect((await stored(started.runId)).errorCode).toBe('UNAVAILABLE');
  }, 20_000);

  it('keeps a loop’s steps: items run, the first item’s inputs and outputs', async () => {
    const owner = await person();
    const config = probeApp(
      [
        probePlugin('in', 'echoInput'),
        probePlugin('each', 'probeLoop'),
        probePlugin('gen', 'template', { template: '<{{item}}>' }),
        probePlugin('end', 'probeCollect'),
      ],
      [
        ['in', 'each'],
        ['each', 'gen'],
        ['gen', 'end'],
      ],
    );
    const app = await apps.create(owner.userId, { config });
    const record = await runs.runToEnd({
      userId: owner.userId,
      appId: app.id!,
      inputs: { input_text: 'a\nb\nc' },
    });
    expect(record.status).toBe('succeeded');
    const step = byStep(await (await history.run(owner, record.id)).steps);
    expect(step.each).toMatchObject({ status: 'succeeded', items: 3 });
    expect(step.gen).toMatchObject({
      status: 'succeeded',
      items: 3,
      inputs: { item: 'a' },
      outputs: { generated_text: '<a>' },
    });
    expect(step.end).toMatchObject({
      status: 'succeeded',
      outputs: { collected: ['0:<a>', '1:<b>', '2:<c>'] },
    });
  });

  it('cuts a long output to 20,000 characters and keeps it whole in a file the run links', async () => {
    const owner = await person();
    const app = await apps.create(owner.userId, {
      config: probeApp([probePlugin('long', 'long')], []),
    });
    const record = await runs.runToEnd({ userId: owner.userId, appId: app.id! });
    const step = byStep(await (await history.run(owner, record.id)).steps).long!;
    expect(step.truncated).toBe(true);
    expect((step.outputs!.long_text as string).length).toBe(MAX_STORED_CHARS);
    const link = step.outputFiles!.long_text!;
    expect(link).toMatch(/^\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    const kept = await files.read(link);
    expect(new TextDecoder().decode(kept.data)).toBe('ab'.repeat(MAX_STORED_CHARS));
    expect(kept.ownerId).toBe(owner.userId);
  });

  it('keeps a run’s results per block, cut for history, and answers its starter the whole outputs', async () => {
    const owner = await person();
    const app = await apps.create(owner.userId, {
      config: probeApp([probePlugin('long', 'long')], []),
    });
    const record = await runs.runToEnd({ userId: owner.userId, appId: app.id! });
    const whole = { long: { kind: 'long', outputs: { long_text: 'ab'.repeat(MAX_STORED_CHARS) } } };
    expect((await history.answer(record, owner).results)?.blocks).toEqual(whole);
    expect(await history.answer(record, owner).result).toMatchObject({
      long_text: 'ab'.repeat(MAX_STORED_CHARS),
    });
    const kept = await (await history.run(owner, record.id)).results;
    expect(kept?.blocks).toEqual({
      long: { kind: 'long', outputs: { long_text: 'ab'.repeat(MAX_STORED_CHARS / 2) } },
    });
    expect(kept?.layout).toEqual([{ id: 'long', variable: 'long_text', outputs: ['long_text'] }]);
  });

  it('reads a run stored with a flat result before results were per block', async () => {
    const owner = await person();
    const app = await apps.create(owner.userId, {
      config: probeApp([probePlugin('long', 'long')], []),
    });
    const record = await runs.runToEnd({ userId: owner.userId, appId: app.id! });
    const flat = { long_text: 'kept flat', artifacts: [] };
    // Such a run kept its steps whole (steps leave out what the result holds since results are per block).
    await db.dataSource.query(`UPDATE runs SET result = $2::jsonb, nodes = $3::jsonb WHERE id = $1`, [
      record.id,
      JSON.stringify(flat),
      JSON.stringify(record.nodes),
    ]);
    const view = await history.run(owner, record.id);
    expect(await view.result).toEqual(flat);
    const results = await view.results;
    expect(results?.blocks.long?.kind).toBe('long');
    expect((results?.blocks.long?.outputs.long_text as string).length).toBe(MAX_STORED_CHARS);
    expect(results?.artifacts).toEqual([]);
  });

  it('shows the app’s owner other people’s inputs and outputs only for runs started while it shared them', async () => {
    const owner = await person('Olive');
    const runner = await person('Ben Runner');
    const stranger = await person();
    const appId = await published(owner);
    const hidden = await runs.runToEnd({
      userId: runner.userId,
      appId,
      inputs: { input_text: 'my secret plan' },
    });
    expect(hidden.source).toBe('store');

    // The runner sees everything about their own run.
    const theirs = await history.run(runner, hidden.id);
    expect(theirs).toMatchObject({ mine: true, detailsHidden: false });
    expect(await theirs.inputs).toEqual({ input_text: 'my secret plan' });
    expect(await theirs.appName).toBe('Stories');

    // The owner sees status, timing, cost and errors, not what they entered or got.
    const owners = await history.run(owner, hidden.id);
    expect(owners).toMatchObject({
      mine: false,
      detailsHidden: true,
      status: 'succeeded',
      cost: hidden.cost,
    });
    expect(await owners.runner).toEqual({ id: runner.userId, name: 'Ben Runner' });
    expect(await owners.inputs).toBeNull();
    expect(await owners.result).toBeNull();
    const hiddenSteps = await owners.steps;
    expect(hiddenSteps.map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(hiddenSteps.every((s) => s.inputs === null && s.outputs === null && s.outputFiles === null)).toBe(
      true,
    );
    expect(hiddenSteps.every((s) => s.startedAt instanceof Date)).toBe(true);
    expect(JSON.stringify(await owners.nodes)).not.toContain('secret');

    // Anyone else: no such run.
    await expect(history.run(stranger, hidden.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(history.appRuns(stranger, appId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(history.appRuns(runner, appId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(history.deleteRun(stranger, hidden.id)).rejects.toBeInstanceOf(NotFoundError);

    // With the notice on, a run started from then on is shared, whole.
    expect((await apps.setRunSharing(owner.userId, appId, true)).shareRunDetails).toBe(true);
    await expect(apps.setRunSharing(stranger.userId, appId, false)).rejects.toBeInstanceOf(NotFoundError);
    const shared = await runs.runToEnd({
      userId: runner.userId,
      appId,
      inputs: { input_text: 'open notes' },
    });
    expect(shared.detailsShared).toBe(true);
    // Turning it off again does not hide what was shared when the run started.
    await apps.setRunSharing(owner.userId, appId, false);
    const seen = await history.run(owner, shared.id);
    expect(seen.detailsHidden).toBe(false);
    expect(await seen.inputs).toEqual({ input_text: 'open notes' });
    expect(byStep(await seen.steps).gen!.outputs!.generated_text).toContain('open notes');
    expect((await history.run(owner, hidden.id)).detailsHidden).toBe(true);

    // The owner's list: both runs, the earlier one hidden; admins list it too.
    const page = await history.appRuns(owner, appId);
    expect(page.runs.map((r) => [r.id, r.detailsHidden])).toEqual([
      [shared.id, false],
      [hidden.id, true],
    ]);
    expect((await history.appRuns({ userId: stranger.userId, isAdmin: true }, appId)).runs).toHaveLength(2);

    // Only the app's owner deletes, not the runner.
    await expect(history.deleteRun(runner, hidden.id)).rejects.toBeInstanceOf(NotFoundError);
    await history.deleteRun(owner, hidden.id);
    await expect(history.run(runner, hidden.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('treats a visitor’s embed run on the owner’s credits as someone else’s run', async () => {
    const owner = await person('Olive');
    const appId = await published(owner);
    const record = await runs.runToEnd({
      userId: owner.userId,
      appId,
      inputs: { input_text: 'visitor words' },
      actionType: 'published',
      live: true,
      source: 'embed',
      visitor: true,
    });
    expect(record).toMatchObject({ source: 'embed', visitor: true });
    const view = await history.run(owner, record.id);
    expect(view).toMatchObject({ mine: false, detailsHidden: true, source: 'embed' });
    expect(await view.runner).toEqual({ id: 'visitor', name: 'A visitor who was not signed in' });
    expect(await view.inputs).toBeNull();
    expect((await history.myRuns(owner, { appId })).runs).toEqual([]);
  });

  it('lists runs newest first a page at a time by cursor, filtered by status and source', async () => {
    const owner = await person();
    const runner = await person();
    const appId = await published(owner, greeter, 'Greeter');
    const made: StoredRun[] = [];
    for (let i = 0; i < 12; i++) {
      made.push(await runs.runToEnd({ userId: owner.userId, appId, inputs: { input_text: `n${i}` } }));
    }
    // Two failed runs (no input: a store run, as the owner's preview is refused before it starts)
    // and one started through an API key.
    for (let i = 0; i < 2; i++) {
      made.push(await runs.runToEnd({ userId: runner.userId, appId, inputs: {}, actionType: 'published' }));
    }
    made.push(
      await runs.runToEnd({ userId: owner.userId, appId, inputs: { input_text: 'k' }, source: 'api' }),
    );
    // Some runs share one instant: the id decides their order.
    await db.dataSource.query(`UPDATE runs SET created_at = $2 WHERE id = ANY($1::uuid[])`, [
      made.slice(3, 7).map((r) => r.id),
      new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000 + 123),
    ]);
    const all: RunView[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<RunHistoryService['appRuns']>> = await history.appRuns(owner, appId, {
        limit: 4,
        cursor,
      });
      all.push(...page.runs);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(all).toHaveLength(15);
    expect(new Set(all.map((r) => r.id)).size).toBe(15);
    const order = (await db.dataSource.query(
      'SELECT id FROM runs WHERE app_id = $1 ORDER BY created_at DESC, id DESC',
      [appId],
    )) as { id: string }[];
    expect(all.map((r) => r.id)).toEqual(order.map((r) => r.id));

    const failed = await history.appRuns(owner, appId, { status: 'failed' });
    expect(failed.runs.map((r) => r.status)).toEqual(['failed', 'failed']);
    // The block is named by its title (its label, 'Text'), never by its id.
    expect(failed.runs.every((r) => r.error === 'Text failed: Please fill in "Text".')).toBe(true);
    const api = await history.appRuns(owner, appId, { source: 'api' });
    expect(api.runs.map((r) => r.id)).toEqual([made.at(-1)!.id]);
    const builder = await history.appRuns(owner, appId, {
      source: 'builder',
      status: 'succeeded',
      limit: 100,
    });
    expect(builder.runs).toHaveLength(12);
    expect(builder.nextCursor).toBeNull();

    // My runs: only the caller's, of one app when asked.
    await runs.runToEnd({
      userId: owner.userId,
      appId: await published(owner, greeter, 'Other'),
      inputs: { input_text: 'o' },
    });
    expect((await history.myRuns(owner, { limit: 100 })).runs).toHaveLength(14);
    expect((await history.myRuns(owner, { limit: 100, appId })).runs).toHaveLength(13);
    expect((await history.myRuns(runner)).runs.map((r) => r.status)).toEqual(['failed', 'failed']);

    for (const bad of [
      { limit: 0 },
      { limit: 101 },
      { status: 'lost' },
      { source: 'mail' },
      { cursor: 'x' },
    ]) {
      await expect(history.appRuns(owner, appId, bad)).rejects.toBeInstanceOf(InputError);
    }
    await expect(
      history.appRuns(owner, appId, { cursor: Buffer.from('2026|not-a-uuid').toString('base64url') }),
    ).rejects.toBeInstanceOf(InputError);
  });

  it('refuses to delete a run still going', async () => {
    const owner = await person();
    const config = probeApp(
      [probePlugin('in', 'echoInput'), probePlugin('wait', 'hanging')],
      [['in', 'wait']],
    );
    const app = await apps.create(owner.userId, { config });
    const timed = runService({ timeoutMs: 1_000 });
    const started = await timed.start({ userId: owner.userId, appId: app.id!, inputs: { input_text: 'x' } });
    await expect(history.deleteRun(owner, started.runId)).rejects.toBeInstanceOf(ConflictError);
    await started.done;
  });

  it('deletes runs past the retention period with the files their steps kept, leaving newer ones', async () => {
    const owner = await person();
    const app = await apps.create(owner.userId, { config: probeApp([probePlugin('long', 'long')], []) });
    const old = await runs.runToEnd({ userId: owner.userId, appId: app.id! });
    const recent = await runs.runToEnd({ userId: owner.userId, appId: app.id! });
    const fileOf = async (runId: string) => {
      const nodes = (await stored(runId)).nodes as { long: { files: { long_text: string } } };
      return nodes.long.files.long_text.replace('/files/', '');
    };
    const oldFile = await fileOf(old.id);
    const recentFile = await fileOf(recent.id);
    expect(existsSync(path.join(dataDir, 'files', oldFile))).toBe(true);
    const age = (runId: string, days: number) =>
      db.dataSource.query(
        `UPDATE runs SET created_at = now() - make_interval(days => $2), finished_at = now() - make_interval(days => $2)
          WHERE id = $1`,
        [runId, days],
      );
    await age(old.id, 31);

    const work = new ScheduledWork({
      billing: { expireEndedPlans: async () => 0 } as never,
      ledger,
      accounts: { pruneExpired: async () => ({ sessions: 0, resetTokens: 0, signInAttempts: 0 }) } as never,
      dataSource: db.dataSource,
      runHistory: history,
      runRetentionDays: 30,
    });
    const result = await work.runOnce();
    expect(result?.runsDeleted).toBe(1);
    expect(await db.dataSource.getRepository(RunRecord).existsBy({ id: old.id })).toBe(false);
    expect(await db.dataSource.getRepository(FileRecord).existsBy({ id: oldFile })).toBe(false);
    expect(existsSync(path.join(dataDir, 'files', oldFile))).toBe(false);
    expect(await db.dataSource.getRepository(RunRecord).existsBy({ id: recent.id })).toBe(true);
    expect(existsSync(path.join(dataDir, 'files', recentFile))).toBe(true);
    // The credits it cost stay in the credit history.
    expect((await ledger.history(owner.userId)).length).toBeGreaterThanOrEqual(2);
    // A shorter period takes the recent one too; nothing is deleted twice.
    await age(recent.id, 2);
    expect(await history.prune(1)).toBeGreaterThanOrEqual(1);
    expect(await history.prune(1)).toBe(0);
    expect(existsSync(path.join(dataDir, 'files', recentFile))).toBe(false);
  });
});
