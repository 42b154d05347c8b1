import {
  AI_PROVIDERS,
  AI_PROVIDER_IDS,
  aiKeyProblem,
  aiUrlProblem,
  isAiProviderId,
  type AiProviderId,
  type AiProviderSource,
} from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AiProviderSetting } from '../../data/entities';
import { ConflictError, ForbiddenError, InputError } from '../../errors';
import { createProvider, type ModelRouter } from '../../providers/ai';
import type { Env } from '../../providers/ai/env-values';
import type { AdminCaller } from '../admin/admin-accounts-service';
import { loadSealingKey } from '../user-secrets/sealing-key';
import { seal, unseal } from '../user-secrets/seal';
import { aiSettingsWith, providerUses, type PageSetting } from './page-settings';

/** One provider as the admin page shows it: never its key, only whether one is set. */
export interface AiProviderView {
  provider: AiProviderId;
  label: string;
  /** The server uses it (from the environment or the page). */
  configured: boolean;
  source: AiProviderSource;
  baseUrl: string | null;
  keySet: boolean;
  /** The models the server has from it now. */
  modelCount: number;
  /** Why its last listing failed (a refused key, an address nobody answers at), or why its saved key cannot be used. */
  problem: string | null;
  /** Configured and listed without a problem. */
  working: boolean;
  /** With source `page`: who saved it last and when. */
  updatedAt: Date | null;
  updatedBy: string | null;
  keyVariable: string;
  urlVariable: string;
}

export interface AiProviderServiceDeps {
  dataSource: DataSource;
  /** The server's AI, switched in place when the settings change. */
  router: ModelRouter;
  /** The environment's AI variables, which page settings override provider by provider. */
  env: Env;
  /** SECRETS_KEY, as people's secrets use it. */
  secretsKey: Buffer | undefined;
  log?: (line: string) => void;
}

/** What the sealed key is bound to, besides the provider's id (so a sealed key moved elsewhere does not open). */
const SEALED_FOR = 'ai-provider';
const ONLY_ADMINS = 'Only admins may set up AI providers.';

/**
 * The AI providers admins set up on the admin page: each saved provider's key (sealed as people's
 * secrets are) and address replace the environment's for that provider, and the server's AI
 * (the same `ModelRouter` every service holds) is rebuilt at once. `apply()` reads the saved
 * settings again: at start-up, and every few seconds where processes share PostgreSQL.
 */
export class AiProviderService {
  private key: Promise<Buffer> | undefined;
  /** The settings the router was last built from (`''`: the environment's alone). */
  private appliedFingerprint = '';
  /** Providers whose saved key did not open, with why. */
  private unopened = new Map<AiProviderId, string>();
  private applying: Promise<void> = Promise.resolve();
  private watcher: NodeJS.Timeout | undefined;

  constructor(private readonly deps: AiProviderServiceDeps) {}

  /** Every provider, in the order the server prefers them. */
  async list(caller: AdminCaller): Promise<AiProviderView[]> {
    onlyAdmins(caller);
    const rows = await this.rows();
    await this.apply(rows);
    // The providers' first listing (or the one a change began) says whether each one works.
    await this.deps.router.catalogue.ready();
    return this.views(rows);
  }

