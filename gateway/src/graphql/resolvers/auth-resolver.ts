import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { UnauthenticatedError } from '../../errors';
import { requireCaller, type GraphQLContext } from '../context';
import { AuthResultType, AuthUserType, RefreshResultType } from '../types/auth';

/** The local accounts provider's operations. */
@Resolver()
export class AuthResolver {
  @Mutation(() => AuthResultType)
  async signUp(
    @Arg('email') email: string,
    @Arg('password') password: string,
    @Arg('fullName', () => String, { nullable: true }) fullName: string | null,
    @Ctx() { services }: GraphQLContext,
  ): Promise<AuthResultType> {
    const result = await services.accounts.signUp({ email, password, fullName: fullName ?? '' });
    services.analytics.record('user_signup', { method: 'email' }, result.user.id);
    return result;
  }

  @Mutation(() => AuthResultType)
  async signIn(
    @Arg('email') email: string,
    @Arg('password') password: string,
    @Ctx() { services, clientAddress }: GraphQLContext,
  ): Promise<AuthResultType> {
    const result = await services.accounts.signIn({
      email,
      password,
      ...(clientAddress ? { ip: clientAddress } : {}),
    });
    services.analytics.record('user_login', { method: 'email' }, result.user.id);
    return result;
  }

  @Mutation(() => RefreshResultType, {
    description: 'A new session for a refresh token; the old token stops working.',
  })
  refreshSession(@Arg('refreshToken') refreshToken: string, @Ctx() { services }: GraphQLContext) {
    return services.accounts.refresh(refreshToken);
  }

  @Mutation(() => Boolean, { description: 'Ends the session of the bearer token.' })
  async signOut(@Ctx() { services, token }: GraphQLContext): Promise<boolean> {
    if (!token) throw new UnauthenticatedError('Please sign in.');
    await services.accounts.signOut(token);
    return true;
  }

  @Mutation(() => Boolean, {
    description: 'Sends a password reset link if the address has an account; always answers true.',
  })
  async recoverPassword(@Arg('email') email: string, @Ctx() { services }: GraphQLContext): Promise<boolean> {
    await services.accounts.recover(email);
    // The address is kept only as a short hash (see AnalyticsService).
    services.analytics.record('password_reset_requested', { email }, null);
    return true;
  }

  @Mutation(() => AuthUserType, { description: 'With a reset token or a session as the bearer token.' })
  async updatePassword(@Arg('password') password: string, @Ctx() { services, token }: GraphQLContext) {
    if (!token)
      throw new UnauthenticatedError('Please sign in, or open the link from the reset e-mail again.');
    return (await services.accounts.updatePassword({ password, bearer: token })).user;
  }

  @Query(() => AuthUserType, { nullable: true, description: 'The signed-in person, or null.' })
  me(@Ctx() context: GraphQLContext): Promise<AuthUserType> | null {
    return context.caller ? context.services.accounts.getUser(requireCaller(context).userId) : null;
  }
}
