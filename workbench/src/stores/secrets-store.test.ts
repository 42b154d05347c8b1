import { SecretsStore } from './secrets-store';
import { FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { ToastStore } from './toast-store';

async function setup() {
  const api = new FakeApi();
  const session = await restoredSession(api, memoryStorage(), true);
  const toasts = new ToastStore(manualTimers());
  return { api, secrets: new SecretsStore(api, session, toasts) };
}

describe('SecretsStore', () => {
  it('saves a secret, forgets the typed value, and lists names only in order', async () => {
    const { api, secrets } = await setup();
    await secrets.load();
    expect(secrets.state).toBe('ready');
    secrets.setName('zeta_token');
    expect(secrets.name).toBe('ZETA_TOKEN');
    secrets.setValue('v1');
    await secrets.save();
    secrets.setName('API_TOKEN');
    secrets.setValue('v2');
    await secrets.save();
    expect(secrets.secrets.map((s) => s.name)).toEqual(['API_TOKEN', 'ZETA_TOKEN']);
    expect(secrets.value).toBe('');
    expect(JSON.stringify(secrets.secrets)).not.toMatch(/v1|v2/);
    expect(api.secretValues.get('API_TOKEN')?.value).toBe('v2');
  });

  it('says what is wrong with a name or value before sending anything', async () => {
    const { api, secrets } = await setup();
    secrets.setName('1TOKEN');
    secrets.setValue('x');
    expect(secrets.nameProblem).toMatch(/upper-case letters/);
    expect(secrets.canSave).toBe(false);
    secrets.setName('TOKEN');
    secrets.setValue('a\nb');
    expect(secrets.valueProblem).toBe('A secret’s value is one line: remove the line breaks.');
    await secrets.save();
    expect(api.calls).not.toContain('setSecret');
  });

  it('replaces a value by name and deletes after a confirmation', async () => {
    const { api, secrets } = await setup();
    await api.setSecret('API_TOKEN', 'old');
    await secrets.load();
    secrets.replace(secrets.secrets[0]!);
    expect(secrets.name).toBe('API_TOKEN');
    secrets.setValue('new');
    await secrets.save();
    expect(api.secretValues.get('API_TOKEN')?.value).toBe('new');
    expect(secrets.secrets).toHaveLength(1);
    secrets.askDelete(secrets.secrets[0]!);
    await secrets.confirmDelete();
    expect(secrets.secrets).toEqual([]);
    expect(secrets.deleting).toBeNull();
  });
});
