import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('UserMetadata', { simpleResolvers: true })
export class UserMetadataType {
  @Field() full_name!: string;
  @Field() isAdmin!: boolean;
}

@ObjectType('AuthUser', {
  simpleResolvers: true,
  description: 'The signed-in person, shaped like the hosted auth service the product expects.',
})
export class AuthUserType {
  @Field() id!: string;
  @Field() email!: string;
  @Field(() => UserMetadataType) user_metadata!: UserMetadataType;
}

@ObjectType('Session', { simpleResolvers: true })
export class SessionType {
  @Field() access_token!: string;
  @Field() refresh_token!: string;
  @Field(() => Int, { description: 'Unix seconds when the access token expires.' }) expires_at!: number;
  @Field(() => Int) expires_in!: number;
  @Field() token_type!: string;
}

@ObjectType('AuthResult', { simpleResolvers: true })
export class AuthResultType {
  @Field(() => AuthUserType) user!: AuthUserType;
  @Field(() => SessionType, {
    nullable: true,
    description: 'Null when e-mail confirmation is required first.',
  })
  session!: SessionType | null;
  @Field(() => Boolean, {
    nullable: true,
    description:
      'Sign-up only: whether a confirmation mail was sent (to an address listed in ADMIN_EMAILS, whose admin rights start once it is confirmed).',
  })
  confirmationMailSent?: boolean | null;
}

@ObjectType('RefreshResult', { simpleResolvers: true })
export class RefreshResultType {
  @Field(() => SessionType) session!: SessionType;
}
