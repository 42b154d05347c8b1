import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { AdminCaller } from '../../services/admin/admin-accounts-service';
import { requireCaller, type GraphQLContext } from '../context';
import { AiProviderStatusType } from '../types/ai-provider';

function admin(context: GraphQLContext): AdminCaller {
  const caller = requireCaller(context);
  return { userId: caller.userId, email: caller.email, isAdmin: caller.isAdmin };
}

/** Admins set up the server's AI providers; everyone else is refused (FORBIDDEN) by the service. */
@Resolver()
export class AiProviderResolver {
  @Query(() => [AiProviderStatusType], {
    description:
      'Admins: every AI provider (OpenAI, Anthropic, Google Gemini, Ollama): used or not, where its settings come from, its address, whether a key is set, its models and its last problem.',
  })
  aiProviders(@Ctx() context: GraphQLContext) {
    return context.services.aiProviders.list(admin(context));
  }

  @Mutation(() => AiProviderStatusType, {
    description:
      "Admins: saves a provider's API key (sealed, never shown again; empty keeps the one saved before) and address (empty: the vendor's own) in place of the environment's, switches the server to it at once and lists its models: problem says why that failed (Anthropic refused the API key).",
  })
  setAiProvider(
    @Arg('provider') provider: string,
    @Arg('apiKey', () => String, { nullable: true }) apiKey: string | null,
    @Arg('baseUrl', () => String, { nullable: true }) baseUrl: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.aiProviders.set(admin(context), provider, apiKey, baseUrl);
  }

  @Mutation(() => AiProviderStatusType, {
    description:
      "Admins: forgets a provider's settings saved on the page: the environment's apply again (or the provider is off).",
  })
  clearAiProvider(@Arg('provider') provider: string, @Ctx() context: GraphQLContext) {
    return context.services.aiProviders.clear(admin(context), provider);
  }
}