  /**
   * Saves `provider`'s key and address (an empty key keeps the one saved before; an empty address
   * is the vendor's own), rebuilds the server's AI and lists the provider's models, so the answer
   * says at once whether the vendor took the key.
   */
  async set(
    caller: AdminCaller,
    provider: unknown,
    apiKey: unknown,
    baseUrl: unknown,
  ): Promise<AiProviderView> {
    onlyAdmins(caller);
    const id = providerId(provider);
    const { label, keyOptional, urlRequired, urlExample } = AI_PROVIDERS[id];
    const key = optionalText(apiKey, 'apiKey');
    const url = optionalText(baseUrl, 'baseUrl');
    if (key !== null) {
      const problem = aiKeyProblem(id, key);
      if (problem) throw new InputError(problem, { field: 'apiKey' });
    }
    if (url !== null) {
      const problem = aiUrlProblem(id, url);
      if (problem) throw new InputError(problem, { field: 'baseUrl' });
    } else if (urlRequired) {
      throw new InputError(`Give ${label}'s address, such as ${urlExample}.`, { field: 'baseUrl' });
    }
    const rows = await this.rows();
    const saved = rows.find((row) => row.provider === id);
    const sealingKey = await this.sealingKey();
    // The page never shows the key: saving without one keeps the key saved before.
    const keptKey =
      key === null && saved?.sealedKey ? unseal(sealingKey, saved.sealedKey, SEALED_FOR, id) : null;
    if (key === null && !keyOptional && keptKey === null) {
      throw new InputError(`Paste ${label}'s API key.`, { field: 'apiKey' });
    }
    const setting: PageSetting = { provider: id, apiKey: key ?? keptKey, baseUrl: url };
    try {
      aiSettingsWith(this.deps.env, [...(await this.opened(rows)).filter((s) => s.provider !== id), setting]);
    } catch (error) {
      throw new InputError((error as Error).message, { field: 'baseUrl' });
    }
    await this.deps.dataSource
      .createQueryBuilder()
      .insert()
      .into(AiProviderSetting)
      .values({
        provider: id,
        sealedKey: setting.apiKey === null ? null : seal(sealingKey, setting.apiKey, SEALED_FOR, id),
        baseUrl: url,
        updatedBy: caller.userId,
        updatedByEmail: caller.email,
        updatedAt: () => 'now()',
      })
      .orUpdate(['sealed_key', 'base_url', 'updated_by', 'updated_by_email', 'updated_at'], ['provider'])
      .execute();
    this.deps.log?.(`AI providers: ${caller.email} saved ${label}'s settings on the admin page.`);
    return this.after(id);
  }

  /** Forgets `provider`'s page settings: the environment's apply again (or none). */
  async clear(caller: AdminCaller, provider: unknown): Promise<AiProviderView> {
    onlyAdmins(caller);
    const id = providerId(provider);
    const { label, keyVariable } = AI_PROVIDERS[id];
    const result = await this.deps.dataSource.getRepository(AiProviderSetting).delete({ provider: id });
    if (!result.affected) {
      throw new ConflictError(
        `${label} has no settings saved on this page; it is set in the server's environment (${keyVariable}) or not at all.`,
      );
    }
    this.deps.log?.(`AI providers: ${caller.email} cleared ${label}'s settings on the admin page.`);
    return this.after(id);
  }

  /**
   * Rebuilds the server's AI when the saved settings differ from those it was built from (saved
   * by another process, say); resolves once they are applied, without waiting for the listings.
   */
  async apply(rows?: AiProviderSetting[]): Promise<void> {
    const current = rows ?? (await this.rows());
    const next = this.applying.then(() => this.applyNow(current));
    this.applying = next.catch(() => undefined);
    return next;
  }

  /** Reads the saved settings again every `intervalMs` (processes sharing PostgreSQL see each other's saves). */
  watch(intervalMs: number): void {
    this.stop();
    this.watcher = setInterval(() => {
      this.apply().catch((error: unknown) =>
        this.deps.log?.(`AI providers: the saved settings could not be read: ${(error as Error).message}`),
      );
    }, intervalMs);
    this.watcher.unref();
  }

  stop(): void {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = undefined;
  }

