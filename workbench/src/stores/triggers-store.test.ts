import { ApiError } from '../api/blocksmith-api';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { exampleBody, parseInputs, parseMapping, TriggersStore } from './triggers-store';
import { ToastStore } from './toast-store';

async function setup(ownerId = ADA.id) {
  const api = new FakeApi();
  api.apps.set('app-1', {
    id: 'app-1',
    owner_id: ownerId,
    name: 'Morning digest',
    description: '',
    slug: 'digest',
    category: 'Content',
    isPrivate: false,
    isPublished: false,
    upvotes: 0,
    views: 0,
    uses: 0,
    config: { plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
  });
  const session = await restoredSession(api, memoryStorage());
  const toasts = new ToastStore(manualTimers());
  return { api, toasts, store: new TriggersStore(api, session, toasts) };
}

describe('TriggersStore', () => {
  it('opens one of the person’s apps with its schedules and webhooks', async () => {
    const { store } = await setup();
    await store.open('app-1');
    expect(store.state).toBe('ready');
    expect(store.appName).toBe('Morning digest');
    expect(store.schedules).toEqual([]);
  });

  it('says not found for someone else’s app, asking nothing about its triggers', async () => {
    const { api, store } = await setup('user-grace');
    await store.open('app-1');
    expect(store.state).toBe('notFound');
    expect(api.triggers.calls).toEqual([]);
  });

  it('sends the friendly repeat’s own fields and the inputs, then pauses and resumes', async () => {
    const { api, store } = await setup();
    await store.open('app-1');
    store.set('repeat', 'minutes');
    store.set('everyMinutes', 15);
    store.set('inputsText', '{"input_text": "news"}');
    expect(store.scheduleFields()).toEqual({
      repeat: 'minutes',
      everyMinutes: 15,
      inputs: { input_text: 'news' },
    });
    store.set('repeat', 'weekly');
    store.set('weekday', 'friday');
    store.set('time', '18:00');
    store.set('timeZone', ' Europe/Paris ');
    expect(store.scheduleFields()).toEqual({
      repeat: 'weekly',
      weekday: 'friday',
      time: '18:00',
      timeZone: 'Europe/Paris',
      inputs: { input_text: 'news' },
    });
    store.set('repeat', 'minutes');
    await store.addSchedule();
    expect(store.schedules).toHaveLength(1);
    const [schedule] = store.schedules;
    await store.setPaused(schedule!, true);
    expect(store.schedules[0]).toMatchObject({ status: 'paused', nextRunAt: null });
    await store.setPaused(store.schedules[0]!, false);
    expect(store.schedules[0]!.status).toBe('active');
    await store.deleteSchedule(store.schedules[0]!);
    expect(store.schedules).toEqual([]);
    expect(api.triggers.calls).toContain('deleteSchedule');
  });

  it('refuses inputs that are not a JSON object before sending anything', async () => {
    const { api, store } = await setup();
    await store.open('app-1');
    store.set('inputsText', '[1, 2]');
    expect(store.inputsProblem).toMatch(/JSON object/);
    expect(store.canAddSchedule).toBe(false);
    await store.addSchedule();
    expect(api.triggers.calls).not.toContain('createSchedule');
    store.set('repeat', 'cron');
    store.set('inputsText', '');
    expect(store.canAddSchedule).toBe(false);
    store.set('cron', '0 9 * * 1-5');
    expect(store.canAddSchedule).toBe(true);
  });

  it('shows a new webhook’s secret once, again after a rotation, and never keeps it in the list', async () => {
    const { store } = await setup();
    await store.open('app-1');
    store.set('hookName', 'Shop');
    store.set('mappingText', 'input_text = order.note\n\n topic = order.items.0.title ');
    await store.addHook();
    expect(store.revealed?.hook.secret).toMatch(/^bswh_/);
    expect(store.hooks[0]!.mapping).toEqual({ input_text: 'order.note', topic: 'order.items.0.title' });
    expect(JSON.stringify(store.hooks)).not.toContain(store.revealed!.hook.secret);
    store.dismissSecret();
    expect(store.revealed).toBeNull();
    await store.rotate(store.hooks[0]!);
    expect(store.revealed).toMatchObject({ rotated: true });
    await store.deleteHook(store.hooks[0]!);
    expect(store.hooks).toEqual([]);
    expect(store.revealed).toBeNull();
  });

  it('says the server’s refusal', async () => {
    const { api, store, toasts } = await setup();
    await store.open('app-1');
    api.triggers.failNext = {
      method: 'createSchedule',
      error: new ApiError('"x" is not a cron expression of five fields.', 'BAD_USER_INPUT'),
    };
    store.set('repeat', 'cron');
    store.set('cron', 'x');
    await store.addSchedule();
    expect(toasts.toasts.map((toast) => toast.message)).toContain(
      '"x" is not a cron expression of five fields.',
    );
    expect(store.busy).toBe(false);
  });
});

describe('trigger form rules', () => {
  it('reads mapping lines and names the bad one', () => {
    expect(parseMapping('a = b.c')).toEqual({ mapping: { a: 'b.c' } });
    expect(parseMapping('no equals here')).toEqual({
      problem: 'Write each mapping line as input_name = field.path (not "no equals here").',
    });
    expect(parseInputs('')).toEqual({ inputs: {} });
    expect(exampleBody({ input_text: 'order.note', n: 'order.count' })).toBe(
      '{"order":{"note":"hello","count":"hello"}}',
    );
    expect(parseInputs('nope')).toHaveProperty('problem');
  });
});
