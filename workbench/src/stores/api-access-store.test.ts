import { ApiAccessStore } from './api-access-store';
import { openRunner } from '../testing/open-runner';
import { PUBLISHED_RUN_PATH } from './openapi-fragment';

const ORIGIN = 'https://blocksmith.example';

async function setup(options: Parameters<typeof openRunner>[0] = {}) {
  const opened = await openRunner(options);
  const { api, runner, session, credits } = opened;
  const access = new ApiAccessStore(api, runner, session, credits, ORIGIN);
  return { ...opened, access };
}

describe('ApiAccessStore', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('is open on a plan with API keys: snippets with the app’s input names and address', async () => {
    const { access } = await setup({ plan: 'starter', owner: 'someone-else' });
    expect(access.access).toBe('open');
    expect(access.inputs.map((input) => input.key)).toEqual(['input_text', 'selected_option']);
    const curl = access.snippets!.curl;
    expect(curl).toContain(`'${ORIGIN}/api/published/post-writer-1/run'`);
    expect(curl).toContain('"input_text": "Topic"');
    expect(curl).toContain('"selected_option": "Warm"');
    expect(curl).toContain('Authorization: Bearer bsk_YOUR_KEY');
    expect(access.shown).toBe(curl);
    access.setTab('python');
    expect(access.shown).toContain('import requests');
  });

  it('shows the owner on a plan without keys the snippets, with the upgrade', async () => {
    const { access } = await setup({ plan: 'free' });
    expect(access.access).toBe('owner');
    expect(access.showsSnippets).toBe(true);
    expect(access.lockedMessage).toContain('come with the Starter plan');
  });

  it('locks the panel for other people on a plan without keys, and for visitors', async () => {
    expect((await setup({ plan: 'free', owner: 'someone-else' })).access.access).toBe('locked');
    expect((await setup({ signedIn: false })).access.access).toBe('signedOut');
  });

  it('reads the OpenAPI document once, when its tab is first shown, and cuts the app’s part', async () => {
    const { api, access } = await setup({ plan: 'starter' });
    api.openApi = {
      openapi: '3.1.0',
      info: { version: '1.0.0' },
      paths: { [PUBLISHED_RUN_PATH]: { post: { operationId: 'run', responses: {} } } },
    };
    expect(api.calls).not.toContain('openApiDocument');
    access.setTab('openapi');
    await access.loadDocument();
    access.setTab('curl');
    access.setTab('openapi');
    await access.loadDocument();
    expect(api.calls.filter((call) => call === 'openApiDocument')).toHaveLength(1);
    expect(access.documentState).toBe('ready');
    const fragment = JSON.parse(access.shown) as { paths: Record<string, unknown> };
    expect(Object.keys(fragment.paths)).toEqual(['/api/published/post-writer-1/run']);
    expect(access.shown).toContain('"selected_option"');
  });

  it('offers to try again when the document cannot be read or has no run operation', async () => {
    const { api, access } = await setup({ plan: 'starter' });
    api.failNext.openApiDocument = new Error('offline');
    await access.loadDocument();
    expect(access.documentState).toBe('failed');
    api.openApi = { paths: {} };
    await access.loadDocument();
    expect(access.documentState).toBe('failed');
    expect(access.fragment).toBeNull();
  });
});
