import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AppConfig } from '@blocksmith/schema';
import type { ApiTestGateway } from '../../testing/rest-client';

/** A person of an MCP test: their session token, id and (on Starter) an API key. */
export interface McpTestPerson {
  token: string;
  id: string;
  key: string;
}

/** Signs `email` up with credits on the Starter plan (API keys, creator prices) and makes a key. */
export async function starterWithKey(t: ApiTestGateway, email: string): Promise<McpTestPerson> {
  const { token, id } = await t.signUpViaApi(email, { credits: true });
  await t.gateway.database.dataSource.query("UPDATE users SET plan = 'starter' WHERE id = $1", [id]);
  const created = await t.api('POST', '/keys', { token, body: { name: 'MCP' } });
  if (created.status !== 201) throw new Error(`No key for ${email}: ${JSON.stringify(created.body)}`);
  return { token, id, key: created.body.key as string };
}

/** Creates, publishes and approves an app of `owner`'s, with a creator price when given. */
export async function publishApp(
  t: ApiTestGateway,
  owner: string,
  admin: string,
  app: { name: string; slug: string; config: AppConfig; description?: string; price?: number },
): Promise<{ id: string; slug: string }> {
  const created = await t.api('POST', '/apps', {
    token: owner,
    body: {
      name: app.name,
      slug: app.slug,
      description: app.description ?? '',
      category: 'Content',
      config: app.config,
    },
  });
  if (created.status !== 201) throw new Error(`App ${app.name} not created: ${JSON.stringify(created.body)}`);
  const { id, slug } = created.body as { id: string; slug: string };
  await t.api('POST', `/apps/${id}/publish`, { token: owner });
  const reviewed = await t.api('POST', `/apps/${id}/review`, { token: admin, body: { status: 'approved' } });
  if (reviewed.status !== 200)
    throw new Error(`App ${app.name} not approved: ${JSON.stringify(reviewed.body)}`);
  if (app.price !== undefined) {
    const priced = await t.graphql(
      'mutation ($id: ID!, $price: Int!) { setCreatorPrice(appId: $id, creatorPrice: $price) { id } }',
      { id, price: app.price },
      owner,
    );
    if (priced.errors) throw new Error(priced.errors[0]!.message);
  }
  return { id, slug };
}

/** The MCP SDK's own client, connected over Streamable HTTP with `key` as the bearer. */
export async function mcpClient(
  url: string,
  key: string,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'blocksmith-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return { client, transport };
}

/** The person's spendable credits. */
export async function creditsOf(t: ApiTestGateway, token: string): Promise<number> {
  return (await t.api('GET', '/credits/balance', { token })).body.credits as number;
}

/** The person's earnings balance (credits earned from other people's runs). */
export async function earningsOf(t: ApiTestGateway, userId: string): Promise<number> {
  const rows = (await t.gateway.database.dataSource.query(
    'SELECT balance FROM earnings_balances WHERE user_id = $1',
    [userId],
  )) as { balance: number | string }[];
  return Number(rows[0]?.balance ?? 0);
}
