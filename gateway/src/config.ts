import path from 'node:path';
import { PLAN_IDS, isPlanId, type PlanId } from '@blocksmith/schema';
import { parseTrustedProxies } from './client-address';
import { aiSettingsFrom, type AiSettings } from './providers/ai/create-provider';
import { aiVariables } from './providers/ai/ai-variables';

/** Server configuration, read once from the environment. Everything is optional. */
export interface GatewayConfig {
  port: number;
  /** Embedded database, uploads and generated secrets live here. */
  dataDir: string;
  /** Unset: the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /** Where people reach the product; CORS is limited to it. */
  publicUrl: string;
  adminEmails: ReadonlySet<string>;
  authProvider: 'local' | 'firebase';
  /** With AUTH_PROVIDER=firebase: the Firebase project whose ID tokens are accepted. */
  firebaseProjectId: string | undefined;
  /** The Firebase web app's public API key and auth domain, for Google sign-in in the browser. */
  firebaseWebApiKey: string | undefined;
  firebaseAuthDomain: string | undefined;
  /**
   * With AUTH_PROVIDER=firebase and FIREBASE_AUTH_EMULATOR_HOST (host:port): the Firebase Auth
   * emulator's address. firebase-admin reads the variable itself; the browser is told the URL.
   */
  firebaseAuthEmulatorUrl: string | undefined;
  /** Where the built workbench is served from, when it exists. */
  workbenchDir: string;
  /**
   * Runs one process executes at once from its own requests, and as many from the shared queue
   * (with DATABASE_URL; 0 there makes a process that serves people but leaves executing to the
   * others); also blocks running at once within one run.
   */
  runConcurrency: number;
  /**
   * A run still going after this long is stopped, failed and refunded; with DATABASE_URL a queued
   * run whose process went silent this long is taken to be lost, and ended and refunded.
   */
  runTimeoutSeconds: number;
  /** Where sales enquiries are mailed: SALES_EMAIL, else the first admin; null keeps them in the database only. */
  salesEmail: string | null;
  /** smtp:// or smtps:// URL; unset keeps mail in the outbox table and prints it to the log. */
  smtpUrl: string | undefined;
  /** The From address of the product's mail. */
  mailFrom: string | undefined;
  /** Stripe secret key; unset: upgrades are not offered. */
  stripeSecretKey: string | undefined;
  /** Another Stripe-compatible API (stripe-mock, tests): http(s)://host:port. */
  stripeApiUrl: string | undefined;
  /** STRIPE_WEBHOOK_SECRET: verifies payment events; unset, the webhook applies nothing. */
  stripeWebhookSecret: string | undefined;
  /**
   * DEFAULT_PLAN: the plan every account has where no payment system is configured (new accounts
   * start on it, accounts below it are raised to it at start-up, unless an admin chose their
   * plan). Always free with STRIPE_SECRET_KEY.
   */
  defaultPlan: PlanId;
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, loopback,
   * linklocal, uniquelocal); empty: the connection's address is the client's.
   */
  trustedProxies: readonly string[];
  /** How often each process looks for scheduled work (plan expiry, monthly credits), in ms. */
  scheduleIntervalMs: number;
  /** RUN_RETENTION_DAYS: runs (their steps and kept output files too) are deleted this many days after they ended. */
  runRetentionDays: number;
  /**
   * TEST_GATE_MIN_CASES and TEST_GATE_MIN_PASS_RATE: submitting an app for review needs a test set
   * of at least that many cases passing at that percentage or more (default 0 and 0: no minimum).
   */
  testGate?: { minCases: number; minPassRate: number };
  /**
   * SECRETS_KEY: the key people's secrets are sealed with (32 bytes); unset, one is generated and
   * kept in the database.
   */
  secretsKey: Buffer | undefined;
  /**
   * BLOCK_PACKAGES: installed npm packages (names, or paths to package folders) loaded as block
   * packages although their package.json lacks the `blocksmith-block` keyword.
   */
  blockPackages: readonly string[];
  /** The AI provider: OPENAI_* variables (an OpenAI-compatible server), else the offline provider. */
  ai: AiSettings;
  /** The environment's AI variables, read again with the AI providers page's settings over them. */
  aiEnv: Readonly<Record<string, string | undefined>>;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function integer(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const port = integer(env, 'PORT', 4000, 0, 65535);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://.');
  }
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.');
  const authProvider = env.AUTH_PROVIDER || 'local';
  if (authProvider !== 'local' && authProvider !== 'firebase') {
    throw new ConfigError(`AUTH_PROVIDER must be local or firebase (got "${authProvider}").`);
  }
  const firebaseProjectId = (env.FIREBASE_PROJECT_ID || env.GOOGLE_CLOUD_PROJECT || '').trim() || undefined;
  if (authProvider === 'firebase' && !firebaseProjectId) {
    throw new ConfigError(
      'AUTH_PROVIDER=firebase needs FIREBASE_PROJECT_ID: the id of the Firebase project whose sign-ins to accept.',
    );
  }
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const adminEmails = new Set(
    (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    databaseUrl,
    publicUrl,
    adminEmails,
    authProvider,
    firebaseProjectId,
    firebaseWebApiKey: env.FIREBASE_API_KEY?.trim() || undefined,
    firebaseAuthDomain:
      env.FIREBASE_AUTH_DOMAIN?.trim() ||
      (firebaseProjectId ? `${firebaseProjectId}.firebaseapp.com` : undefined),
    firebaseAuthEmulatorUrl: authEmulatorUrl(env.FIREBASE_AUTH_EMULATOR_HOST),
    workbenchDir: path.resolve(env.WORKBENCH_DIR || path.join(__dirname, '..', '..', 'workbench', 'dist')),
    runConcurrency: integer(env, 'RUN_CONCURRENCY', 16, databaseUrl ? 0 : 1, 64),
    runTimeoutSeconds: integer(env, 'RUN_TIMEOUT_SECONDS', 900, 2, 6 * 3600),
    salesEmail: env.SALES_EMAIL?.trim() || [...adminEmails][0] || null,
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY?.trim() || undefined,
    stripeApiUrl: env.STRIPE_API_URL?.trim() || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
    defaultPlan: defaultPlan(env.DEFAULT_PLAN, Boolean(env.STRIPE_SECRET_KEY?.trim())),
    trustedProxies: trustedProxies(env.TRUST_PROXY),
    scheduleIntervalMs: integer(env, 'SCHEDULE_INTERVAL_MS', 15 * 60_000, 1_000, 24 * 3_600_000),
    runRetentionDays: integer(env, 'RUN_RETENTION_DAYS', 30, 1, 3650),
    testGate: {
      minCases: integer(env, 'TEST_GATE_MIN_CASES', 0, 0, 500),
      minPassRate: integer(env, 'TEST_GATE_MIN_PASS_RATE', 0, 0, 100),
    },
    secretsKey: parseSealingKey(env.SECRETS_KEY),
    ai: aiSettings(env),
    aiEnv: aiVariables(env),
    blockPackages: (env.BLOCK_PACKAGES ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  };
}

/**
 * DEFAULT_PLAN: free, starter or enterprise (free when unset). With Stripe configured people buy
 * Starter and admins grant plans per account, so only free is accepted there.
 */
function defaultPlan(value: string | undefined, stripeConfigured: boolean): PlanId {
  const plan = value?.trim().toLowerCase() || 'free';
  if (!isPlanId(plan)) {
    throw new ConfigError(
      `DEFAULT_PLAN must be ${PLAN_IDS.join(', ').replace(/, (\w+)$/, ' or $1')} (got "${value}").`,
    );
  }
  if (stripeConfigured && plan !== 'free') {
    throw new ConfigError(
      `DEFAULT_PLAN=${plan} cannot be used with STRIPE_SECRET_KEY: where Stripe is configured people buy ` +
        'Starter and admins set plans per account (/admin/users), so every account starts on Free. ' +
        'Unset DEFAULT_PLAN (or set it to free), or unset STRIPE_SECRET_KEY.',
    );
  }
  return plan;
}

function aiSettings(env: Record<string, string | undefined>): AiSettings {
  try {
    return aiSettingsFrom(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/** SECRETS_KEY: 32 bytes as 64 hex digits or base64; anything else is refused at start-up. */
export function parseSealingKey(value: string | undefined): Buffer | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) {
    throw new ConfigError(
      'SECRETS_KEY must be 32 bytes, written as 64 hex digits or in base64 (e.g. the output of `openssl rand -hex 32`).',
    );
  }
  return key;
}

function trustedProxies(value: string | undefined): string[] {
  try {
    return parseTrustedProxies(value);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/** `http://host:port` for FIREBASE_AUTH_EMULATOR_HOST (host:port, as firebase-admin reads it). */
function authEmulatorUrl(host: string | undefined): string | undefined {
  const value = host
    ?.trim()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
  if (!value) return undefined;
  if (!/^[\w.-]+:\d+$/.test(value) && !/^\[[\da-f:]+\]:\d+$/i.test(value)) {
    throw new ConfigError(`FIREBASE_AUTH_EMULATOR_HOST must be host:port (got "${host}").`);
  }
  return `http://${value}`;
}
