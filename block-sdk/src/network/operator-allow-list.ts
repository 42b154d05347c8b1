import { AllowList } from './allow-list';

/**
 * The operator's allow-list, `HTTP_BLOCK_ALLOW_HOSTS`, read at every run: the hosts that blocks
 * reaching the network (HTTP Request, the Agent's MCP servers) may reach although they are not
 * public.
 *
 * This is the one place blocks read the server's environment. `ctx` gives blocks no operator
 * configuration, and a block's settings are the creator's, so they cannot grant access to private
 * hosts. Until the SDK passes operator configuration to blocks, the variable is read here.
 */
export function operatorAllowList(): AllowList {
  return AllowList.parse(process.env.HTTP_BLOCK_ALLOW_HOSTS ?? '');
}
