import type { VersionedApp } from '../api/blocksmith-api';
import { CatalogueStore } from './catalogue-store';
import { keptRun, step } from '../testing/run-history-fixtures';
import { RunViewStore } from './run-view-store';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { ToastStore } from './toast-store';

const APP: VersionedApp = {
  id: 'app-1',
  owner_id: ADA.id,
  name: 'Careful post',
  description: '',
  slug: 'careful',
  category: 'Content',
  isPrivate: false,
  isPublished: false,
  upvotes: 0,
  views: 0,
  uses: 0,
  config: {
    plugins: [{ id: 'in', type: 'textInput', position: { x: 0, y: 0 }, settings: { label: 'Topic' } }],
    connections: [],
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  },
};

const REQUEST = {
  nodeId: 'check',
  text: 'A post about tea',
  editable: true,
  approver: 'owner',
  expiresAt: '2030-01-01T00:00:00.000Z',
  canDecide: true,
};

async function setup(approval: typeof REQUEST | null = REQUEST) {
  const api = new FakeApi();
  api.apps.set('app-1', APP);
  const storage = memoryStorage({
    'blocksmith-session': JSON.stringify({
      access_token: 'a1',
      refresh_token: 'r1',
      expires_at: 4_000_000_000,
      user: ADA,
    }),
  });
  api.meAnswer = ADA;
  const session = await restoredSession(api, storage, false);
  const toasts = new ToastStore(manualTimers());
  const store = new RunViewStore(api, new CatalogueStore(api), session, toasts);
  api.runs = [
    keptRun('run-9', {
      status: approval ? 'waiting' : 'succeeded',
      finishedAt: null,
      approvalRequest: approval,
      steps: [
        step({ nodeId: 'in', kind: 'textInput', title: 'Topic', outputs: { input_text: 'tea' } }),
        step({
          nodeId: 'check',
          kind: 'approval',
          title: 'Approval',
          status: approval ? 'running' : 'succeeded',
        }),
      ],
    }),
  ];
  await store.open('run-9');
  return { api, store, toasts };
}

describe('a kept run waiting for approval', () => {
  it('shows "Waiting for approval" with the text the owner may edit', async () => {
    const { store } = await setup();
    expect(store.summary?.statusLabel).toBe('Waiting for approval');
    expect(store.summary?.intent).toBe('warning');
    expect(store.run.phase).toBe('waiting');
    expect(store.approval.request?.text).toBe('A post about tea');
    expect(store.approval.canEdit).toBe(true);
    const check = store.steps.find((row) => row.nodeId === 'check');
    expect(check?.statusLabel).toBe('Waiting for approval');
    // On the canvas too: the block it waits at, not the blocks before it.
    expect(store.run.nodeState('check')).toMatchObject({ status: 'running', waiting: true });
    expect(store.run.nodeState('in')?.waiting).toBeUndefined();
  });

  it('approves with the edited text, then reads the run again', async () => {
    const { api, store, toasts } = await setup();
    store.approval.setText('A calmer post about tea');
    await store.approval.decide('approve');
    expect(api.decisions).toEqual([{ runId: 'run-9', decision: 'approve', text: 'A calmer post about tea' }]);
    expect(toasts.toasts.at(-1)?.message).toContain('Approved');
    expect(store.detail?.status).toBe('running');
    expect(store.approval.request).toBeNull();
  });

  it('sends no text when it was not changed, and rejects', async () => {
    const { api, store } = await setup();
    await store.approval.decide('reject');
    expect(api.decisions).toEqual([{ runId: 'run-9', decision: 'reject', text: null }]);
    expect(store.detail?.status).toBe('failed');
  });

  it('lets nobody but the deciding owner edit or decide', async () => {
    const { api, store } = await setup({ ...REQUEST, approver: 'email', canDecide: false });
    expect(store.approval.canEdit).toBe(false);
    store.approval.setText('changed');
    expect(store.approval.text).toBe('A post about tea');
    await store.approval.decide('approve');
    expect(api.decisions).toEqual([]);
  });

  it('shows no request for a run that does not wait', async () => {
    const { store } = await setup(null);
    expect(store.approval.request).toBeNull();
    expect(store.run.phase).toBe('succeeded');
  });
});
