/**
 * Libraries a server needs only for what an operator configured, loaded the first time they are
 * used rather than with the server: a server (or a test) without Stripe, Firebase, SMTP, PostgreSQL,
 * Anthropic or OpenAI never loads theirs. Loading Stripe, Firebase's admin SDK, nodemailer and
 * pg-boss at every start took about 0.15 s of CPU; zxcvbn's dictionaries, needed only when someone
 * chooses a password, another 0.2-0.35 s. Types come from `import type`, which costs
 * nothing at run time. (Gemini's SDK loads the same way through providers/ai/gemini/gemini-sdk.ts.)
 */
import type * as AnthropicModule from '@anthropic-ai/sdk';
import type * as FirebaseAppModule from 'firebase-admin/app';
import type * as FirebaseAuthModule from 'firebase-admin/auth';
import type * as NodemailerModule from 'nodemailer';
import type * as OpenAiModule from 'openai';
import type PgBoss from 'pg-boss';
import type Stripe from 'stripe';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import type * as ZxcvbnEnglish from '@zxcvbn-ts/language-en';

export function anthropicSdk(): typeof AnthropicModule {
  return require('@anthropic-ai/sdk') as typeof AnthropicModule;
}

export function openAiSdk(): typeof OpenAiModule {
  return require('openai') as typeof OpenAiModule;
}

/** Stripe's constructor (its package exports it as the module). */
export function stripeSdk(): typeof Stripe {
  return require('stripe') as typeof Stripe;
}

/** A Stripe client for the secret key: Stripe's API, or a Stripe-compatible one at `apiUrl` (tests). */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const api = apiUrl ? new URL(apiUrl) : null;
  return new (stripeSdk())(secretKey, {
    telemetry: false,
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** pg-boss's class (its package exports it as the module). */
export function pgBoss(): typeof PgBoss {
  return require('pg-boss') as typeof PgBoss;
}

export function nodemailer(): typeof NodemailerModule {
  return require('nodemailer') as typeof NodemailerModule;
}

export function firebaseAdmin(): { app: typeof FirebaseAppModule; auth: typeof FirebaseAuthModule } {
  return {
    app: require('firebase-admin/app') as typeof FirebaseAppModule,
    auth: require('firebase-admin/auth') as typeof FirebaseAuthModule,
  };
}

/** zxcvbn and its common-password and English dictionaries (about 7 MB of words). */
export function zxcvbn(): {
  core: typeof ZxcvbnCore;
  common: typeof ZxcvbnCommon;
  english: typeof ZxcvbnEnglish;
} {
  return {
    core: require('@zxcvbn-ts/core') as typeof ZxcvbnCore,
    common: require('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon,
    english: require('@zxcvbn-ts/language-en') as typeof ZxcvbnEnglish,
  };
}
