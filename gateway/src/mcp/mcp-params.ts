import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** The requests `/mcp` answers, each with the SDK's own schema of it. */
const REQUESTS = {
  initialize: InitializeRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  ping: PingRequestSchema,
} as const;

/**
 * Why a request's params do not fit its method (`params.name: expected string`), or null when
 * they do or the method is not one of these (the SDK answers unknown methods itself). Checked
 * before the SDK sees the request, which would answer an internal error (-32603) instead of
 * invalid params (-32602).
 */
export function paramsProblem(message: { method?: unknown }): string | null {
  const method = message.method;
  if (typeof method !== 'string' || !Object.hasOwn(REQUESTS, method)) return null;
  const checked = REQUESTS[method as keyof typeof REQUESTS].safeParse(message);
  if (checked.success) return null;
  const [issue] = checked.error.issues;
  if (!issue) return 'the params do not fit the method.';
  const path = issue.path.map(String).join('.');
  return `${path === '' ? 'the request' : path}: ${issue.message}`;
}
