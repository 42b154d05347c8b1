import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AppError, NotFoundError } from '../errors';
import {
  AppToolRunError,
  type AppTool,
  type AppToolService,
  type CallHold,
} from '../services/app-tools/app-tool-service';
import type { McpCaller } from './mcp-caller';

/** What the server says about itself at `initialize`. */
export const MCP_SERVER_INFO = { name: 'blocksmith', title: 'Blocksmith store', version: '1.0.0' };

const INSTRUCTIONS =
  'Each tool is an app of the Blocksmith store. A call is one paid run of the app, charged to your ' +
  'account in credits (its price is in its description); the answer is its results.';

/** Which apps a connection sees: the whole store, some of it (`?apps=`), or one app (`/mcp/apps/{slug}`). */
export interface McpScope {
  /** `/mcp?apps=slug1,slug2`: only these apps. */
  slugs?: readonly string[];
  /** `/mcp/apps/{slug}`: this app alone. */
  only?: string;
}

/** Around a paid call: an OAuth client's daily limit and its spend. */
export interface McpCallHooks {
  /**
   * Asked with the most a call can cost before anything is charged: refuses it by throwing, or
   * answers a hold that counts the call's run (`recordRun`) and is released when the call ends.
   */
  reserve?(caller: McpCaller, maxCredits: number): Promise<CallHold | undefined>;
}

export interface McpServerDeps {
  appTools: AppToolService;
  /** Tools a `tools/list` page holds (default APP_TOOLS_PAGE). */
  pageSize?: number;
  hooks?: McpCallHooks;
  log?: (message: string) => void;
}

/** An app tool as MCP lists it, its price in its description, annotations and `_meta`. */
export function mcpToolOf(tool: AppTool): Tool {
  const price = { price: tool.price, minCredits: tool.cost.min, maxCredits: tool.cost.max };
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: {
      title: tool.title,
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
      ...price,
    },
    _meta: { 'blocksmith/price': price },
  };
}

function toolError(message: string, extra: Record<string, unknown> = {}): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: message }],
    ...(Object.keys(extra).length && { _meta: extra }),
  };
}

/**
 * The MCP server for one request of `caller` (the route makes one per request: `/mcp` is
 * stateless, sessions live in the database): `tools/list` lists the store's published apps in
 * `scope` as tools, paged by cursor; `tools/call` runs one (`AppToolService.call`, source `mcp`),
 * sending the run's progress as progress notifications when the client asked with a
 * `progressToken`. A call that cannot be made or whose run fails is a tool error (`isError`) that
 * says why; a run that stops to wait for approval answers so (`blocksmith/status: waiting`, no
 * results yet, where to follow its run); an unknown tool or a bad cursor is a JSON-RPC error. `ping` is the SDK's own.
 */
export function createMcpServer(deps: McpServerDeps, caller: McpCaller, scope: McpScope): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
  });
  const { appTools } = deps;

  const findTool = async (name: string): Promise<AppTool> => {
    const unknown = () => new McpError(ErrorCode.InvalidParams, `There is no tool named "${name}" here.`);
    if (scope.only !== undefined && name !== scope.only) throw unknown();
    if (scope.slugs && !scope.slugs.includes(name)) throw unknown();
    try {
      return await appTools.published(caller.userId, name);
    } catch (error) {
      if (error instanceof NotFoundError) throw unknown();
      throw error;
    }
  };

  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    if (scope.only !== undefined) return { tools: [mcpToolOf(await findTool(scope.only))] };
    const cursor = request.params?.cursor;
    try {
      const page = await appTools.listPublished(caller.userId, {
        ...(cursor !== undefined && { cursor }),
        ...(scope.slugs && { slugs: scope.slugs }),
        ...(deps.pageSize !== undefined && { limit: deps.pageSize }),
      });
      return {
        tools: page.tools.map(mcpToolOf),
        ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
      };
    } catch (error) {
      if (error instanceof AppError) throw new McpError(ErrorCode.InvalidParams, error.message);
      throw error;
    }
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = await findTool(request.params.name);
    const progressToken = request.params._meta?.progressToken;
    try {
      const result = await appTools.call(caller.userId, tool, request.params.arguments ?? {}, {
        source: 'mcp',
        signal: extra.signal,
        ...(deps.hooks?.reserve && { reserve: (max: number) => deps.hooks!.reserve!(caller, max) }),
        ...(progressToken !== undefined && {
          onProgress: ({ done, total, message }) => {
            void extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress: done, total, message },
              })
              .catch(() => undefined);
          },
        }),
      });
      return {
        content: [{ type: 'text', text: result.text }],
        structuredContent: result.structured,
        // A run waiting for approval is not an error: its text says so and where to follow it.
        _meta: {
          'blocksmith/runId': result.runId,
          'blocksmith/credits': result.credits,
          'blocksmith/status': result.status,
        },
      };
    } catch (error) {
      if (error instanceof AppToolRunError) {
        return toolError(`${error.message} (run ${error.runId})`, {
          'blocksmith/runId': error.runId,
          'blocksmith/credits': error.credits,
        });
      }
      if (error instanceof AppError) return toolError(error.message, { 'blocksmith/code': error.code });
      if (extra.signal.aborted) return toolError('The call was cancelled.');
      deps.log?.(`MCP call of ${tool.name} failed: ${error instanceof Error ? error.stack : String(error)}`);
      return toolError(
        'The call failed on the server. Nothing was charged for a run that did not finish; try again.',
      );
    }
  });
  return server;
}
