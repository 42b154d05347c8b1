import { makeDocx, makePdf } from '../../../blocks/extract-file/src/testing/sample-files';
import { mcpClient, publishApp, starterWithKey, type McpTestPerson } from '../mcp/testing/mcp-fixture';
import { HANDBOOK, QUESTIONS } from '../services/knowledge/testing/handbook-corpus';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

// The "Done when", over real HTTP: three documents uploaded, a question asked in a
// published app whose answer cites the right passage, and another account kept from the
// knowledge base by every route (REST, GraphQL, the block in an app of its own, MCP tools).

const askTheHandbook = (knowledgeBase: string) =>
  probeApp(
    [
      probePlugin('in', 'textInput'),
      probePlugin('search', 'knowledgeSearch', { knowledge_base: knowledgeBase, top_k: 3 }),
      probePlugin('answer', 'textGeneration', {
        prompt_template:
          'Answer from these sources only, citing them as [1], [2]:\n{{sources}}\n\nQuestion: {{input_text}}',
      }),
    ],
    [
      ['in', 'search'],
      ['search', 'answer'],
    ],
  );

interface Passage {
  number: number;
  citation: string;
  text: string;
  documentName: string;
}

describe('a knowledge base from upload to a published answer, and kept from others', () => {
  let t: ApiTestGateway;
  let ann: McpTestPerson;
  let bob: McpTestPerson;
  let admin: string;
  let base: string;

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    ann = await starterWithKey(t, 'ann@example.com');
    bob = await starterWithKey(t, 'bob@example.com');
    admin = await t.signUpAdmin('admin@example.com');
  });

  afterAll(() => t.close());

  it('indexes three uploaded documents and finds each answer among the first three (top-3 recall)', async () => {
    base = (
      await t.api('POST', '/knowledge', {
        token: ann.token,
        body: { name: 'Handbook', chunkSize: 300, chunkOverlap: 30 },
      })
    ).body.id as string;
    const upload = (content: string | Uint8Array, name: string, type: string) => {
      const form = new FormData();
      form.set('file', new Blob([content], { type }), name);
      return t.form(`/knowledge/${base}/documents`, form, ann.token);
    };
    const sentences = (text: string) => text.split(/(?<=\.)\s+|\n+/);
    for (const answer of [
      await upload(HANDBOOK[0]!.text, 'returns.md', 'text/markdown'),
      await upload(
        await makePdf([['Shipping', ...sentences(HANDBOOK[1]!.text)]]),
        'shipping.pdf',
        'application/pdf',
      ),
      await upload(
        await makeDocx(HANDBOOK[2]!.text.split('\n\n')),
        'holidays.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
    ]) {
      expect(answer.status).toBe(201);
    }
    for (;;) {
      const documents = (await t.api('GET', `/knowledge/${base}/documents`, { token: ann.token })).body as {
        status: string;
        error: string | null;
      }[];
      expect(documents.filter((d) => d.status === 'failed')).toEqual([]);
      if (documents.every((d) => d.status === 'ready')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The owner's list says whether any passages lack vectors (none here: the offline model makes them).
    const listed = await t.graphql(
      'query ($id: ID!) { knowledgeDocuments(knowledgeBaseId: $id) { vectorsMissing } }',
      { id: base },
      ann.token,
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.knowledgeDocuments).toEqual([
      { vectorsMissing: false },
      { vectorsMissing: false },
      { vectorsMissing: false },
    ]);
    // The questions whose answers these three documents hold (the first six of the handbook's).
    const asked = QUESTIONS.filter(({ answer }) =>
      HANDBOOK.slice(0, 3).some((doc) => doc.text.includes(answer)),
    );
    expect(asked).toHaveLength(6);
    let found = 0;
    for (const { question, answer } of asked) {
      const searched = await t.api('POST', `/knowledge/${base}/search`, {
        token: ann.token,
        body: { query: question, topK: 3 },
      });
      expect(searched.status).toBe(200);
      if ((searched.body.results as { text: string }[]).some((r) => r.text.includes(answer))) found += 1;
    }
    expect(found / asked.length).toBe(1);
  }, 120_000);

  it("answers another person's question in the published app citing the right passage, by REST and as an MCP tool", async () => {
    const app = await publishApp(t, ann.token, admin, {
      name: 'Ask the handbook',
      slug: 'ask-the-handbook',
      config: askTheHandbook(base),
    });
    const run = await t.api('POST', `/apps/${app.id}/execute`, {
      token: bob.token,
      body: { inputData: { input_text: 'How long is parental leave?' } },
    });
    expect(run.status).toBe(200);
    expect(run.body.run).toMatchObject({ status: 'succeeded' });
    const passages = run.body.output.passages as Passage[];
    expect(passages[0]).toMatchObject({ number: 1, documentName: 'holidays.docx' });
    expect(passages[0]!.text).toContain('sixteen weeks at full pay');
    // The prompt gave the model the passages under their numbers, the right one as [1], to cite
    // (the offline model stands in for the AI service and names the prompt's key phrases).
    expect(run.body.output.sources).toMatch(
      /^\[1\] holidays\.docx, passage \d+\n[^[]*sixteen weeks at full pay/,
    );
    expect(run.body.output.generated_text).toContain('parental leave');

    const { client } = await mcpClient(`${t.gateway.url}/mcp/apps/${app.slug}`, bob.key);
    const result = await client.callTool({
      name: app.slug,
      arguments: { input_text: 'Who pays customs duties?' },
    });
    await client.close();
    expect(result.isError).toBeFalsy();
    const text = JSON.stringify(result.content);
    expect(text).toContain('customs duties are paid by the recipient');
    expect(text).toContain('shipping.pdf');
  }, 120_000);

  it('keeps the base from another account by every route', async () => {
    const notFound = { status: 404 };
    for (const [method, path, body] of [
      ['GET', `/knowledge/${base}/documents`, undefined],
      ['POST', `/knowledge/${base}/search`, { query: 'parental leave' }],
      ['POST', `/knowledge/${base}/documents`, { name: 'mine.txt', text: 'Planted.' }],
      ['DELETE', `/knowledge/${base}`, undefined],
    ] as const) {
      const answer = await t.api(method, path, { token: bob.token, ...(body ? { body } : {}) });
      expect({ route: `${method} ${path}`, status: answer.status }).toEqual({
        route: `${method} ${path}`,
        ...notFound,
      });
      expect(JSON.stringify(answer.body)).not.toContain('sixteen weeks');
    }
    expect((await t.api('GET', '/knowledge', { token: bob.token })).body).toEqual([]);

    for (const query of [
      'query ($id: ID!) { knowledgeBase(id: $id) { id name } }',
      'query ($id: ID!) { knowledgeDocuments(knowledgeBaseId: $id) { id name } }',
      'query ($id: ID!) { searchKnowledge(knowledgeBaseId: $id, query: "parental leave") { text } }',
    ]) {
      const answer = await t.graphql(query, { id: base }, bob.token);
      expect(answer.errors?.[0]?.message).toBe('There is no such knowledge base.');
      expect(JSON.stringify(answer)).not.toContain('sixteen weeks');
    }

    // Bob's own app naming Ann's base: its run finds no such base, over REST and as an MCP tool.
    const own = await publishApp(t, bob.token, admin, {
      name: 'Peek',
      slug: 'peek',
      config: askTheHandbook(base),
    });
    const peek = await t.api('POST', `/apps/${own.id}/execute`, {
      token: bob.token,
      body: { inputData: { input_text: 'parental leave' } },
    });
    expect(peek.status).not.toBe(200);
    expect(peek.body.message).toContain('There is no such knowledge base.');
    expect(JSON.stringify(peek.body)).not.toContain('sixteen weeks');

    const { client } = await mcpClient(`${t.gateway.url}/mcp/apps/${own.slug}`, bob.key);
    const result = await client.callTool({ name: own.slug, arguments: { input_text: 'parental leave' } });
    await client.close();
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('There is no such knowledge base.');
    expect(JSON.stringify(result.content)).not.toContain('sixteen weeks');
  }, 120_000);
});
