import { UPVOTE_LOCK_MS } from '@blocksmith/schema';
import { RunnerStore } from './runner-store';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from './test-support';
import { CatalogueStore } from './catalogue-store';
import { CreditsStore } from './credits-store';
import { ToastStore } from './toast-store';
import type { App } from '@blocksmith/schema';

const APP: App = {
  id: 'app-9',
  name: 'Post writer',
  description: 'Writes posts',
  slug: 'post-writer-1',
  category: 'Marketing',
  isPrivate: false,
  isPublished: true,
  owner_id: ADA.id,
  upvotes: 4,
  views: 10,
  uses: 2,
  config: {
    plugins: [
      {
        id: 'in',
        type: 'textInput',
        position: { x: 100, y: 100 },
        settings: { label: 'Your LinkedIn profile' },
      },
      { id: 'ai', type: 'textGeneration', position: { x: 400, y: 100 }, settings: { prompt_template: 'x' } },
    ],
    connections: [{ id: 'c', from: 'in', to: 'ai', fromPort: 'output', toPort: 'input' }],
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  },
};

async function setup(signedIn = true) {
  const api = new FakeApi();
  api.apps.set('app-9', JSON.parse(JSON.stringify(APP)) as App);
  const session = await restoredSession(api, memoryStorage(), signedIn);
  const timers = manualTimers();
  const toasts = new ToastStore(manualTimers());
  const runner = new RunnerStore(
    api,
    new CatalogueStore(api),
    session,
    new CreditsStore(api),
    toasts,
    timers,
  );
  return { api, runner, timers, toasts };
}

describe('RunnerStore', () => {
  it('opens a published app with its author and counters, and records one view per visit', async () => {
    const { api, runner } = await setup();
    await runner.open('post-writer-1', 'visit-1');
    await runner.open('post-writer-1', 'visit-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runner.state).toBe('ready');
    expect(runner.app?.name).toBe('Post writer');
    expect(runner.authorName).toBe('Ada Lovelace');
    expect(api.calls.filter((c) => c === 'recordAppView')).toHaveLength(1);
    expect(runner.views).toBe(10);
    expect(runner.run.inputFields.map((f) => f.label)).toEqual(['Your LinkedIn profile']);
    await runner.open('post-writer-1', 'visit-2');
    expect(api.calls.filter((c) => c === 'recordAppView')).toHaveLength(2);
  });

  it('says Unknown when the author cannot be read, and not found for a missing app', async () => {
    const { api, runner } = await setup();
    api.apps.get('app-9')!.owner_id = 'someone-else';
    await runner.open('post-writer-1', 'v');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runner.authorName).toBe('Unknown');
    await runner.open('no-such-app', 'v2');
    expect(runner.state).toBe('notFound');
  });

  it('upvotes once: counted locally, locked for 300 ms, then hidden', async () => {
    const { api, runner, timers } = await setup();
    await runner.open('post-writer-1', 'v');
    expect(runner.canUpvote).toBe(true);
    runner.upvote();
    runner.upvote();
    expect(runner.upvotes).toBe(5);
    expect(runner.upvoteLocked).toBe(true);
    timers.advance(UPVOTE_LOCK_MS);
    expect(runner.upvoteLocked).toBe(false);
    expect(runner.upvoted).toBe(true);
    expect(runner.canUpvote).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls.filter((c) => c === 'upvoteApp')).toHaveLength(1);
  });

  it('gives the count back and says so when the upvote fails', async () => {
    const { api, runner, toasts } = await setup();
    await runner.open('post-writer-1', 'v');
    api.failNext.upvoteApp = new Error('boom');
    runner.upvote();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runner.upvotes).toBe(4);
    expect(runner.upvoted).toBe(false);
    expect(toasts.toasts[0]?.message).toBe('Failed to upvote app');
  });

  it('signed out: cannot run or upvote', async () => {
    const { runner } = await setup(false);
    await runner.open('post-writer-1', 'v');
    expect(runner.canRun).toBe(false);
    expect(runner.canUpvote).toBe(false);
  });

  it('applies the LinkedIn rule, then runs as a published run', async () => {
    const { api, runner, toasts } = await setup();
    await runner.open('post-writer-1', 'v');
    const key = runner.run.inputFields[0]!.key;
    runner.run.setValue(key, 'https://example.com/ann');
    await runner.runApp();
    expect(toasts.toasts[0]?.title).toBe('Invalid LinkedIn URL');
    expect(api.calls).not.toContain('startRun');
    runner.run.setValue(key, 'https://www.linkedin.com/in/ann');
    api.runEvents = [
      { type: 'run_started', runId: 'run-1', at: 0, nodeIds: ['in', 'ai'] },
      {
        type: 'node_finished',
        runId: 'run-1',
        nodeId: 'ai',
        at: 1,
        durationMs: 1,
        outputs: { generated_text: '**Hi**' },
        artifacts: [],
      },
      { type: 'run_finished', runId: 'run-1', at: 2, status: 'succeeded' },
    ];
    await runner.runApp();
    expect(api.lastActionType).toBe('published');
    expect(runner.runs).toBe(3);
    expect(toasts.toasts[0]?.message).toBe('App executed successfully!');
    expect(runner.run.resultGroups).toEqual([
      { nodeId: 'ai', items: [{ kind: 'markdown', field: 'generated_text', text: '**Hi**' }] },
    ]);
  });
});
