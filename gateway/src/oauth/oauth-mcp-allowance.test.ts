import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { OAuthFlow } from '../testing/oauth-browser';
import { mcpClient, publishApp, starterWithKey } from '../mcp/testing/mcp-fixture';

/**
 * A connected client calling a paid app through /mcp with its OAuth token (the MCP SDK's client):
 * charged to its person, counted as its spend, refused past its daily limit, and held to the limit
 * when its calls are made at once.
 */
let t: ApiTestGateway;
let flow: OAuthFlow;
let maxCredits: number;

beforeAll(async () => {
  t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
  const admin = await t.signUpAdmin('admin@example.com');
  const creator = await starterWithKey(t, 'oauth-creator@example.com');
  await publishApp(t, creator.token, admin, {
    name: 'Haiku writer',
    slug: 'haiku-writer',
    config: probeTextApp('Topic'),
    price: 2,
  });
  flow = await OAuthFlow.discover(t.gateway.url);
  // The price as anyone but its creator pays it.
  const someone = await starterWithKey(t, 'oauth-lister@example.com');
  const { client } = await mcpClient(`${t.gateway.url}/mcp`, someone.key);
  const [tool] = (await client.listTools()).tools;
  maxCredits = (tool!._meta?.['blocksmith/price'] as { maxCredits: number }).maxCredits;
  await client.close();
}, 180_000);

afterAll(async () => {
  await t?.close();
});

async function connectedCaller(email: string, limit: number) {
  const person = await t.signUpViaApi(email, { credits: true });
  const { tokens } = await flow.connect(person.token, 'Claude', limit);
  const { client } = await mcpClient(`${t.gateway.url}/mcp`, tokens.access_token);
  const spend = async () =>
    (await t.api('GET', '/connected-clients', { token: person.token })).body[0] as {
      spentToday: number;
      spentTotal: number;
    };
  return { client, spend };
}

const call = (client: Awaited<ReturnType<typeof mcpClient>>['client'], topic: string) =>
  client.callTool({ name: 'haiku-writer', arguments: { input_text: topic } });

it('charges a call to the person, counts it as the client’s spend, and refuses one past the daily limit', async () => {
  const { client, spend } = await connectedCaller('oauth-caller@example.com', maxCredits + 1);
  const first = await call(client, 'autumn rain');
  expect(first.isError).toBeFalsy();
  const spent = await spend();
  expect(spent.spentToday).toBeGreaterThan(0);
  expect(spent.spentToday).toBeLessThanOrEqual(maxCredits);
  expect(spent.spentTotal).toBe(spent.spentToday);

  const second = await call(client, 'frost');
  expect(second.isError).toBe(true);
  const text = (second.content as { type: string; text: string }[])[0]!.text;
  expect(text).toMatch(new RegExp(`^Claude may spend ${maxCredits + 1} credits a day on your account`));
  expect((await spend()).spentToday).toBe(spent.spentToday);
  await client.close();
});

it('holds calls made at once to the daily limit', async () => {
  const { client, spend } = await connectedCaller('oauth-parallel@example.com', 2 * maxCredits);
  const results = await Promise.all(Array.from({ length: 5 }, (_, i) => call(client, `topic ${i}`)));
  const passed = results.filter((result) => !result.isError);
  expect(passed).toHaveLength(2);
  expect((await spend()).spentToday).toBeLessThanOrEqual(2 * maxCredits);
  await client.close();
});
