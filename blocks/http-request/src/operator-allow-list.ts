import { AllowList } from './allow-list';

/**
 * The operator's allow-list, `HTTP_BLOCK_ALLOW_HOSTS`, read at every run.
 *
 * This is the one place the package reads the server's environment. The block SDK gives blocks no
 * operator configuration (`ctx` has settings, upstream values, AI, files and progress only), and
 * a block's settings are the creator's, so they cannot grant access to private hosts. Until the SDK
 * passes operator configuration to blocks, the variable is read here.
 */
export function operatorAllowList(): AllowList {
  return AllowList.parse(process.env.HTTP_BLOCK_ALLOW_HOSTS ?? '');
}
