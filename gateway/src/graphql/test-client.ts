import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OfflineProvider } from '@blocksmith/block-sdk';
import { loadConfig } from '../config';
import { startGateway, type Gateway } from '../gateway';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';

/** A GraphQL answer as tests read it: `data` is loosely typed on purpose, the assertions check it. */
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
  close(): Promise<void>;
}

/**
 * A gateway on a free port with a fresh embedded database, every block from source and the offline
 * provider. With `dataDir` it opens that data directory instead and leaves it in place on close
 * (for restarts).
 */
export async function startTestGateway(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<TestGateway> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'gateway-'));
  const gateway = await startGateway({
    config: loadConfig({ PORT: '0', DATA_DIR: dataDir, WORKBENCH_DIR: path.join(dataDir, 'none'), ...env }),
    registry: loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'src' }),
    provider: new OfflineProvider(),
  });
  const graphql = async (query: string, variables: Record<string, unknown> = {}, token?: string) => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as Answer;
  };
  return {
    gateway,
    graphql,
    async signUp(email) {
      const answer = await graphql(
        'mutation ($email: String!) { signUp(email: $email, password: "a good long password") { session { access_token } } }',
        { email },
      );
      if (answer.errors) throw new Error(answer.errors[0]!.message);
      const token = answer.data!.signUp.session.access_token as string;
      await graphql('mutation { initializeCredits { credits } }', {}, token);
      return token;
    },
    async close() {
      await gateway.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
