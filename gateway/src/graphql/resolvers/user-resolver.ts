import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireCaller, viewerOf, type GraphQLContext } from '../context';
import { PublicUserType, UserProfileType } from '../types/user';

@Resolver()
export class UserResolver {
  @Query(() => UserProfileType, { description: 'The signed-in person’s record with full_name and plan.' })
  profile(@Ctx() context: GraphQLContext) {
    return context.services.users.profile(requireCaller(context).userId);
  }

  @Mutation(() => UserProfileType, {
    description: 'Creates the user record once; sets full_name only when none is set yet.',
  })
  createUser(
    @Arg('fullName', () => String, { nullable: true }) fullName: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.users.ensureProfile(requireCaller(context).userId, fullName);
  }

  @Query(() => PublicUserType, {
    description: 'A publisher by the id their auth provider gave them (the account id or a Firebase uid).',
  })
  userByAuthId(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext) {
    return context.services.users.byAuthId(viewerOf(context), id);
  }
}
