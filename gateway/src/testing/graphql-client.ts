import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createProvider } from '../providers/ai';
import { loadConfig } from '../config';
import { MailMessage } from '../data/entities';
import type { ScryptCost } from '../services/accounts';
import { startGateway, type Gateway } from '../gateway';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { seedPgliteDataDir } from './database-template';
import { testFetch } from './test-fetch';

/** A GraphQL answer as tests read it: `data` is loosely typed on purpose, the assertions check it. */
/**
 * scrypt's cost for a test gateway's passwords: 2^10 instead of production's 2^15, about 3 ms a hash
 * instead of 90. A test file's sign-ups, sign-ins and the service's own comparison hash cost about
 * 0.5 s of CPU at production's. What hashing does at production's cost is password-hash.test.ts's.
 */
export const TEST_PASSWORD_COST: ScryptCost = { logN: 10, r: 8, p: 1 };

export type Answer = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: Record<string, any>;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

export interface TestGateway {
  gateway: Gateway;
  graphql(query: string, variables?: Record<string, unknown>, token?: string): Promise<Answer>;
  /** Signs a new person up and grants their credits; returns the access token. */
  signUp(email: string): Promise<string>;
  /**
   * Signs up an address listed in ADMIN_EMAILS and proves it the way a person does, with the link
   * from the confirmation mail; returns an access token that carries admin rights.
   */
  signUpAdmin(email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A gateway on a free port with a fresh embedded database (a copy of a migrated template), every block from source and the offline
 * provider (or the providers `env` configures). With `dataDir` it opens that data directory instead and leaves it in place on close
 * (for restarts).
 */
export async function startTestGateway(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<TestGateway> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'gateway-'));
  // Only `env` configures it (not this process's environment): the offline provider unless `env`
  // names providers, such as fake vendor servers a test starts.
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    WORKBENCH_DIR: path.join(dataDir, 'none'),
    ...env,
  });
  // Its embedded database starts as a copy of a migrated template, not migrated again.
  if (!config.databaseUrl) await seedPgliteDataDir(dataDir);
  const gateway = await startGateway({
    config,
    registry: loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'src' }),
    provider: createProvider(config.ai),
    passwordCost: TEST_PASSWORD_COST,
  });
  const graphql = async (query: string, variables: Record<string, unknown> = {}, token?: string) => {
    const response = await testFetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as Answer;
  };
  const signUp = async (email: string): Promise<string> => {
    const answer = await graphql(
      'mutation ($email: String!) { signUp(email: $email, password: "a good long password") { session { access_token } } }',
      { email },
    );
    if (answer.errors) throw new Error(answer.errors[0]!.message);
    const token = answer.data!.signUp.session.access_token as string;
    await graphql('mutation { initializeCredits { credits } }', {}, token);
    return token;
  };
  return {
    gateway,
    graphql,
    signUp,
    async signUpAdmin(email) {
      await signUp(email);
      await gateway.services.accounts.settled();
      const [mail] = await gateway.database.dataSource
        .getRepository(MailMessage)
        .find({ where: { toAddress: email }, order: { createdAt: 'DESC' }, take: 1 });
      const token = /access_token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
      if (!token) throw new Error(`No confirmation mail reached ${email}; is it in ADMIN_EMAILS?`);
      const confirmed = await graphql(
        'mutation { updatePassword(password: "a good long password") { id } }',
        {},
        token,
      );
      if (confirmed.errors) throw new Error(confirmed.errors[0]!.message);
      const signedIn = await graphql(
        'mutation ($email: String!) { signIn(email: $email, password: "a good long password") { session { access_token } } }',
        { email },
      );
      if (signedIn.errors) throw new Error(signedIn.errors[0]!.message);
      return signedIn.data!.signIn.session.access_token as string;
    },
    async close() {
      await gateway.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
