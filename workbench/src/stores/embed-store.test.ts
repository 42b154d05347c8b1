import type { RunEvent } from '@blocksmith/schema';
import { ApiError } from '../api/blocksmith-api';
import type { BrowserHost, OpenedWindow } from './browser-host';
import { CatalogueStore } from './catalogue-store';
import { CreditsStore } from './credits-store';
import { PUBLISHED_APP } from '../testing/open-runner';
import { EMBED_SIGNED_IN_MESSAGE } from './embed-messages';
import { EmbedStore, SIGN_IN_WINDOW_CHECK_MS } from './embed-store';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';

const ORIGIN = 'https://blocksmith.example';

function fakeHost(options: { blocked?: boolean } = {}) {
  const opened: Array<{ url: string; name: string; window: OpenedWindow & { closed: boolean } }> = [];
  const host: BrowserHost = {
    origin: ORIGIN,
    openPopup(url, name) {
      if (options.blocked) return null;
      const window = {
        closed: false,
        focus: jest.fn(),
        close() {
          window.closed = true;
        },
      };
      opened.push({ url, name, window });
      return window;
    },
  };
  return { host, opened };
}

async function setup(
  options: { signedIn?: boolean; paysOwner?: boolean; blocked?: boolean; confirmed?: boolean } = {},
) {
  const api = new FakeApi();
  api.embedPrice = { ...api.embedPrice, confirmed: options.confirmed ?? false };
  api.apps.set('app-9', JSON.parse(JSON.stringify(PUBLISHED_APP)));
  api.embedPaysOwner = options.paysOwner ?? false;
  const session = await restoredSession(api, memoryStorage(), options.signedIn ?? false);
  const timers = manualTimers();
  const { host, opened } = fakeHost({ blocked: options.blocked });
  const embed = new EmbedStore(api, new CatalogueStore(api), session, new CreditsStore(api), host, timers);
  await embed.open('post-writer-1');
  return { api, session, timers, embed, opened };
}

const LENT = {
  access_token: 'lent-token',
  expires_at: 4_000_000_000,
  user: ADA,
};

const EVENTS: RunEvent[] = [
  { type: 'run_started', runId: 'run-1', at: 1, nodeIds: ['in', 'tone', 'ai'] },
  { type: 'node_started', runId: 'run-1', at: 2, nodeId: 'ai' },
  {
    type: 'node_finished',
    runId: 'run-1',
    at: 3,
    nodeId: 'ai',
    durationMs: 5,
    outputs: { generated_text: 'A post' },
    artifacts: [],
  },
  { type: 'run_finished', runId: 'run-1', at: 4, status: 'succeeded' },
];

