import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('Stripe configuration', () => {
  it('runs the test payment mode with no Stripe variables', () => {
    const c = loadConfig({});
    expect(c.STRIPE_SECRET_KEY).toBeUndefined();
    expect(c.STRIPE_PUBLISHABLE_KEY).toBeUndefined();
  });

  it('takes the secret and publishable keys of the same mode', () => {
    const test = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' });
    expect(test.STRIPE_PUBLISHABLE_KEY).toBe('pk_test_abc');
    const live = loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' });
    expect(live.STRIPE_PUBLISHABLE_KEY).toBe('pk_live_abc');
  });

  it('wants STRIPE_PUBLISHABLE_KEY with STRIPE_SECRET_KEY', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: set it together with STRIPE_SECRET_KEY/,
    );
  });

  it('refuses a publishable key that is not one, or of the other mode', () => {
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY: is a test key but STRIPE_SECRET_KEY is a live key/);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key/);
  });
});
