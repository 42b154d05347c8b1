import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AppHook } from '../../data/entities';
import { InputError, NotFoundError, UnauthenticatedError } from '../../errors';
import { isUuid } from '../../ids';
import { seal, unseal } from '../user-secrets/seal';
import { loadSealingKey } from '../user-secrets/sealing-key';
import { HOOK_SECRET_PREFIX, newHookSecret, secretMatches, signatureMatches } from './hook-secret';
import { checkedMapping, type InputMapping } from './input-mapping';
import { ownedApp } from './owned-app';

/** A webhook as its owner lists it: never the secret. */
export interface HookView {
  id: string;
  appId: string;
  name: string;
  /** Where to send calls: POST, JSON body. */
  url: string;
  /** The secret's first characters, to recognise it by. */
  secretPrefix: string;
  mapping: InputMapping;
  createdAt: string;
  rotatedAt: string | null;
  lastCalledAt: string | null;
}

/** A new or rotated webhook, with its secret: shown this once. */
export type HookWithSecret = HookView & { secret: string };

export interface HookChanges {
  name?: unknown;
  mapping?: unknown;
}

/** What a call brought to prove it knows the secret. */
export interface HookCredentials {
  /** X-Blocksmith-Secret. */
  secret?: string | undefined;
  /** X-Blocksmith-Signature: sha256=<hex HMAC-SHA256 of the raw body>. */
  signature?: string | undefined;
  body: Buffer;
}

export const HOOK_NOT_FOUND = 'There is no such webhook.';
export const MAX_HOOKS_PER_APP = 20;
const MAX_NAME = 100;
const SEAL_NAME = 'webhook';

export const MISSING_SECRET_MESSAGE =
  'Send the webhook’s secret in the X-Blocksmith-Secret header, or X-Blocksmith-Signature: sha256=<HMAC-SHA256 of the raw body, in hex, under the secret>.';
export const WRONG_SECRET_MESSAGE =
  'The webhook’s secret or signature does not match. If the secret was rotated, use the new one.';

function checkedName(raw: unknown, fallback?: string): string {
  if (raw === undefined || raw === null) {
    if (fallback !== undefined) return fallback;
    return 'Webhook';
  }
  if (typeof raw !== 'string' || raw.trim() === '' || raw.trim().length > MAX_NAME) {
    throw new InputError(`Give the webhook a name of ${MAX_NAME} characters at most.`, { field: 'name' });
  }
  return raw.trim();
}

/**
 * Apps' webhooks: their owners create them (the secret shown once), list them, change their
 * mapping, rotate the secret (the old one stops working at once: every call reads the row) and
 * delete them. Secrets are sealed under the server's sealing key, bound to the hook's id, because
 * checking an HMAC of a call's body needs the secret itself.
 */
