import type { RunInputField } from './run-inputs';

/**
 * The code that runs a published app through `POST /api/published/{slug}/run` with an API key:
 * curl, JavaScript (fetch) and Python (requests), each with the app's own input names.
 */

/** One input as the API takes it: the name it is sent under, with an example value. */
export interface ApiInput {
  /** The block's variable name: the key its value is sent under in the run's inputs. */
  key: string;
  label: string;
  kind: RunInputField['kind'];
  /** For choices, the options the block offers. */
  options: string[];
  example: string;
}

export interface ApiSnippets {
  url: string;
  curl: string;
  javascript: string;
  python: string;
}

/** The inputs of an app as the API takes them, from the run's input fields (file inputs left out). */
export function apiInputs(fields: readonly RunInputField[]): ApiInput[] {
  return fields
    .filter((field) => field.kind !== 'file')
    .map((field) => ({
      key: field.key,
      label: field.label,
      kind: field.kind,
      options: field.options,
      example: field.kind === 'choice' ? (field.options[0] ?? '') : field.placeholder.trim() || field.label,
    }));
}

/** The address that runs the app `slug` on the product at `origin`. */
export function runUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/api/published/${encodeURIComponent(slug)}/run`;
}

/** The request body: `{ inputData: { <input name>: <example> } }`. */
export function requestBody(inputs: readonly ApiInput[]): { inputData: Record<string, string> } {
  return { inputData: Object.fromEntries(inputs.map((input) => [input.key, input.example])) };
}

/** A value inside a POSIX shell's single quotes. */
function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A JavaScript object literal of strings, one property a line, at `indent` spaces. */
function jsObject(values: Record<string, string>, indent: number): string {
  const entries = Object.entries(values);
  if (entries.length === 0) return '{}';
  const pad = ' '.repeat(indent + 2);
  const lines = entries.map(
    ([key, value]) => `${pad}${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${JSON.stringify(value)},`,
  );
  return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`;
}

/** A Python dict literal of strings (JSON strings are valid Python strings). */
function pythonDict(values: Record<string, string>, indent: number): string {
  const entries = Object.entries(values);
  if (entries.length === 0) return '{}';
  const pad = ' '.repeat(indent + 4);
  const lines = entries.map(([key, value]) => `${pad}${JSON.stringify(key)}: ${JSON.stringify(value)},`);
  return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`;
}

/** The three snippets for the app `slug` on `origin`, with `key` where the API key goes. */
export function apiSnippets(options: {
  origin: string;
  slug: string;
  inputs: readonly ApiInput[];
  key: string;
}): ApiSnippets {
  const url = runUrl(options.origin, options.slug);
  const body = requestBody(options.inputs);
  const curl = [
    `curl -X POST ${shellQuoted(url)} \\`,
    `  -H ${shellQuoted(`Authorization: Bearer ${options.key}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuoted(JSON.stringify(body, null, 2))}`,
  ].join('\n');
  const javascript = [
    `const response = await fetch(${JSON.stringify(url)}, {`,
    `  method: 'POST',`,
    `  headers: {`,
    `    Authorization: ${JSON.stringify(`Bearer ${options.key}`)},`,
    `    'Content-Type': 'application/json',`,
    `  },`,
    `  body: JSON.stringify({`,
    `    inputData: ${jsObject(body.inputData, 4)},`,
    `  }),`,
    `});`,
    `if (!response.ok) throw new Error((await response.json()).message);`,
    `const { output, run } = await response.json();`,
    `console.log(output, run.cost);`,
  ].join('\n');
  const python = [
    `import requests`,
    ``,
    `response = requests.post(`,
    `    ${JSON.stringify(url)},`,
    `    headers={"Authorization": ${JSON.stringify(`Bearer ${options.key}`)}},`,
    `    json={"inputData": ${pythonDict(body.inputData, 4)}},`,
    `    timeout=900,`,
    `)`,
    `response.raise_for_status()`,
    `answer = response.json()`,
    `print(answer["output"], answer["run"]["cost"])`,
  ].join('\n');
  return { url, curl, javascript, python };
}
