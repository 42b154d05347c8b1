import {
  AddressGuard,
  BlockInputError,
  operatorAllowList,
  sharedKind,
  type Resolver,
  type RunContext,
} from '@blocksmith/block-sdk';
import { McpToolbox, type McpTool } from './mcp-toolbox';

/** The most MCP servers one agent may use. */
export const MAX_MCP_SERVERS = 8;

/** One line of the `mcp_servers` setting: a server's address and the secret its requests carry. */
export interface McpServerEntry {
  url: URL;
  /** The name of one of the owner's secrets, sent as `Authorization: Bearer <secret>`. */
  secretName?: string;
}

/**
 * The servers the `mcp_servers` setting lists, one a line: `<url>` or `<url> <secret name>`
 * (blank lines and lines starting with `#` are passed over). Refused with what to fix: an address
 * that is not http(s), a line with more than a secret after it, a server listed twice, too many.
 */
export function mcpServerEntries(setting: string): McpServerEntry[] {
  const entries: McpServerEntry[] = [];
  const lines = setting.split('\n');
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `"MCP servers" line ${index + 1}`;
    const [address = '', secretName, ...rest] = line.split(/\s+/);
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new BlockInputError(`${where} is not a web address: ${address.slice(0, 200)}`);
    }
    if (rest.length > 0) {
      throw new BlockInputError(
        `${where} has more than an address and a secret name: write "<url>" or "<url> <secret name>".`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new BlockInputError(`${where} must start with https:// (or http://).`);
    }
    if (entries.some((entry) => entry.url.href === url.href)) {
      throw new BlockInputError(`${where} lists ${url.href} again: list each server once.`);
    }
    entries.push({ url, ...(secretName !== undefined && { secretName }) });
  });
  if (entries.length > MAX_MCP_SERVERS) {
    throw new BlockInputError(
      `"MCP servers" lists ${entries.length} servers; an agent may use at most ${MAX_MCP_SERVERS}.`,
    );
  }
  return entries;
}

/** Settings saved before `mcp_servers` (one `mcp_server_url` and its `mcp_secret`) as its one line. */
export function serversFromSingle(url: unknown, secret: unknown): string {
  const address = typeof url === 'string' ? url.trim() : '';
  const name = typeof secret === 'string' ? secret.trim() : '';
  if (address === '') return '';
  return name === '' ? address : `${address} ${name}`;
}

/**
 * A server's session and the tools it listed, shared by the run's agents and loop items (a server
 * named with the same secret is connected and listed once per run) and closed when the run ends.
 */
const MCP_SESSIONS = sharedKind<McpToolbox>('MCP server session', (toolbox) => toolbox.close());

/**
 * The sessions of every server `setting` lists, each connected (at once, through the address
 * guard, within `timeoutMs`) and its tools listed the first time the run asks for it; a server
 * that hangs is cut off, failing the run with its host named. Reading a secret that is not saved
 * is refused before anything is sent. The run closes the sessions when it ends.
 */
export async function connectMcpServers(
  ctx: Pick<RunContext<unknown>, 'secret' | 'signal' | 'shared'>,
  setting: string,
  timeoutMs: number,
  resolver: Resolver,
): Promise<McpToolbox[]> {
  const entries = mcpServerEntries(setting);
  const secrets = new Map<McpServerEntry, string>();
  for (const entry of entries) {
    if (entry.secretName === undefined) continue;
    const secret = await ctx.secret(entry.secretName);
    if (secret === undefined) {
      throw new BlockInputError(
        `"MCP servers" names the secret ${entry.secretName} for ${entry.url.host}, but there is no secret named ${entry.secretName}. The app's owner adds it on the Secrets page (account menu), then runs the app again.`,
      );
    }
    secrets.set(entry, secret);
  }
  const guard = new AddressGuard(operatorAllowList(), resolver, "The Agent block's MCP client");
  return Promise.all(
    entries.map((entry) => {
      const secret = secrets.get(entry);
      const key = `${entry.url.href} ${entry.secretName ?? ''}`;
      return ctx.shared.get(MCP_SESSIONS, key, () =>
        McpToolbox.connect({
          url: entry.url,
          ...(secret === undefined ? {} : { secret }),
          guard,
          timeoutMs,
          signal: ctx.signal,
        }),
      );
    }),
  );
}

/** A name of letters, digits and `_` for a server's host: `mcp.example.com:8080` -> `mcp_example_com_8080`. */
function hostPrefix(host: string): string {
  return (
    host
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 30) || 'server'
  );
}

/**
 * The servers' tools under the names the model calls them by: a tool's own name when no other
 * server offers one by that name, else `<host>__<name>` for each server offering it (so a model
 * never calls the wrong server's tool).
 */
export function serverToolNames(
  toolboxes: readonly McpToolbox[],
): { toolbox: McpToolbox; tool: McpTool; name: string }[] {
  const servers = new Map<string, number>();
  for (const toolbox of toolboxes)
    for (const tool of toolbox.tools) servers.set(tool.spec.name, (servers.get(tool.spec.name) ?? 0) + 1);
  return toolboxes.flatMap((toolbox) =>
    toolbox.tools.map((tool) => {
      const shared = (servers.get(tool.spec.name) ?? 0) > 1;
      const name = shared
        ? `${hostPrefix(toolbox.serverHost)}__${tool.spec.name}`.slice(0, 64)
        : tool.spec.name;
      return { toolbox, tool, name };
    }),
  );
}
