import { retryAfter } from './ollama-call';

// The attempts themselves (watchdog, retries, stops) are tested through the provider against the
// fake server in ollama-provider.test.ts and map-ollama-error.test.ts.

describe('retryAfter', () => {
  it('reads seconds and HTTP dates, and ignores what it cannot read', () => {
    expect(retryAfter('7')).toBe(7);
    expect(retryAfter(null)).toBeUndefined();
    expect(retryAfter('soon')).toBeUndefined();
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfter(inTenSeconds)).toBeGreaterThanOrEqual(8);
    expect(retryAfter(inTenSeconds)).toBeLessThanOrEqual(10);
    expect(retryAfter(new Date(Date.now() - 60_000).toUTCString())).toBe(0);
  });
});
