import { randomBytes, randomUUID } from 'node:crypto';
import { User } from '../../data/entities';
import type { Database } from '../../data/database';
import { ForbiddenError } from '../../errors';
import { createProvider, type ModelRouter } from '../../providers/ai';
import { FAKE_OLLAMA_MODELS, startFakeOllama, type FakeOllama } from '../../testing/fake-ollama-server';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import type { AdminCaller } from '../admin/admin-accounts-service';
import { AiProviderService } from './ai-provider-service';
import { aiVariables, withPageSettings } from './page-settings';

describe('page settings over the environment', () => {
  it("keeps only the AI variables, and replaces a saved provider's key and address", () => {
    const env = aiVariables({
      PATH: '/bin',
      OPENAI_API_KEY: 'sk-env',
      OPENAI_BASE_URL: 'http://env.example/v1',
      OPENAI_TEXT_MODEL: 'gpt-4o',
      MODEL_CREDITS: 'gpt-4o=1',
    });
    expect(env).toEqual({
      OPENAI_API_KEY: 'sk-env',
      OPENAI_BASE_URL: 'http://env.example/v1',
      OPENAI_TEXT_MODEL: 'gpt-4o',
      MODEL_CREDITS: 'gpt-4o=1',
    });
    expect(withPageSettings(env, [{ provider: 'openai', apiKey: 'sk-page', baseUrl: null }])).toEqual({
      OPENAI_API_KEY: 'sk-page',
      OPENAI_TEXT_MODEL: 'gpt-4o',
      MODEL_CREDITS: 'gpt-4o=1',
    });
    expect(
      withPageSettings(env, [{ provider: 'ollama', apiKey: null, baseUrl: 'http://127.0.0.1:11434' }]),
    ).toEqual({ ...env, OLLAMA_HOST: 'http://127.0.0.1:11434' });
  });
});

describe.each(databaseTargets)('AiProviderService on %s', (_name, databaseUrl) => {
  let db: Database;
  let ollama: FakeOllama;
  let root: AdminCaller;
  const secretsKey = randomBytes(32);

  /** One process: its own router and service over the shared database. */
  const aProcess = (
    key: Buffer | undefined = secretsKey,
  ): { router: ModelRouter; service: AiProviderService } => {
    const router = createProvider({ openAi: undefined, baseUrlWithoutKey: false });
    const service = new AiProviderService({ dataSource: db.dataSource, router, env: {}, secretsKey: key });
    return { router, service };
  };

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    ollama = await startFakeOllama();
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: 'root@example.com' });
    root = { userId: id, email: 'root@example.com', isAdmin: true };
  });
  afterAll(async () => {
    await ollama.close();
    await db.close();
  });

  it('refuses a caller who is not an admin', async () => {
    const { service } = aProcess();
    const ann = { ...root, isAdmin: false };
    await expect(service.list(ann)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(service.set(ann, 'ollama', null, ollama.url)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(service.clear(ann, 'ollama')).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('is seen by another process sharing the database when it reads the settings again', async () => {
    const one = aProcess();
    const two = aProcess();
    const saved = await one.service.set(root, 'ollama', null, ollama.url);
    expect(saved).toMatchObject({ source: 'page', working: true, keySet: false, baseUrl: ollama.url });
    expect(one.router.providers.map((p) => p.name)).toEqual(['ollama']);
    expect(two.router.providers.map((p) => p.name)).toEqual(['offline']);

    await two.service.apply();
    await two.router.catalogue.ready();
    expect(two.router.providers.map((p) => p.name)).toEqual(['ollama']);
    expect(two.router.catalogue.list().map((m) => m.id)).toEqual(
      expect.arrayContaining([FAKE_OLLAMA_MODELS[0]!.name]),
    );

    await two.service.clear(root, 'ollama');
    await one.service.apply();
    expect(one.router.providers.map((p) => p.name)).toEqual(['offline']);
  });

  it('says so when a saved key no longer opens (SECRETS_KEY changed), leaving that key out', async () => {
    const one = aProcess();
    await one.service.set(root, 'ollama', 'a-proxy-key', ollama.url);
    const other = aProcess(randomBytes(32));
    const seen = (await other.service.list(root)).find((p) => p.provider === 'ollama')!;
    expect(seen.keySet).toBe(false);
    expect(seen.problem).toBe(
      "The saved API key could not be opened: the server's SECRETS_KEY has changed since it was saved. Save the key again.",
    );
    await one.service.clear(root, 'ollama');
  });
});
