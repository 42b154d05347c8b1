import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One record of the OAuth authorization server (`src/oauth`): a registered client, a grant, an
 * authorization code, an access or refresh token, an interaction, a session... `kind` is the
 * oidc-provider model's name and `id` its own id (an opaque token's id is the token). The payload
 * is kept as JSON text, not jsonb: a client's metadata may hold any character, U+0000 included.
 */
@Entity('oauth_models')
@Index('oauth_models_grant', ['grantId'], { where: 'grant_id IS NOT NULL' })
@Index('oauth_models_uid', ['uid'], { where: 'uid IS NOT NULL' })
@Index('oauth_models_expiry', ['expiresAt'], { where: 'expires_at IS NOT NULL' })
export class OAuthModel {
  @PrimaryColumn('text') kind!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text') payload!: string;
  @Column('text', { name: 'grant_id', nullable: true }) grantId!: string | null;
  @Column('text', { nullable: true }) uid!: string | null;
  @Column('text', { name: 'user_code', nullable: true }) userCode!: string | null;
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt!: Date | null;
  @Column('timestamptz', { name: 'consumed_at', nullable: true }) consumedAt!: Date | null;
}
