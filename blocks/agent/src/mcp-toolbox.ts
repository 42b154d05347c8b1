import {
  BlockError,
  BlockInputError,
  guardedFetch,
  TOOL_NAME_PATTERN,
  type AddressGuard,
  type JsonSchema,
  type ToolSpec,
} from '@blocksmith/block-sdk';
import type * as ClientModule from '@modelcontextprotocol/sdk/client/index.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type * as TransportModule from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type * as McpTypesModule from '@modelcontextprotocol/sdk/types.js';
import { toolAnswerText } from './tool-answer-text';

type McpSdk = typeof ClientModule & typeof TransportModule & typeof McpTypesModule;
let loaded: McpSdk | undefined;
/**
 * The MCP SDK's client side, loaded when an agent first connects to an MCP server rather than
 * with the block: its schemas took about 0.1 s of CPU to build at every server start.
 */
function sdk(): McpSdk {
  return (loaded ??= {
    ...(require('@modelcontextprotocol/sdk/types.js') as typeof McpTypesModule),
    ...(require('@modelcontextprotocol/sdk/client/index.js') as typeof ClientModule),
    ...(require('@modelcontextprotocol/sdk/client/streamableHttp.js') as typeof TransportModule),
  });
}

/** The most tools one server may offer an agent (vendors refuse long tool lists). */
export const MAX_TOOLS = 64;

/** What a tool call came to: the text the model is told, and whether it is an error. */
export interface ToolOutcome {
  content: string;
  isError: boolean;
}

/** One of the server's tools as the model sees it, with the name the server knows it by. */
export interface McpTool {
  spec: ToolSpec;
  serverName: string;
}

export interface ConnectOptions {
  url: URL;
  /** Sent as `Authorization: Bearer <secret>` on every request. */
  secret?: string;
  guard: AddressGuard;
  /** For connecting and listing, and then for each call. */
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * The tools of one MCP server (Streamable HTTP), through the official SDK client: connected and
 * listed once per run, every connection made through the address guard.
 */
export class McpToolbox {
  private constructor(
    private readonly client: Client,
    private readonly host: string,
    readonly tools: readonly McpTool[],
  ) {}

  static async connect(options: ConnectOptions): Promise<McpToolbox> {
    const { url, secret, guard, timeoutMs, signal } = options;
    const { Client, StreamableHTTPClientTransport } = sdk();
    const transport = new StreamableHTTPClientTransport(url, {
      fetch: guardedFetch(guard),
      ...(secret === undefined ? {} : { requestInit: { headers: { authorization: `Bearer ${secret}` } } }),
    });
    const client = new Client({ name: 'blocksmith-agent', version: '1.0.0' });
    const host = url.host;
    try {
      await client.connect(transport, { timeout: timeoutMs, signal });
      const listed: McpTool[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor }, {
          timeout: timeoutMs,
          signal,
        });
        for (const tool of page.tools) listed.push(modelTool(tool, listed));
        cursor = page.nextCursor;
      } while (cursor !== undefined && listed.length <= MAX_TOOLS);
      if (listed.length > MAX_TOOLS) {
        throw new BlockInputError(
          `The MCP server at ${host} offers more than ${MAX_TOOLS} tools, more than a model can choose from: use a server that offers fewer.`,
        );
      }
      return new McpToolbox(client, host, listed);
    } catch (error) {
      await client.close().catch(() => {});
      throw serverProblem(error, host, timeoutMs, signal);
    }
  }

  /**
   * Calls a tool by the model's name for it; what it answered (or why it failed, or that it did
   * not answer within `timeoutMs` and was cut off) as text for the model. Throws only when the
   * run is stopped.
   */
  async call(
    tool: McpTool,
    args: Record<string, unknown>,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<ToolOutcome> {
    try {
      const result = await this.client.callTool({ name: tool.serverName, arguments: args }, undefined, {
        timeout: timeoutMs,
        signal,
      });
      return { content: toolAnswerText(result), isError: result.isError === true };
    } catch (error) {
      if (signal.aborted) throw new BlockError('The run was stopped.');
      const { ErrorCode, McpError } = sdk();
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        return {
          content: `The tool did not answer within ${seconds(timeoutMs)} and was cut off.`,
          isError: true,
        };
      }
      return { content: `The tool failed: ${messageOf(error)}`, isError: true };
    }
  }

  /** Ends the session (best effort: a server that has gone away is not waited for). */
  async close(): Promise<void> {
    await this.client.close().catch(() => {});
  }

  get serverHost(): string {
    return this.host;
  }
}

/** A name every vendor accepts (letters, digits, `_`, `-`, at most 64), unique among `taken`. */
function modelTool(
  tool: { name: string; description?: string | undefined; inputSchema: Record<string, unknown> },
  taken: readonly McpTool[],
): McpTool {
  const base = tool.name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'tool';
  let name = base;
  for (let n = 2; taken.some((t) => t.spec.name === name); n++) name = `${base}_${n}`;
  if (!TOOL_NAME_PATTERN.test(name)) name = `tool_${taken.length + 1}`;
  return {
    serverName: tool.name,
    spec: {
      name,
      description: (tool.description ?? '').trim() || `The MCP tool ${tool.name}.`,
      parameters: { ...tool.inputSchema, type: 'object' } as JsonSchema,
    },
  };
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${s} second${s === 1 ? '' : 's'}`;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 500)}...` : text;
}

/** Why the server could not be used, in words a creator can act on. */
function serverProblem(error: unknown, host: string, timeoutMs: number, signal: AbortSignal): Error {
  if (error instanceof BlockError) return error;
  if (signal.aborted) return new BlockError('The run was stopped.');
  const { ErrorCode, McpError, StreamableHTTPError } = sdk();
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return new BlockError(`The MCP server at ${host} did not answer within ${seconds(timeoutMs)}.`);
  }
  if (error instanceof StreamableHTTPError && (error.code === 401 || error.code === 403)) {
    return new BlockInputError(
      `The MCP server at ${host} refused the request (${error.code}): check that its line in "MCP servers" names, after the address, the secret the server expects (Secrets page, account menu).`,
    );
  }
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  const code = (error as { code?: unknown }).code ?? cause?.code;
  if (code === 'ECONNREFUSED') return new BlockError(`The MCP server at ${host} refused the connection.`);
  if (code === 'ENOTFOUND') return new BlockError(`The host of the MCP server, ${host}, was not found.`);
  return new BlockError(`The MCP server at ${host} could not be used: ${messageOf(error)}`);
}
