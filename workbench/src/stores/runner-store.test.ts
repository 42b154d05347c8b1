import { UPVOTE_LOCK_MS } from '@blocksmith/schema';
import { RunnerStore } from './runner-store';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
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

/** As `setup`, signed in, with the credits store the runner reads the balance from. */
async function setupWithCredits() {
  const api = new FakeApi();
  api.apps.set('app-9', JSON.parse(JSON.stringify(APP)) as App);
  const session = await restoredSession(api, memoryStorage(), true);
  const catalogue = new CatalogueStore(api);
  const credits = new CreditsStore(api, catalogue);
  const toasts = new ToastStore(manualTimers());
  const runner = new RunnerStore(api, catalogue, session, credits, toasts, manualTimers());
  return { api, runner, credits, toasts };
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

  it('says why Run App is disabled: signed out, an empty required input, a short balance', async () => {
    const signedOut = await setup(false);
    await signedOut.runner.open('post-writer-1', 'v');
    expect(signedOut.runner.runBlockers).toEqual([{ kind: 'signedOut' }]);

    const { api, runner, credits, toasts } = await setupWithCredits();
    await runner.open('post-writer-1', 'v');
    await credits.refresh();
    const key = runner.run.inputFields[0]!.key;
    expect(runner.runBlockers).toEqual([{ kind: 'inputs', texts: ['Your LinkedIn profile'], files: [] }]);
    expect(runner.canRun).toBe(false);
    runner.run.setValue(key, '   ');
    expect(runner.canRun).toBe(false);
    runner.run.setValue(key, 'https://www.linkedin.com/in/ann');
    expect(runner.runBlockers).toEqual([]);
    expect(runner.canRun).toBe(true);

    // Below the least a run costs (the text generation's 1 credit): disabled, saying what it costs.
    api.credit = 0;
    api.initializeCredits = async () => ({ credits: 0, unlimited: false });
    await credits.refresh();
    expect(runner.runBlockers).toEqual([{ kind: 'credits', needed: 1, balance: 0 }]);
    expect(runner.canRun).toBe(false);
    await runner.runApp();
    expect(api.calls).not.toContain('startRun');
    expect(toasts.toasts[0]?.message).toBe(
      'Not enough credits: a run of this app costs 1 credit(s) and you have 0.',
    );
    runner.run.setValue(key, '');
    expect(runner.runBlockers.map((blocker) => blocker.kind)).toEqual(['credits', 'inputs']);

    // An unlimited plan is never short.
    api.credits = async () => ({ credits: 0, unlimited: true });
    await credits.refresh();
    expect(runner.runBlockers.map((blocker) => blocker.kind)).toEqual(['inputs']);
  });

  it("counts the creator's price in what a run of someone else's app needs", async () => {
    const { api, runner, credits } = await setupWithCredits();
    Object.assign(api.apps.get('app-9')!, { owner_id: 'someone-else', creatorPrice: 3 });
    api.credit = 3;
    await runner.open('post-writer-1', 'v');
    await credits.refresh();
    runner.run.setValue(runner.run.inputFields[0]!.key, 'https://www.linkedin.com/in/ann');
    expect(runner.runBlockers).toEqual([{ kind: 'credits', needed: 4, balance: 3 }]);
    api.credit = 4;
    await credits.refresh();
    expect(runner.canRun).toBe(true);
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
      {
        nodeId: 'ai',
        items: [
          {
            output: 'generated_text',
            title: 'Generated text',
            parts: [{ view: 'markdown', text: '**Hi**' }],
            copyText: '**Hi**',
            download: null,
            fallback: false,
          },
        ],
      },
    ]);
  });
});
