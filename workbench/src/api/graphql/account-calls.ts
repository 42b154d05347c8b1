import type { AuthResult, AuthUser, ServerInfo, Session } from '../blocksmith-api';
import {
  CreateUserDocument,
  MeDocument,
  RecoverPasswordDocument,
  RefreshSessionDocument,
  ServerInfoDocument,
  SignInDocument,
  SignOutDocument,
  SignUpDocument,
  UpdatePasswordDocument,
} from '../generated/graphql';
import { ANONYMOUS, withBearer, type GraphQLTransport } from './graphql-transport';

/** Signing in and out, sessions, passwords, the person's record and the server's sign-in setup. */
export class AccountCalls {
  constructor(private readonly transport: GraphQLTransport) {}

  async signIn(email: string, password: string): Promise<AuthResult> {
    return (await this.transport.mutate(SignInDocument, { email, password }, ANONYMOUS)).signIn;
  }

  async signUp(email: string, password: string, fullName: string): Promise<AuthResult> {
    const variables = { email, password, fullName: fullName.trim() === '' ? null : fullName.trim() };
    return (await this.transport.mutate(SignUpDocument, variables, ANONYMOUS)).signUp;
  }

  async refreshSession(refreshToken: string): Promise<Session> {
    const data = await this.transport.mutate(RefreshSessionDocument, { refreshToken }, ANONYMOUS);
    return data.refreshSession.session;
  }

  async signOut(): Promise<void> {
    await this.transport.mutate(SignOutDocument, {});
  }

  async me(): Promise<AuthUser | null> {
    return (await this.transport.query(MeDocument, {})).me;
  }

  async recoverPassword(email: string): Promise<void> {
    await this.transport.mutate(RecoverPasswordDocument, { email }, ANONYMOUS);
  }

  async updatePassword(password: string, recoveryToken?: string): Promise<AuthUser> {
    const context = recoveryToken ? withBearer(recoveryToken) : {};
    return (await this.transport.mutate(UpdatePasswordDocument, { password }, context)).updatePassword;
  }

  async createUser(fullName: string | null): Promise<void> {
    await this.transport.mutate(CreateUserDocument, { fullName });
  }

  async serverInfo(): Promise<ServerInfo> {
    // Never waits for a token: restoring a Google session itself needs this answer.
    return (await this.transport.query(ServerInfoDocument, {}, ANONYMOUS)).serverInfo;
  }

  async meWithToken(token: string): Promise<AuthUser | null> {
    return (await this.transport.queryIfAnswered(MeDocument, {}, withBearer(token)))?.me ?? null;
  }
}
