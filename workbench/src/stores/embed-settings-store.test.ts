import { ApiError } from '../api/blocksmith-api';
import { openRunner } from '../testing/open-runner';
import { EmbedSettingsStore, parseCredits } from './embed-settings-store';

async function setup() {
  const opened = await openRunner({ plan: 'starter' });
  const settings = new EmbedSettingsStore(
    opened.api,
    opened.runner,
    opened.toasts,
    'https://blocksmith.example',
  );
  return { ...opened, settings };
}

describe('EmbedSettingsStore', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('reads whole credit numbers only', () => {
    expect(parseCredits(' 250 ')).toBe(250);
    expect(parseCredits('0')).toBe(0);
    for (const text of ['', '-1', '2.5', '1e3', 'ten']) expect(parseCredits(text)).toBeNull();
  });

  it('loads the settings and offers the snippets for the app on the page', async () => {
    const { api, settings } = await setup();
    api.embedSettingsAnswer = {
      ...api.embedSettingsAnswer,
      paysOwner: true,
      monthlyCredits: 40,
      usedThisMonth: 7,
    };
    await settings.load('app-9');
    expect(settings.state).toBe('ready');
    expect(settings.available).toBe(true);
    expect(settings.paysOwner).toBe(true);
    expect(settings.monthlyCredits).toBe('40');
    expect(settings.dirty).toBe(false);
    expect(settings.scriptSnippet).toContain('data-blocksmith-app="post-writer-1"');
    expect(settings.iframeSnippet).toContain('src="https://blocksmith.example/embed/post-writer-1"');
    expect(settings.iframeSnippet).toContain('title="Post writer"');
  });

  it('saves the owner’s choice and cap', async () => {
    const { api, settings, toasts } = await setup();
    await settings.load('app-9');
    expect(settings.canSave).toBe(false);
    settings.setPaysOwner(true);
    settings.setMonthlyCredits('120');
    expect(settings.canSave).toBe(true);
    await settings.save();
    expect(api.embedUpdates).toEqual([{ appId: 'app-9', paysOwner: true, monthlyCredits: 120 }]);
    expect(settings.settings).toMatchObject({ paysOwner: true, monthlyCredits: 120 });
    expect(settings.dirty).toBe(false);
    expect(toasts.toasts[0]).toMatchObject({ intent: 'success', message: 'Embed settings saved' });
  });

  it('refuses a cap that is not a whole number, and shows the server’s refusal', async () => {
    const { api, settings, toasts } = await setup();
    await settings.load('app-9');
    settings.setPaysOwner(true);
    settings.setMonthlyCredits('12.5');
    await settings.save();
    expect(settings.tried).toBe(true);
    expect(settings.creditsProblem).toBe('Enter a whole number of credits, 0 or more.');
    expect(api.embedUpdates).toEqual([]);
    settings.setMonthlyCredits('500000');
    api.failNext.updateEmbedSettings = new ApiError(
      'monthlyCredits must be a whole number from 0 to 100000.',
      'BAD_USER_INPUT',
    );
    await settings.save();
    expect(toasts.toasts[0]).toMatchObject({
      intent: 'danger',
      message: 'monthlyCredits must be a whole number from 0 to 100000.',
    });
  });

  it('knows when the owner’s plan has no embeds', async () => {
    const { api, settings } = await setup();
    api.embedSettingsAnswer = { ...api.embedSettingsAnswer, available: false, requiredPlan: 'Starter' };
    await settings.load('app-9');
    expect(settings.available).toBe(false);
    settings.setPaysOwner(true);
    expect(settings.canSave).toBe(false);
  });

  it('says when the settings cannot be read', async () => {
    const { api, settings } = await setup();
    api.failNext.embedSettings = new Error('offline');
    await settings.load('app-9');
    expect(settings.state).toBe('failed');
  });
});