export class HookService {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly deps: {
      dataSource: DataSource;
      /** SECRETS_KEY, when the operator set one; else the key kept in the database. */
      secretsKey?: Buffer | undefined;
      publicUrl: string;
      now?: () => Date;
    },
  ) {}

  async list(userId: string, appId: string): Promise<HookView[]> {
    await ownedApp(this.deps.dataSource, userId, appId);
    const hooks = await this.repository().find({ where: { appId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return hooks.map((hook) => this.view(hook));
  }

  async create(userId: string, appId: string, changes: HookChanges = {}): Promise<HookWithSecret> {
    await ownedApp(this.deps.dataSource, userId, appId);
    const name = checkedName(changes.name);
    const mapping = checkedMapping(changes.mapping);
    if ((await this.repository().countBy({ appId })) >= MAX_HOOKS_PER_APP) {
      throw new InputError(
        `An app has ${MAX_HOOKS_PER_APP} webhooks at most; delete one it no longer needs first.`,
      );
    }
    const id = randomUUID();
    const secret = newHookSecret();
    const hook = this.repository().create({
      id,
      appId,
      name,
      mapping,
      ...(await this.sealed(id, secret)),
      createdAt: this.now(),
      rotatedAt: null,
      lastCalledAt: null,
    });
    await this.repository().save(hook);
    return { ...this.view(hook), secret };
  }

  async update(userId: string, appId: string, hookId: string, changes: HookChanges): Promise<HookView> {
    const hook = await this.owned(userId, appId, hookId);
    if (changes.name !== undefined) hook.name = checkedName(changes.name, hook.name);
    if (changes.mapping !== undefined) hook.mapping = checkedMapping(changes.mapping);
    await this.repository().save(hook);
    return this.view(hook);
  }

  /** A new secret; the old one is refused from this moment, in every process. */
  async rotate(userId: string, appId: string, hookId: string): Promise<HookWithSecret> {
    const hook = await this.owned(userId, appId, hookId);
    const secret = newHookSecret();
    const sealed = await this.sealed(hook.id, secret);
    const rotatedAt = this.now();
    await this.repository().update({ id: hook.id }, { ...sealed, rotatedAt });
    return { ...this.view({ ...hook, ...sealed, rotatedAt }), secret };
  }

  async remove(userId: string, appId: string, hookId: string): Promise<void> {
    const hook = await this.owned(userId, appId, hookId);
    await this.repository().delete({ id: hook.id });
  }

  /** The hook a call names, or not found. */
  async find(hookId: string): Promise<AppHook> {
    const hook = isUuid(hookId) ? await this.repository().findOneBy({ id: hookId }) : null;
    if (!hook) throw new NotFoundError(HOOK_NOT_FOUND);
    return hook;
  }

  /** Refuses a call without the hook's current secret, sent as it is or as an HMAC of the body. */
  async authenticate(hook: AppHook, credentials: HookCredentials): Promise<void> {
    const { secret: sent, signature } = credentials;
    if (!sent && !signature) throw new UnauthenticatedError(MISSING_SECRET_MESSAGE);
    const secret = unseal(await this.sealingKey(), hook.secretSealed, hook.id, SEAL_NAME);
    const matches =
      secret !== null &&
      ((sent !== undefined && sent !== '' && secretMatches(secret, sent)) ||
        (signature !== undefined &&
          signature !== '' &&
          signatureMatches(secret, credentials.body, signature)));
    if (!matches) throw new UnauthenticatedError(WRONG_SECRET_MESSAGE);
  }

  /** Notes the call on the hook (shown to its owner). */
  async called(hookId: string): Promise<void> {
    await this.repository().update({ id: hookId }, { lastCalledAt: this.now() });
  }

  private async owned(userId: string, appId: string, hookId: string): Promise<AppHook> {
    await ownedApp(this.deps.dataSource, userId, appId);
    const hook = isUuid(hookId) ? await this.repository().findOneBy({ id: hookId, appId }) : null;
    if (!hook) throw new NotFoundError(HOOK_NOT_FOUND);
    return hook;
  }

  private async sealed(id: string, secret: string): Promise<Pick<AppHook, 'secretSealed' | 'secretPrefix'>> {
    return {
      secretSealed: seal(await this.sealingKey(), secret, id, SEAL_NAME),
      secretPrefix: secret.slice(0, HOOK_SECRET_PREFIX.length + 4),
    };
  }

  private sealingKey(): Promise<Buffer> {
    this.key ??= loadSealingKey(this.deps.dataSource, this.deps.secretsKey).catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private repository() {
    return this.deps.dataSource.getRepository(AppHook);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private view(hook: AppHook): HookView {
    return {
      id: hook.id,
      appId: hook.appId,
      name: hook.name,
      url: `${this.deps.publicUrl.replace(/\/$/, '')}/api/hooks/${hook.id}`,
      secretPrefix: hook.secretPrefix,
      mapping: hook.mapping,
      createdAt: hook.createdAt.toISOString(),
      rotatedAt: hook.rotatedAt?.toISOString() ?? null,
      lastCalledAt: hook.lastCalledAt?.toISOString() ?? null,
    };
  }
}
