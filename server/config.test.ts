import { describe, expect, it } from 'vitest';
import { ConfigError, demoSeeding, loadConfig, paymentsMode } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(5000);
    expect(c.publicUrl).toBe('http://localhost:5000');
    expect(c.builtInIssuer).toBe(true);
    expect(c.NODE_ENV).toBe('production');
    expect(c.demoSeeding).toBe('no');
    expect(c.DATA_DIR).toBe('./data');
  });

  it("renders members' pages on the server unless MEMBER_SERVER_RENDER=false (issue 33)", () => {
    expect(loadConfig({}).memberServerRender).toBe(true);
    expect(loadConfig({ MEMBER_SERVER_RENDER: 'true' }).memberServerRender).toBe(true);
    expect(loadConfig({ MEMBER_SERVER_RENDER: 'false' }).memberServerRender).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'femtusen' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'femtusen' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32/);
    expect(() => loadConfig({ ADMIN_EMAILS: 'a@b.se, nope' })).toThrow(/ADMIN_EMAILS/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('takes SESSION_SECRET as one secret or a comma-separated list, each of 32+ characters (rotation)', () => {
    const a = 'a'.repeat(32);
    const b = 'b'.repeat(40);
    expect(loadConfig({ SESSION_SECRET: a }).SESSION_SECRET).toEqual([a]);
    expect(loadConfig({ SESSION_SECRET: ` ${b}, ${a} ` }).SESSION_SECRET).toEqual([b, a]);
    expect(loadConfig({}).SESSION_SECRET).toBeUndefined();
    expect(() => loadConfig({ SESSION_SECRET: `${b},short` })).toThrow(
      /SESSION_SECRET: must be at least 32 characters each \(secret 2 of 2 is shorter\)/,
    );
    expect(() => loadConfig({ SESSION_SECRET: ',' })).toThrow(
      /SESSION_SECRET: must name at least one secret/,
    );
  });

  it('wants the three OIDC variables together', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://login.example' })).toThrow(/OIDC_ISSUER_URL/);
    const c = loadConfig({
      OIDC_ISSUER_URL: 'https://login.example',
      OIDC_CLIENT_ID: 'a',
      OIDC_CLIENT_SECRET: 'b',
    });
    expect(c.builtInIssuer).toBe(false);
  });

  it('parses ADMIN_EMAILS as a lower-case list', () => {
    expect(loadConfig({ ADMIN_EMAILS: 'Anna@Example.se, bo@example.se' }).ADMIN_EMAILS).toEqual([
      'anna@example.se',
      'bo@example.se',
    ]);
  });

  it('seeds demo data in production only when SEED_DEMO=true is set (and then warns)', () => {
    expect(demoSeeding('production', undefined)).toBe('no');
    expect(demoSeeding('production', false)).toBe('no');
    expect(demoSeeding('production', true)).toBe('warn');
    expect(demoSeeding('development', undefined)).toBe('yes');
    expect(demoSeeding('development', false)).toBe('no');
    expect(demoSeeding('test', undefined)).toBe('yes');
    expect(demoSeeding('test', true)).toBe('yes');
    // Through the environment: unset NODE_ENV is production.
    expect(loadConfig({ SEED_DEMO: 'true' }).demoSeeding).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '' }).demoSeeding).toBe('no');
    expect(loadConfig({ NODE_ENV: 'development' }).demoSeeding).toBe('yes');
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'no' }).demoSeeding).toBe('no');
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('fails payments closed: the test payment mode in production only with PAYMENTS_TEST_MODE=true', () => {
    expect(paymentsMode('production', undefined, undefined)).toBe('off');
    expect(paymentsMode('production', undefined, false)).toBe('off');
    expect(paymentsMode('production', undefined, true)).toBe('test-warn');
    expect(paymentsMode('production', 'sk_live_x', undefined)).toBe('stripe');
    expect(paymentsMode('production', 'sk_test_x', true)).toBe('stripe');
    expect(paymentsMode('development', undefined, undefined)).toBe('test');
    expect(paymentsMode('test', undefined, undefined)).toBe('test');
    expect(paymentsMode('development', undefined, false)).toBe('off');
    // Through the environment: unset NODE_ENV is production.
    expect(loadConfig({}).payments).toBe('off');
    expect(loadConfig({ PAYMENTS_TEST_MODE: 'true' }).payments).toBe('test-warn');
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toBe('test');
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_a',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_a',
        PAYMENTS_TEST_MODE: 'true',
      }).payments,
    ).toBe('stripe');
    expect(() => loadConfig({ PAYMENTS_TEST_MODE: 'kanske' })).toThrow(/PAYMENTS_TEST_MODE/);
  });
});
