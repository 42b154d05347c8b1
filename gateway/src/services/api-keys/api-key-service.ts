import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { entitlementMessage, isPlanId, PLANS, type PlanId } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { ApiKey, User } from '../../data/entities';
import type { RateLimiter } from '../../data/rate-limiter';
import { ForbiddenError, InputError, NotFoundError, RateLimitedError } from '../../errors';
import { isUuid } from '../../ids';

/** Every key starts with this, so a key is told apart from a session token at a glance. */
export const API_KEY_PREFIX = 'bsk_';
/** Runs one key may start per window, across every process. */
export const API_KEY_RUNS_PER_MINUTE = 60;
const WINDOW_MS = 60_000;
const MAX_NAME = 100;
const MAX_KEYS = 50;
/** last_used_at is written at most this often per key, not on every request. */
const LAST_USED_PRECISION_MS = 60_000;

/** A key as its owner lists it: never the secret. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Whose key a request came with. */
export interface ApiKeyCaller {
  userId: string;
  keyId: string;
  /** An admin suspended the key's owner: the key runs nothing until the account is unsuspended. */
  suspended?: boolean;
  /**
   * The owner's plan when the key was used: a plan without API keys (a downgrade since the key was
   * made) runs nothing with it (`checkEntitled`).
   */
  plan?: PlanId;
}

/**
 * Refuses a key whose owner's plan no longer includes API keys, with the plan's own message: the
 * entitlement is checked each time a key is used, not only when it is made.
 */
export function checkEntitled(caller: ApiKeyCaller): void {
  const plan = caller.plan ?? 'free';
  if (!PLANS[plan].apiKeys) throw new ForbiddenError(entitlementMessage(plan, 'apiKeys'));
}

function hash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function view(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * API keys: people on plans that include them create named keys (shown once, kept as SHA-256:
 * the keys are 32 random bytes, so a slow hash adds nothing), list and revoke them. A key only
 * runs apps, charged to its owner, within API_KEY_RUNS_PER_MINUTE.
 */
export class ApiKeyService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly limiter: RateLimiter,
    private readonly now: () => number = Date.now,
  ) {}

  async create(userId: string, name: unknown): Promise<ApiKeyView & { key: string }> {
    if (typeof name !== 'string' || name.trim() === '')
      throw new InputError('Give the key a name.', { field: 'name' });
    if (name.trim().length > MAX_NAME) {
      throw new InputError(`The key's name must be at most ${MAX_NAME} characters.`, { field: 'name' });
    }
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw new NotFoundError('There is no such user.');
    const plan = isPlanId(user.plan) ? user.plan : 'free';
    if (!PLANS[plan].apiKeys) throw new ForbiddenError(entitlementMessage(plan, 'apiKeys'));
    const keys = this.dataSource.getRepository(ApiKey);
    if ((await keys.countBy({ userId })) >= MAX_KEYS) {
      throw new InputError(`You have ${MAX_KEYS} keys already; revoke one you no longer use first.`);
    }
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const record = keys.create({
      id: randomUUID(),
      userId,
      name: name.trim(),
      prefix: key.slice(0, API_KEY_PREFIX.length + 6),
      keyHash: hash(key),
      createdAt: new Date(this.now()),
      lastUsedAt: null,
    });
    await keys.insert(record);
    return { ...view(record), key };
  }

  async list(userId: string): Promise<ApiKeyView[]> {
    const keys = await this.dataSource
      .getRepository(ApiKey)
      .find({ where: { userId }, order: { createdAt: 'DESC' } });
    return keys.map(view);
  }

  /** Revokes one of the person's keys: it stops working at once, in every process. */
  async revoke(userId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError('There is no such key.');
    const result = await this.dataSource.getRepository(ApiKey).delete({ id, userId });
    if (!result.affected) throw new NotFoundError('There is no such key.');
  }

  /** The key's owner, or null for anything that is not a live key. */
  async authenticate(token: string): Promise<ApiKeyCaller | null> {
    if (!token.startsWith(API_KEY_PREFIX) || token.length > 200) return null;
    const key = await this.dataSource
      .getRepository(ApiKey)
      .findOne({ where: { keyHash: hash(token) }, relations: { user: true } });
    if (!key) return null;
    // The owner's row comes with the key: their plan is known without another query.
    const plan = key.user && isPlanId(key.user.plan) ? key.user.plan : 'free';
    if (key.user?.suspendedAt) return { userId: key.userId, keyId: key.id, plan, suspended: true };
    const now = this.now();
    if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
      await this.dataSource.getRepository(ApiKey).update({ id: key.id }, { lastUsedAt: new Date(now) });
    }
    return { userId: key.userId, keyId: key.id, plan };
  }

  /** Counts one run against the key; refuses past its limit with the seconds to wait. */
  async consumeRun(caller: ApiKeyCaller): Promise<void> {
    const outcome = await this.limiter.consume(`api-key:${caller.keyId}`, API_KEY_RUNS_PER_MINUTE, WINDOW_MS);
    if (!outcome.allowed) {
      throw new RateLimitedError(
        `This key has started ${API_KEY_RUNS_PER_MINUTE} runs in the last minute; try again in ${outcome.retryAfterSeconds} seconds.`,
        { retryAfterSeconds: outcome.retryAfterSeconds },
      );
    }
  }
}
