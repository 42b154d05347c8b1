import type { AiProvider } from '@blocksmith/block-sdk';
import type { BlockRegistry } from '../kernel';

/** What every resolver gets: the server's parts. The caller is added with the accounts service. */
export interface GraphQLContext {
  registry: BlockRegistry;
  provider: AiProvider;
}
