import { makeDocx, makePdf } from '../../../blocks/extract-file/src/testing/sample-files';
import { HANDBOOK } from '../services/knowledge/testing/handbook-corpus';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

interface DocumentAnswer {
  id: string;
  name: string;
  status: string;
  progress: number;
  error: string | null;
  chunkCount: number;
}

describe('knowledge bases over /api', () => {
  let t: ApiTestGateway;
  let ann: string;
  let bob: string;
  let base: string;

  beforeAll(async () => {
    t = await startApiTestGateway();
    ann = (await t.signUpViaApi('ann@example.com', { credits: true })).token;
    bob = (await t.signUpViaApi('bob@example.com', { credits: true })).token;
  });

  afterAll(() => t.close());

  const upload = (content: string | Uint8Array, name: string, type: string, token = ann) => {
    const form = new FormData();
    form.set('file', new Blob([content], { type }), name);
    return t.form(`/knowledge/${base}/documents`, form, token);
  };

  /** The documents once none is queued or indexing (polled as a client would). */
  async function settled(): Promise<DocumentAnswer[]> {
    for (;;) {
      const listed = await t.api('GET', `/knowledge/${base}/documents`, { token: ann });
      expect(listed.status).toBe(200);
      const documents = listed.body as DocumentAnswer[];
      if (documents.every((d) => d.status === 'ready' || d.status === 'failed')) return documents;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('creates a base, takes Markdown, PDF, DOCX and text documents, indexes them and finds the passage', async () => {
    const created = await t.api('POST', '/knowledge', {
      token: ann,
      body: { name: 'Handbook', chunkSize: 300, chunkOverlap: 20 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Handbook',
      chunkSize: 300,
      chunkOverlap: 20,
      documentCount: 0,
    });
    base = created.body.id as string;

    const markdown = await upload(HANDBOOK[0]!.text, 'returns.md', 'text/markdown');
    expect(markdown.status).toBe(201);
    expect(markdown.body).toMatchObject({ name: 'returns.md', source: 'upload', status: 'queued' });
    const pdf = await upload(
      await makePdf([['Shipping', ...HANDBOOK[1]!.text.split(/(?<=\.)\s+|\n+/)]]),
      'shipping.pdf',
      'application/pdf',
    );
    expect(pdf.status).toBe(201);
    const docx = await upload(
      await makeDocx(HANDBOOK[2]!.text.split('\n\n')),
      'holidays.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(docx.status).toBe(201);
    const text = await t.api('POST', `/knowledge/${base}/documents`, {
      token: ann,
      body: { name: 'security', text: HANDBOOK[3]!.text },
    });
    expect(text.status).toBe(201);

    const documents = await settled();
    expect(documents.map((d) => [d.name, d.status, d.progress])).toEqual([
      ['returns.md', 'ready', 1],
      ['shipping.pdf', 'ready', 1],
      ['holidays.docx', 'ready', 1],
      ['security', 'ready', 1],
    ]);
    expect(documents.every((d) => d.chunkCount > 0)).toBe(true);
    const listed = await t.api('GET', '/knowledge', { token: ann });
    expect(listed.body).toEqual([expect.objectContaining({ id: base, documentCount: 4, readyCount: 4 })]);

    const cases: [string, string, string][] = [
      ['How many days do I have to return an item?', 'returns.md', 'within 30 days'],
      ['Who pays customs duties on international parcels?', 'shipping.pdf', 'paid by the recipient'],
      ['How long is parental leave?', 'holidays.docx', 'sixteen weeks'],
      ['What is the extension of the security desk?', 'security', 'extension 4400'],
    ];
    for (const [query, documentName, phrase] of cases) {
      const found = await t.api('POST', `/knowledge/${base}/search`, {
        token: ann,
        body: { query, topK: 3 },
      });
      expect(found.status).toBe(200);
      const results = found.body.results as {
        text: string;
        score: number;
        documentId: string;
        documentName: string;
        chunk: number;
      }[];
      expect(results.length).toBeLessThanOrEqual(3);
      expect(results[0]).toEqual({
        text: expect.any(String),
        score: expect.any(Number),
        documentId: expect.any(String),
        documentName: expect.any(String),
        chunk: expect.any(Number),
      });
      // The passage that answers is among the first three, from its document.
      expect(
        results.some((r) => r.documentName === documentName && r.text.replace(/\s+/g, ' ').includes(phrase)),
      ).toBe(true);
    }
  });

  it('marks a file it cannot read as failed, saying why', async () => {
    const odd = await upload(new Uint8Array([1, 2, 3]), 'data.bin', 'application/octet-stream');
    expect(odd.status).toBe(201);
    const failed = (await settled()).find((d) => d.id === odd.body.id)!;
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('"data.bin" is a .bin file');
    await t.api('DELETE', `/knowledge/${base}/documents/${failed.id}`, { token: ann });
  });

  it('keeps every route of a base from another account (404), and from no account (401)', async () => {
    const documents = await settled();
    const doc = documents[0]!.id;
    const attempts: [string, string, Record<string, unknown>?][] = [
      ['GET', `/knowledge/${base}/documents`],
      ['POST', `/knowledge/${base}/search`, { query: 'refund' }],
      ['POST', `/knowledge/${base}/documents`, { name: 'mine', text: 'x' }],
      ['DELETE', `/knowledge/${base}/documents/${doc}`],
      ['DELETE', `/knowledge/${base}`],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await t.api(method, path, { token: bob, ...(body ? { body } : {}) });
      expect([method, path, answer.status, answer.body.error]).toEqual([method, path, 404, 'not_found']);
      expect((await t.api(method, path, body ? { body } : {})).status).toBe(401);
    }
    expect((await upload('x', 'x.txt', 'text/plain', bob)).status).toBe(404);
    expect((await t.api('GET', '/knowledge', { token: bob })).body).toEqual([]);
    expect((await t.api('GET', `/knowledge/${base}/documents`, { token: ann })).body).toHaveLength(
      documents.length,
    );
  });

  it('refuses bad input with what to fix', async () => {
    const bad: [string, string, unknown, string][] = [
      ['POST', '/knowledge', {}, '`name` is required.'],
      ['POST', '/knowledge', { name: 'x', chunkSize: 10 }, '`chunkSize` must be >= 100.'],
      [
        'POST',
        '/knowledge',
        { name: 'x', chunkSize: 200, chunkOverlap: 300 },
        'The chunk overlap (300) must be smaller than the chunk size (200).',
      ],
      ['POST', `/knowledge/${base}/documents`, {}, 'Send one of: a file, a `url`, or a `name` and `text`.'],
      [
        'POST',
        `/knowledge/${base}/documents`,
        { url: 'file:///etc/passwd' },
        'Only http and https addresses can be read, not file:.',
      ],
      ['POST', `/knowledge/${base}/search`, { query: '' }, '`query` must not be empty.'],
      ['POST', `/knowledge/${base}/search`, { query: 'x', topK: 500 }, '`topK` must be <= 50.'],
    ];
    for (const [method, path, body, message] of bad) {
      const answer = await t.api(method, path, { token: ann, ...(body ? { body } : {}) });
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.body.message).toBe(message);
    }
    expect((await t.api('GET', '/knowledge/not-a-uuid/documents', { token: ann })).status).toBe(404);
  });

  it("answers an app's run with the passages and their sources, from its owner's base only", async () => {
    const config = (knowledgeBase: string) =>
      probeApp(
        [
          probePlugin('in', 'textInput'),
          probePlugin('search', 'knowledgeSearch', { knowledge_base: knowledgeBase, top_k: 2 }),
          probePlugin('answer', 'textGeneration', {
            prompt_template:
              'Answer from these sources, citing them as [1], [2]:\n{{sources}}\n\nQuestion: {{input_text}}',
          }),
        ],
        [
          ['in', 'search'],
          ['search', 'answer'],
        ],
      );
    const app = await t.api('POST', '/apps', {
      token: ann,
      body: { name: 'Ask the handbook', config: config(base) },
    });
    expect(app.status).toBe(201);
    const run = await t.api('POST', `/apps/${app.body.id as string}/execute`, {
      token: ann,
      body: { inputData: { input_text: 'How long is parental leave?' } },
    });
    expect(run.status).toBe(200);
    expect(run.body.run).toMatchObject({ status: 'succeeded' });
    const passages = run.body.output.passages as {
      number: number;
      source: string;
      text: string;
      documentName: string;
    }[];
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.length).toBeLessThanOrEqual(2);
    expect(passages[0]).toMatchObject({
      number: 1,
      documentName: 'holidays.docx',
      source: expect.stringMatching(/^holidays\.docx, passage \d+$/),
    });
    expect(passages[0]!.text).toContain('sixteen weeks');
    expect(run.body.output.sources).toMatch(/^\[1\] holidays\.docx, passage \d+\n/);
    // The offline model restates its prompt's key phrases: the passages reached it through {{sources}}.
    expect(run.body.output.generated_text).toContain('Unused vacation days');

    // Bob's app naming Ann's knowledge base finds nothing of it: the base is not his.
    const bobs = await t.api('POST', '/apps', { token: bob, body: { name: 'Peek', config: config(base) } });
    const peek = await t.api('POST', `/apps/${bobs.body.id as string}/execute`, {
      token: bob,
      body: { inputData: { input_text: 'parental leave' } },
    });
    expect(peek.status).not.toBe(200);
    expect(JSON.stringify(peek.body)).not.toContain('sixteen weeks');
    expect(peek.body.message).toContain('There is no such knowledge base.');
  });

  it('deletes a document with its passages at once, then the base', async () => {
    const [returns] = await settled();
    const deleted = await t.api('DELETE', `/knowledge/${base}/documents/${returns!.id}`, { token: ann });
    expect(deleted.body).toEqual({ success: true });
    const [row] = (await t.gateway.database.dataSource.query(
      'SELECT count(*)::int AS n FROM knowledge_chunks WHERE document_id = $1',
      [returns!.id],
    )) as { n: number }[];
    expect(Number(row!.n)).toBe(0);
    const found = await t.api('POST', `/knowledge/${base}/search`, {
      token: ann,
      body: { query: 'return an item within 30 days', topK: 10 },
    });
    expect((found.body.results as { documentId: string }[]).some((r) => r.documentId === returns!.id)).toBe(
      false,
    );
    expect((await t.api('DELETE', `/knowledge/${base}`, { token: ann })).body).toEqual({ success: true });
    expect((await t.api('GET', `/knowledge/${base}/documents`, { token: ann })).status).toBe(404);
    const [left] = (await t.gateway.database.dataSource.query(
      'SELECT count(*)::int AS n FROM knowledge_documents',
    )) as { n: number }[];
    expect(Number(left!.n)).toBe(0);
  });
});
