import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ApprovalDecided, ApprovalLinkView, ApprovalView } from '../../services/approvals';
import type { RunView } from '../../services/run-history/run-view';
import { requireCaller, type GraphQLContext } from '../context';
import { ApprovalDecidedType, ApprovalLinkType, RunApprovalType } from '../types/approvals';
import { RunType } from '../types/runs';

function decidedType(decided: ApprovalDecided): ApprovalDecidedType {
  return { ...decided, error: decided.error ?? null };
}

function linkType(view: ApprovalLinkView): ApprovalLinkType {
  return { ...view, expiresAt: new Date(view.expiresAt) };
}

/** Runs that wait for a person: what they ask, the owner's decision, and the signed links'. */
@Resolver()
export class ApprovalResolver {
  @Mutation(() => ApprovalDecidedType, {
    description:
      'Approves (optionally with the text changed, when the block allows it) or rejects a run of your app waiting for your approval. Approved, it goes on; rejected, it ends refunded but the blocks that ran.',
  })
  async decideRunApproval(
    @Arg('runId', () => ID) runId: string,
    @Arg('decision', { description: 'approve or reject.' }) decision: string,
    @Arg('text', () => String, { nullable: true, description: 'The text as approved (approve only).' })
    text: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<ApprovalDecidedType> {
    return decidedType(
      await context.services.approvals.decide(requireCaller(context), runId, decision, text),
    );
  }

  @Query(() => ApprovalLinkType, {
    description:
      'What a signed approval link opens (no sign-in: the link is the proof). Used, expired or wrong: not found.',
  })
  async approvalLink(@Arg('token') token: string, @Ctx() context: GraphQLContext): Promise<ApprovalLinkType> {
    return linkType(await context.services.approvals.linkView(token));
  }

  @Mutation(() => ApprovalDecidedType, {
    description:
      'The decision of the approver a signed link was mailed to (once: the link opens nothing after).',
  })
  async decideApprovalLink(
    @Arg('token') token: string,
    @Arg('decision', { description: 'approve or reject.' }) decision: string,
    @Arg('text', () => String, { nullable: true, description: 'The text as approved (approve only).' })
    text: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<ApprovalDecidedType> {
    return decidedType(await context.services.approvals.decideByLink(token, decision, text));
  }
}

/** A waiting run says what it waits for. */
@Resolver(() => RunType)
export class RunApprovalResolver {
  @FieldResolver(() => RunApprovalType, {
    nullable: true,
    description: 'A run waiting for approval (status waiting): what it asks. Null otherwise.',
  })
  async approvalRequest(
    @Root() run: RunView,
    @Ctx() context: GraphQLContext,
  ): Promise<RunApprovalType | null> {
    if (run.status !== 'waiting') return null;
    const userId = context.caller?.userId ?? context.apiKey?.userId;
    if (!userId) return null;
    const view: ApprovalView | null = await context.services.approvals.viewOf(run.id, { userId });
    return view && { ...view, expiresAt: new Date(view.expiresAt) };
  }
}
