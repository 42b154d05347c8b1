/** One MCP server as the picker edits it: its address and the name of the secret it is sent. */
export interface McpServerRow {
  url: string;
  secret: string;
}

/**
 * The rows of an `mcp_servers` setting (one server a line: `<url>` or `<url> <secret name>`);
 * blank lines and `#` notes are left out. Something else on a line stays in its address, for the
 * server to refuse by name when the app runs.
 */
export function mcpServerRows(value: unknown): McpServerRow[] {
  if (typeof value !== 'string') return [];
  return value.split('\n').flatMap((raw) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return [];
    const parts = line.split(/\s+/);
    return parts.length === 2 ? [{ url: parts[0]!, secret: parts[1]! }] : [{ url: line, secret: '' }];
  });
}

/** The setting's value for `rows`: one line each, in order; a row without an address is left out. */
export function mcpServersValue(rows: readonly McpServerRow[]): string {
  return rows
    .map((row) => ({ url: row.url.trim().replace(/\s+/g, ''), secret: row.secret.trim() }))
    .filter((row) => row.url !== '')
    .map((row) => (row.secret === '' ? row.url : `${row.url} ${row.secret}`))
    .join('\n');
}

/** Why an address will be refused when the app runs, to say beside it (null when it looks right). */
export function mcpServerUrlProblem(url: string): string | null {
  const address = url.trim();
  if (address === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(address);
  } catch {
    return 'Not a web address: write it as https://host/path.';
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:'
    ? null
    : 'The address must start with https:// (or http://).';
}
