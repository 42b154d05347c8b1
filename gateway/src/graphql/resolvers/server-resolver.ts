import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';

@ObjectType('FirebaseWebConfig', { simpleResolvers: true })
class FirebaseWebConfigType {
  @Field() apiKey!: string;
  @Field() authDomain!: string;
  @Field() projectId!: string;
  @Field(() => String, {
    nullable: true,
    description:
      'The Firebase Auth emulator to sign in with (FIREBASE_AUTH_EMULATOR_HOST); null with real Firebase.',
  })
  authEmulatorUrl?: string | null;
}

@ObjectType('ServerInfo', { simpleResolvers: true })
class ServerInfoType {
  @Field({ description: 'local (the gateway’s own accounts) or firebase.' }) authProvider!: string;
  @Field({ description: 'Whether upgrades through Stripe are offered (STRIPE_SECRET_KEY is set).' })
  billingEnabled!: boolean;
  @Field(() => String, {
    nullable: true,
    description:
      'Without billing: whom to ask for another plan (SALES_EMAIL, else the first admin). Given to signed-in people only; null with billing.',
  })
  planContact!: string | null;
  @Field(() => FirebaseWebConfigType, {
    nullable: true,
    description: 'The Firebase web config for Google sign-in; null when Google sign-in is not configured.',
  })
  firebase!: FirebaseWebConfigType | null;
}

@Resolver()
export class ServerResolver {
  @Query(() => ServerInfoType, {
    description: 'What the browser needs to know about this server (nothing secret).',
  })
  serverInfo(@Ctx() context: GraphQLContext): ServerInfoType {
    const { info } = context.services;
    // An address is for the people who may ask, not for every visitor.
    return { ...info, planContact: context.caller ? info.planContact : null };
  }
}
