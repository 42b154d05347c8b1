import { ConfigError, loadConfig } from './config';

describe('DEFAULT_PLAN', () => {
  it('is free when unset or empty', () => {
    expect(loadConfig({}).defaultPlan).toBe('free');
    expect(loadConfig({ DEFAULT_PLAN: '' }).defaultPlan).toBe('free');
  });

  it('takes free, starter or enterprise, whatever their case and spaces', () => {
    expect(loadConfig({ DEFAULT_PLAN: 'starter' }).defaultPlan).toBe('starter');
    expect(loadConfig({ DEFAULT_PLAN: ' Enterprise ' }).defaultPlan).toBe('enterprise');
    expect(loadConfig({ DEFAULT_PLAN: 'free' }).defaultPlan).toBe('free');
  });

  it('refuses any other value, naming the allowed ones', () => {
    expect(() => loadConfig({ DEFAULT_PLAN: 'pro' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEFAULT_PLAN: 'pro' })).toThrow(
      'DEFAULT_PLAN must be free, starter or enterprise (got "pro").',
    );
  });

  it('may only be free where Stripe is configured, since people buy their plan there', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', DEFAULT_PLAN: 'free' }).defaultPlan).toBe('free');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }).defaultPlan).toBe('free');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', DEFAULT_PLAN: 'starter' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', DEFAULT_PLAN: 'starter' })).toThrow(
      /DEFAULT_PLAN=starter cannot be used with STRIPE_SECRET_KEY.*unset DEFAULT_PLAN/i,
    );
  });
});
