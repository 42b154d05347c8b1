import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { AdminCaller } from '../../services/admin/admin-accounts-service';
import { requireCaller, type GraphQLContext } from '../context';
import {
  AdminActionPageType,
  AdminUserDetailType,
  AdminUserPageType,
  AdminUserType,
} from '../types/admin-accounts';

function admin(context: GraphQLContext): AdminCaller {
  const caller = requireCaller(context);
  return { userId: caller.userId, email: caller.email, isAdmin: caller.isAdmin };
}

/** Admins manage accounts; everyone else is refused (FORBIDDEN) by the service. */
@Resolver()
export class AdminAccountsResolver {
  @Query(() => AdminUserPageType, {
    description:
      'Admins: accounts, newest first, whose e-mail or name contains query (all when empty); cursor is the nextCursor of the page before.',
  })
  adminUsers(
    @Arg('query', () => String, { nullable: true }) query: string | null,
    @Arg('cursor', () => String, { nullable: true }) cursor: string | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.adminAccounts.listUsers(admin(context), { query, cursor, limit });
  }

  @Query(() => AdminUserDetailType, {
    description: 'Admins: one account with its recent runs, its earnings and what admins did to it.',
  })
  adminUser(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext) {
    return context.services.adminAccounts.user(admin(context), id);
  }

  @Query(() => AdminActionPageType, {
    description: 'Admins: what admins did to accounts, newest first (to one account with userId).',
  })
  adminActions(
    @Arg('userId', () => ID, { nullable: true }) userId: string | null,
    @Arg('cursor', () => String, { nullable: true }) cursor: string | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.adminAccounts.actions(admin(context), { userId, cursor, limit });
  }

  @Mutation(() => AdminUserType, {
    description:
      'Admins: moves an account to a plan (free, starter or enterprise; Enterprise is granted this way after a sales contact).',
  })
  setUserPlan(
    @Arg('userId', () => ID) userId: string,
    @Arg('plan') plan: string,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.adminAccounts.setPlan(admin(context), userId, plan);
  }

  @Mutation(() => AdminUserType, {
    description:
      'Admins: gives credits to an account (or takes some back with a negative amount), with a reason; never below zero.',
  })
  adjustUserCredits(
    @Arg('userId', () => ID) userId: string,
    @Arg('amount', () => Int) amount: number,
    @Arg('reason') reason: string,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.adminAccounts.adjustCredits(admin(context), userId, amount, reason);
  }

  @Mutation(() => AdminUserType, {
    description:
      'Admins: suspends an account: it cannot sign in or use its API keys, and its published apps leave the store until unsuspended.',
  })
  suspendUser(
    @Arg('userId', () => ID) userId: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.adminAccounts.suspend(admin(context), userId, reason);
  }

  @Mutation(() => AdminUserType, {
    description: 'Admins: lifts a suspension; the account may sign in again and its apps return.',
  })
  unsuspendUser(@Arg('userId', () => ID) userId: string, @Ctx() context: GraphQLContext) {
    return context.services.adminAccounts.unsuspend(admin(context), userId);
  }
}
