import type { DataSource } from 'typeorm';
import type { User } from '../../data/entities';
import { isUuid } from '../../ids';
import { signAccessToken, verifyAccessToken, type AccessTokenClaims } from './access-token';
import type { Clock, SessionTokens } from './account-types';
import { loadTokenSigning, type TokenSigning } from './signing-key';

/** Access tokens live 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'authenticated';

/**
 * Makes and reads the gateway's access tokens, with the key and issuer every process sharing the
 * database uses (loaded once, tried again after a failure).
 */
export class TokenIssuer {
  private loaded: Promise<TokenSigning> | undefined;

  /** `defaultIssuer`: the issuer tokens are signed with when the database names none yet. */
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly defaultIssuer: string,
  ) {}

  /** The key and issuer of access tokens, shared through the database by every process. */
  signing(): Promise<TokenSigning> {
    if (!this.loaded) {
      this.loaded = loadTokenSigning(this.dataSource, this.defaultIssuer);
      this.loaded.catch(() => (this.loaded = undefined));
    }
    return this.loaded;
  }

  /** The claims of a genuine access token (expired ones too when `allowExpired`), else null. */
  async read(token: string, { allowExpired }: { allowExpired: boolean }): Promise<AccessTokenClaims | null> {
    const { key, issuer } = await this.signing();
    const check = await verifyAccessToken(token, key, {
      now: Math.floor(this.clock().getTime() / 1000),
      issuer,
      audience: AUDIENCE,
      allowExpired,
    });
    if (!check.ok || !isUuid(check.claims.sub) || !isUuid(check.claims.session_id)) return null;
    return check.claims;
  }

  /** The tokens of a sign-in (`familyId`) with its current refresh token, signed with `signing`. */
  async tokens(
    user: User,
    familyId: string,
    refreshToken: string,
    { key, issuer }: TokenSigning,
  ): Promise<SessionTokens> {
    const iat = Math.floor(this.clock().getTime() / 1000);
    const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
    const claims: AccessTokenClaims = {
      sub: user.id,
      email: user.email,
      ...(user.emailConfirmedAt !== null ? { email_verified: true } : {}),
      session_id: familyId,
      role: 'authenticated',
      aud: AUDIENCE,
      iss: issuer,
      iat,
      exp,
    };
    return {
      access_token: await signAccessToken(claims, key),
      refresh_token: refreshToken,
      expires_at: exp,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      token_type: 'bearer',
    };
  }
}
