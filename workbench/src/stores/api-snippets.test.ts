import { spawnSync } from 'node:child_process';
import { apiInputs, apiSnippets, requestBody, runUrl, type ApiInput } from './api-snippets';
import type { RunInputField } from './run-inputs';

function field(partial: Partial<RunInputField> & Pick<RunInputField, 'key' | 'kind'>): RunInputField {
  return {
    plugin: { id: partial.key, type: 'x', position: { x: 0, y: 0 }, settings: {} },
    label: 'Label',
    placeholder: '',
    multiline: false,
    options: [],
    accept: '',
    maxSizeMb: null,
    fileRules: null,
    ...partial,
  };
}

const INPUTS: ApiInput[] = [
  { key: 'input_text', label: 'Topic', kind: 'text', options: [], example: "Bob's café" },
  { key: 'selected_option', label: 'Tone', kind: 'choice', options: ['Warm', 'Dry'], example: 'Warm' },
];

describe('API snippets', () => {
  it('takes the run input keys, an example each, and leaves file inputs out', () => {
    const inputs = apiInputs([
      field({ key: 'input_text', kind: 'text', label: 'Topic' }),
      field({ key: 'input_text_2', kind: 'text', label: 'Audience', placeholder: 'Developers' }),
      field({ key: 'selected_option', kind: 'choice', label: 'Tone', options: ['Warm', 'Dry'] }),
      field({ key: 'file_url', kind: 'file', label: 'PDF' }),
    ]);
    expect(inputs.map((input) => [input.key, input.example])).toEqual([
      ['input_text', 'Topic'],
      ['input_text_2', 'Developers'],
      ['selected_option', 'Warm'],
    ]);
  });

  it('addresses the published app by its slug on the product origin', () => {
    expect(runUrl('https://blocksmith.example/', 'post-writer-1')).toBe(
      'https://blocksmith.example/api/published/post-writer-1/run',
    );
    expect(requestBody(INPUTS)).toEqual({ inputData: { input_text: "Bob's café", selected_option: 'Warm' } });
  });

  it('writes a curl command a shell runs as the request (quotes and all)', () => {
    const { curl } = apiSnippets({
      origin: 'http://localhost:4000',
      slug: 'a-b',
      inputs: INPUTS,
      key: 'bsk_X',
    });
    // A stand-in curl that prints its arguments, one a line (JSON bodies become one line first).
    const shell = spawnSync(
      'sh',
      ['-c', `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${curl}`],
      {
        encoding: 'utf8',
      },
    );
    const args = shell.stdout.split('\0').filter(Boolean);
    expect(args.slice(0, 2)).toEqual(['-X', 'POST']);
    expect(args[2]).toBe('http://localhost:4000/api/published/a-b/run');
    expect(args).toContain('Authorization: Bearer bsk_X');
    expect(args).toContain('Content-Type: application/json');
    expect(JSON.parse(args[args.indexOf('-d') + 1]!)).toEqual(requestBody(INPUTS));
  });

  it('writes JavaScript that sends the same request with fetch', async () => {
    const { javascript } = apiSnippets({
      origin: 'http://localhost:4000',
      slug: 'a-b',
      inputs: INPUTS,
      key: 'bsk_X',
    });
    const sent: Array<{
      url: string;
      init: { method: string; headers: Record<string, string>; body: string };
    }> = [];
    const fakeFetch = async (url: string, init: (typeof sent)[number]['init']) => {
      sent.push({ url, init });
      return { ok: true, json: async () => ({ output: { generated_text: 'hi' }, run: { cost: 1 } }) };
    };
    const logged: unknown[] = [];
    const run = new Function('fetch', 'console', `return (async () => {\n${javascript}\n})();`) as (
      fetch: typeof fakeFetch,
      console: { log: (...values: unknown[]) => void },
    ) => Promise<void>;
    await run(fakeFetch, { log: (...values) => logged.push(values) });
    expect(sent[0]?.url).toBe('http://localhost:4000/api/published/a-b/run');
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.headers.Authorization).toBe('Bearer bsk_X');
    expect(JSON.parse(sent[0]!.init.body)).toEqual(requestBody(INPUTS));
    expect(logged).toEqual([[{ generated_text: 'hi' }, 1]]);
  });

  it('writes Python with requests, the inputs as a dict', () => {
    const { python } = apiSnippets({
      origin: 'http://localhost:4000',
      slug: 'a-b',
      inputs: INPUTS,
      key: 'bsk_X',
    });
    expect(python).toContain('requests.post(');
    expect(python).toContain('"http://localhost:4000/api/published/a-b/run"');
    expect(python).toContain('headers={"Authorization": "Bearer bsk_X"}');
    expect(python).toContain('"input_text": "Bob\'s café",');
    expect(python).toContain('"selected_option": "Warm",');
  });

  it('sends an empty inputData for an app without inputs', () => {
    const snippets = apiSnippets({ origin: 'http://h', slug: 's', inputs: [], key: 'k' });
    expect(snippets.javascript).toContain('inputData: {},');
    expect(snippets.python).toContain('json={"inputData": {}},');
  });
});