  private async applyNow(rows: AiProviderSetting[]): Promise<void> {
    const fingerprint = rows
      .map((row) => [row.provider, row.sealedKey ?? '', row.baseUrl ?? ''].join('\u0000'))
      .join('\u0001');
    if (fingerprint === this.appliedFingerprint) return;
    const opened = await this.opened(rows);
    let settings;
    try {
      settings = aiSettingsWith(this.deps.env, opened);
    } catch (error) {
      // Saved settings the environment's other variables no longer agree with: the environment's alone.
      this.deps.log?.(`AI providers: the saved settings are not used: ${(error as Error).message}`);
      settings = aiSettingsWith(this.deps.env, []);
    }
    this.appliedFingerprint = fingerprint;
    void this.deps.router.reconfigure(createProvider(settings).catalogue.options);
  }

  /** Applies the settings just saved and waits for the providers' lists, then shows `id`. */
  private async after(id: AiProviderId): Promise<AiProviderView> {
    const rows = await this.rows();
    await this.apply(rows);
    await this.deps.router.catalogue.ready();
    return (await this.views(rows)).find((view) => view.provider === id)!;
  }

  private async views(rows: AiProviderSetting[]): Promise<AiProviderView[]> {
    const opened = await this.opened(rows);
    const fromEnv = providerUses(aiSettingsWith(this.deps.env, []));
    let uses;
    try {
      uses = providerUses(aiSettingsWith(this.deps.env, opened));
    } catch {
      uses = fromEnv;
    }
    const { catalogue } = this.deps.router;
    const models = catalogue.list();
    const problems = catalogue.problems();
    return AI_PROVIDER_IDS.map((id) => {
      const row = rows.find((r) => r.provider === id);
      const use = uses[id];
      const problem = this.unopened.get(id) ?? problems.find((p) => p.provider === id)?.message ?? null;
      const modelCount = models.filter((m) => m.provider === id).length;
      return {
        provider: id,
        label: AI_PROVIDERS[id].label,
        configured: use.configured,
        source: row ? 'page' : fromEnv[id].configured ? 'env' : 'none',
        baseUrl: use.baseUrl,
        keySet: use.keySet,
        modelCount,
        problem: use.configured ? problem : (this.unopened.get(id) ?? null),
        working: use.configured && problem === null,
        updatedAt: row ? new Date(row.updatedAt) : null,
        updatedBy: row ? row.updatedByEmail : null,
        keyVariable: AI_PROVIDERS[id].keyVariable,
        urlVariable: AI_PROVIDERS[id].urlVariable,
      };
    });
  }

  /** The saved settings with their keys opened; a key that no longer opens is left out, saying why. */
  private async opened(rows: AiProviderSetting[]): Promise<PageSetting[]> {
    const sealingKey = rows.some((row) => row.sealedKey !== null) ? await this.sealingKey() : undefined;
    this.unopened = new Map();
    return rows.map((row) => {
      let apiKey: string | null = null;
      if (row.sealedKey !== null && sealingKey) {
        apiKey = unseal(sealingKey, row.sealedKey, SEALED_FOR, row.provider);
        if (apiKey === null) {
          this.unopened.set(
            row.provider,
            `The saved API key could not be opened: the server's SECRETS_KEY has changed since it was saved. Save the key again.`,
          );
        }
      }
      return { provider: row.provider, apiKey, baseUrl: row.baseUrl };
    });
  }

  private rows(): Promise<AiProviderSetting[]> {
    return this.deps.dataSource.getRepository(AiProviderSetting).find({ order: { provider: 'ASC' } });
  }

  private sealingKey(): Promise<Buffer> {
    this.key ??= loadSealingKey(this.deps.dataSource, this.deps.secretsKey).catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }
}

function onlyAdmins(caller: AdminCaller): void {
  if (!caller.isAdmin) throw new ForbiddenError(ONLY_ADMINS);
}

function providerId(value: unknown): AiProviderId {
  if (isAiProviderId(value)) return value;
  throw new InputError(`provider must be one of ${AI_PROVIDER_IDS.join(', ')}.`, { field: 'provider' });
}

/** A text argument trimmed, empty or absent as null. */
function optionalText(value: unknown, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new InputError(`${field} must be text.`, { field });
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