describe('EmbedStore', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('opens the live app with its inputs', async () => {
    const { embed } = await setup();
    expect(embed.state).toBe('ready');
    expect(embed.app?.name).toBe('Post writer');
    expect(embed.run.inputFields.map((field) => field.key)).toEqual(['input_text', 'selected_option']);
    expect(embed.appUrl).toBe(`${ORIGIN}/app/post-writer-1`);
  });

  it('says why when the owner’s plan has no embeds, and when the app is gone', async () => {
    const { api, embed } = await setup();
    api.failNext.embeddedApp = new ApiError(
      'Embeds come with the Starter plan and up; the owner’s plan is Free.',
      'FORBIDDEN',
    );
    await embed.open('another');
    expect(embed.state).toBe('unavailable');
    expect(embed.unavailableMessage).toContain('Embeds come with the Starter plan');
    await embed.open('missing');
    expect(embed.state).toBe('notFound');
    api.failNext.embeddedApp = new ApiError('Failed to fetch');
    await embed.open('offline');
    expect(embed.state).toBe('failed');
  });

  it('runs as the signed-in person who confirmed its price, with live progress, as an embed run', async () => {
    const { api, embed } = await setup({ signedIn: true, confirmed: true });
    api.runEvents = EVENTS;
    expect(embed.runLabel).toBe('Run');
    embed.run.setValue('input_text', 'Lighthouses');
    await embed.runApp();
    expect(api.embedStarts).toEqual([
      { slug: 'post-writer-1', inputs: { input_text: 'Lighthouses', selected_option: 'Warm' } },
    ]);
    expect(api.calls.indexOf('credits')).toBeLessThan(api.calls.indexOf('startEmbeddedRun'));
    expect(api.calls).not.toContain('runEmbedded');
    expect(api.calls).not.toContain('startRun');
    expect(embed.run.phase).toBe('succeeded');
    expect(embed.run.resultGroups[0]?.nodeId).toBe('ai');
  });

  it('runs on the owner’s credits for people not signed in when the owner pays', async () => {
    const { api, embed, opened } = await setup({ paysOwner: true });
    expect(embed.runsSignedOut).toBe(true);
    expect(embed.runLabel).toBe('Run');
    embed.run.setValue('input_text', 'Lighthouses');
    await embed.runApp();
    expect(api.embeddedRuns).toEqual([
      { slug: 'post-writer-1', inputs: { input_text: 'Lighthouses', selected_option: 'Warm' } },
    ]);
    expect(opened).toHaveLength(0);
    expect(embed.run.phase).toBe('succeeded');
    expect(embed.run.outputs.ai).toEqual({ generated_text: 'An answer' });
    expect(embed.run.nodeState('ai')?.status).toBe('succeeded');
  });

  it('shows a signed-out run that failed', async () => {
    const { api, embed } = await setup({ paysOwner: true });
    api.finishedRun = {
      ...api.finishedRun,
      status: 'failed',
      results: null,
      error: 'Text AI could not finish.',
      errorCode: 'BLOCK_ERROR',
      nodes: { ai: { status: 'failed', error: 'Text AI could not finish.' } },
    };
    await embed.runApp();
    expect(embed.run.phase).toBe('failed');
    expect(embed.run.error).toBe('Text AI could not finish.');
  });

  it('asks a signed-out person to sign in in a window, then runs with the lent session', async () => {
    const { api, embed, opened, session } = await setup();
    expect(embed.runLabel).toBe('Sign in to run');
    embed.run.setValue('input_text', 'Lighthouses');
    await embed.runApp();
    expect(opened).toEqual([
      expect.objectContaining({ url: `${ORIGIN}/embed/post-writer-1/sign-in`, name: 'blocksmith-sign-in' }),
    ]);
    expect(embed.signingIn).toBe(true);
    expect(embed.canRun).toBe(false);
    const popup = opened[0]!.window;

    // Messages from elsewhere are ignored: another origin, another window, a malformed message.
    const message = { type: EMBED_SIGNED_IN_MESSAGE, session: LENT };
    embed.receive({ origin: 'https://evil.example', source: popup, data: message });
    embed.receive({ origin: ORIGIN, source: {}, data: message });
    embed.receive({ origin: ORIGIN, source: popup, data: { type: EMBED_SIGNED_IN_MESSAGE, session: {} } });
    expect(session.signedIn).toBe(false);

    api.runEvents = EVENTS;
    // The window confirmed the price before lending its session.
    api.embedPrice = { ...api.embedPrice, confirmed: true };
    embed.receive({ origin: ORIGIN, source: popup, data: message });
    expect(session.signedIn).toBe(true);
    expect(embed.signingIn).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls).toContain('startEmbeddedRun');
    expect(await session.accessToken()).toBe('lent-token');
  });

  it('opens the sign-in window for a refused chat message, and runs nothing once signed in', async () => {
    const { api, embed, opened, session } = await setup({ paysOwner: true });
    const chat = embed.chatCalls('post-writer-1');
    expect(api.chat.embeddedAs).toEqual({ slug: 'post-writer-1', visitorToken: expect.any(String) });
    expect(chat.chat).toBe(api.chat);
    expect(embed.chatRefused(new Error('offline'))).toBe(false);
    expect(embed.chatRefused(new ApiError('Sign in to run this app.', 'UNAUTHENTICATED'))).toBe(true);
    expect(embed.paysOwner).toBe(false);
    expect(opened).toHaveLength(1);
    embed.receive({
      origin: ORIGIN,
      source: opened[0]!.window,
      data: { type: EMBED_SIGNED_IN_MESSAGE, session: LENT },
    });
    expect(session.signedIn).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The message waits in the chat's box: no run of the form starts.
    expect(api.calls).not.toContain('startEmbeddedRun');
    expect(api.calls).not.toContain('runEmbedded');
  });

  it('asks a signed-in person to confirm the price when a chat message needs it', async () => {
    const { embed, opened } = await setup({ signedIn: true, confirmed: true });
    const refusal = new ApiError('Confirm the price of a run first.', 'PRICE_UNCONFIRMED');
    expect(embed.chatRefused(refusal)).toBe(true);
    expect(embed.priceUnconfirmed).toBe(true);
    expect(embed.problem).toBe('Confirm the price of a run first.');
    expect(opened).toHaveLength(1);
  });

  it('has a signed-in person confirm the price in the window before the first paid run', async () => {
    const { api, embed, opened, session } = await setup({ signedIn: true });
    expect(embed.priceUnconfirmed).toBe(true);
    expect(embed.runLabel).toBe('Confirm price');
    embed.run.setValue('input_text', 'Lighthouses');
    await embed.runApp();
    expect(api.calls).not.toContain('startEmbeddedRun');
    expect(opened).toEqual([
      expect.objectContaining({ url: `${ORIGIN}/embed/post-writer-1/sign-in`, name: 'blocksmith-sign-in' }),
    ]);
    expect(embed.signingIn).toBe(true);

    api.runEvents = EVENTS;
    api.embedPrice = { ...api.embedPrice, confirmed: true };
    embed.receive({
      origin: ORIGIN,
      source: opened[0]!.window,
      data: { type: EMBED_SIGNED_IN_MESSAGE, session: LENT },
    });
    expect(embed.priceUnconfirmed).toBe(false);
    expect(embed.runLabel).toBe('Run');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.embedStarts).toHaveLength(1);
    expect(await session.accessToken()).toBe('lent-token');
  });

  it('opens the window when the server asks for the price to be confirmed (it rose since)', async () => {
    const { api, embed, opened } = await setup({ signedIn: true, confirmed: true });
    expect(embed.runLabel).toBe('Run');
    api.embedPrice = { ...api.embedPrice, confirmed: false };
    embed.run.setValue('input_text', 'Lighthouses');
    await embed.runApp();
    expect(api.embedStarts).toEqual([]);
    expect(embed.run.phase).toBe('idle');
    expect(embed.run.value('input_text')).toBe('Lighthouses');
    expect(embed.problem).toBe('Confirm the price of this app before running it here.');
    expect(embed.runLabel).toBe('Confirm price');
    expect(opened).toHaveLength(1);
    expect(embed.signingIn).toBe(true);
  });

  it('stops waiting when the sign-in window is closed by hand, and says when it was blocked', async () => {
    const { embed, opened, timers } = await setup();
    await embed.runApp();
    opened[0]!.window.closed = true;
    timers.advance(SIGN_IN_WINDOW_CHECK_MS);
    expect(embed.signingIn).toBe(false);

    const blocked = await setup({ blocked: true });
    await blocked.embed.runApp();
    expect(blocked.embed.popupBlocked).toBe(true);
    expect(blocked.embed.signingIn).toBe(false);
  });

  it('asks for sign-in once the owner stops paying (the month’s cap is used up)', async () => {
    const { api, embed, opened } = await setup({ paysOwner: true });
    api.failNext.runEmbedded = new ApiError('Sign in to run this app.', 'UNAUTHENTICATED');
    embed.run.setValue('input_text', 'Lighthouses');
    await embed.runApp();
    expect(embed.run.phase).toBe('idle');
    expect(embed.run.value('input_text')).toBe('Lighthouses');
    expect(embed.paysOwner).toBe(false);
    expect(opened).toHaveLength(1);
    expect(embed.signingIn).toBe(true);
  });

  it('asks for sign-in for apps with a file input, even when the owner pays', async () => {
    const { api, embed, opened } = await setup({ paysOwner: true });
    const app = api.apps.get('app-9')!;
    app.config.plugins.push({ id: 'f', type: 'fileUpload', position: { x: 0, y: 500 }, settings: {} });
    embed.close();
    await embed.open('post-writer-1');
    expect(embed.needsUpload).toBe(true);
    expect(embed.runsSignedOut).toBe(false);
    await embed.runApp();
    expect(opened).toHaveLength(1);
    expect(api.calls).not.toContain('runEmbedded');
  });

  it('asks again once a lent session has expired', async () => {
    const { embed, opened, session } = await setup();
    session.borrow({ ...LENT, expires_at: 1 });
    expect(session.signedIn).toBe(true);
    await embed.runApp();
    expect(session.signedIn).toBe(false);
    expect(opened).toHaveLength(1);
  });
});
