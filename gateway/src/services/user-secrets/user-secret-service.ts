import { MAX_SECRETS_PER_PERSON, secretNameProblem, secretValueProblem } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { UserSecret } from '../../data/entities';
import { InputError, NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import { loadSealingKey } from './sealing-key';
import { seal, unseal } from './seal';

/** A secret as its owner sees it listed: never its value. */
export interface SecretInfo {
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * People's secrets for their blocks (`{{secret.NAME}}` in an HTTP Request header): saved sealed
 * (`seal.ts`), listed by name only, and opened only for a run of one of the owner's apps
 * (`forApp`), whoever runs it.
 */
export class UserSecretService {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly configuredKey: Buffer | undefined,
  ) {}

  private sealingKey(): Promise<Buffer> {
    this.key ??= loadSealingKey(this.dataSource, this.configuredKey).catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  async list(userId: string): Promise<SecretInfo[]> {
    const rows = await this.dataSource.getRepository(UserSecret).find({
      where: { userId },
      order: { name: 'ASC' },
      select: { name: true, createdAt: true, updatedAt: true },
    });
    return rows.map(({ name, createdAt, updatedAt }) => ({ name, createdAt, updatedAt }));
  }

  /** Saves a new secret or replaces one's value; the value is never shown again. */
  async set(userId: string, name: unknown, value: unknown): Promise<SecretInfo> {
    if (typeof name !== 'string') throw new InputError('Give the secret a name.', { field: 'name' });
    const nameProblem = secretNameProblem(name);
    if (nameProblem) throw new InputError(nameProblem, { field: 'name' });
    if (typeof value !== 'string') throw new InputError('Give the secret a value.', { field: 'value' });
    const valueProblem = secretValueProblem(value);
    if (valueProblem) throw new InputError(valueProblem, { field: 'value' });
    const sealed = seal(await this.sealingKey(), value, userId, name);
    // The limit is checked in the writing statement itself (a name already saved may always be
    // replaced); saves of new names in parallel could pass it by those few at most.
    const rows = (await this.dataSource.query(
      `INSERT INTO user_secrets (user_id, name, sealed)
       SELECT $1, $2, $3
        WHERE (SELECT count(*) FROM user_secrets WHERE user_id = $1 AND name <> $2) < $4
       ON CONFLICT (user_id, name) DO UPDATE SET sealed = excluded.sealed, updated_at = now()
       RETURNING name, created_at, updated_at`,
      [userId, name, sealed, MAX_SECRETS_PER_PERSON],
    )) as { name: string; created_at: Date; updated_at: Date }[];
    const [row] = rows;
    if (!row) {
      throw new InputError(
        `You have ${MAX_SECRETS_PER_PERSON} secrets already; delete one you no longer use first.`,
      );
    }
    return { name: row.name, createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at) };
  }

  async delete(userId: string, name: string): Promise<void> {
    const result = await this.dataSource.getRepository(UserSecret).delete({ userId, name });
    if (!result.affected) throw new NotFoundError(`You have no secret named ${name}.`);
  }

  /**
   * Reads the secrets of the owner of app `appId`, for one run's blocks: nothing is read until a
   * block asks, then all the owner's at once. A value that no longer opens (SECRETS_KEY changed
   * since it was saved) fails the block that asked, saying what to do.
   */
  forApp(appId: string): (name: string) => Promise<string | undefined> {
    let owned: Promise<{ owner: string; sealed: Map<string, string> }> | undefined;
    return async (name) => {
      owned ??= this.ownerSecrets(appId);
      const { owner, sealed } = await owned;
      const found = sealed.get(name);
      if (found === undefined) return undefined;
      const value = unseal(await this.sealingKey(), found, owner, name);
      if (value === null) {
        throw new Error(
          `the secret ${name} could not be opened: the server's SECRETS_KEY has changed since it was saved. The app's owner saves it again on the Secrets page.`,
        );
      }
      return value;
    };
  }

  private async ownerSecrets(appId: string): Promise<{ owner: string; sealed: Map<string, string> }> {
    if (!isUuid(appId)) return { owner: '', sealed: new Map() };
    const rows = (await this.dataSource.query(
      `SELECT a.owner_id, s.name, s.sealed
         FROM apps a LEFT JOIN user_secrets s ON s.user_id = a.owner_id
        WHERE a.id = $1`,
      [appId],
    )) as { owner_id: string; name: string | null; sealed: string | null }[];
    const sealed = new Map<string, string>();
    for (const row of rows) if (row.name !== null && row.sealed !== null) sealed.set(row.name, row.sealed);
    return { owner: rows[0]?.owner_id ?? '', sealed };
  }
}
