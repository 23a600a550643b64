import { EMAIL_MAX_LENGTH } from '@common/limits';

import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => ['true', '1', 'yes'].includes(v));
const emails = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

/** Every environment variable the server reads; README's configuration table mirrors this. */
const envSchema = z
  .object({
    /** Unset counts as production: the safe choice for a server nobody configured (no demo data). */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    TRUST_PROXY: bool.default(false),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * One secret, or a comma-separated list when rotating: the first signs new cookies, every one still
     * verifies (so a replaced secret can stay a while without logging anyone out).
     */
    SESSION_SECRET: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((secret) => secret.trim())
          .filter(Boolean),
      )
      .superRefine((secrets, ctx) => {
        if (secrets.length === 0) ctx.addIssue({ code: 'custom', message: 'must name at least one secret' });
        const short = secrets.findIndex((secret) => secret.length < 32);
        if (short >= 0) {
          ctx.addIssue({
            code: 'custom',
            message:
              secrets.length === 1
                ? 'must be at least 32 characters'
                : `must be at least 32 characters each (secret ${short + 1} of ${secrets.length} is shorter)`,
          });
        }
      })
      .optional(),
    SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    OIDC_ISSUER_URL: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    ADMIN_EMAILS: emails.default([]),
    /** Unset: demo data outside production only (see `demoSeeding`). */
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    SMTP_URL: z
      .url()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).max(EMAIL_MAX_LENGTH).optional(),
    /** Where members appeal a moderation decision (named in the statement of reasons). */
    MODERATION_EMAIL: z.email().max(EMAIL_MAX_LENGTH).optional(),
    /** The sender's first retry waits this long; each further one four times longer (capped at 6 hours). */
    EMAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
    /** After this many failed attempts an e-mail is given up as `failed`. */
    EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
    /** A direct message's (or group chat digest's) e-mail/push waits this long (read meanwhile: none). */
    NOTIFY_MESSAGE_DELAY_SECONDS: z.coerce.number().min(0).max(3600).default(120),
    /**
     * The built-in test payment mode (any card number but the declined one pays) without Stripe keys:
     * on by default outside production; in production only with true (and the server warns).
     */
    PAYMENTS_TEST_MODE: bool.optional(),
    /**
     * A logged-in member's pages rendered by the server with their first data (issue 33); on unless `false`.
     * A tap before the page has hydrated reaches its control (e2e/early-taps.spec.ts).
     */
    MEMBER_SERVER_RENDER: bool.optional(),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
    STRIPE_PRICE_ID: z.string().startsWith('price_').optional(),
    STRIPE_API_HOST: z.string().optional(),
    STRIPE_API_PORT: z.coerce.number().int().optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
    /** The bearer token a Prometheus scraper sends to GET /metrics; unset, /metrics answers 404 (issue 32). */
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').max(500).optional(),
  })
  .superRefine((v, ctx) => {
    const oidc = [v.OIDC_ISSUER_URL, v.OIDC_CLIENT_ID, v.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc !== 0 && oidc !== 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message: 'set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none of them',
      });
    }
    // The Payment Element on /subscribe loads Stripe.js with the publishable key of the same account and mode.
    if (v.STRIPE_SECRET_KEY && !v.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'set it together with STRIPE_SECRET_KEY (the payment form on /subscribe needs it)',
      });
    }
    const keyMode = (key: string | undefined) => key?.match(/^[a-z]+_(test|live)_/)?.[1];
    const secretMode = keyMode(v.STRIPE_SECRET_KEY);
    const publishableMode = keyMode(v.STRIPE_PUBLISHABLE_KEY);
    if (secretMode && publishableMode && secretMode !== publishableMode) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: `is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key (use both from the same mode)`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** The validated configuration the app runs with. */
export interface Config extends Env {
  publicUrl: string;
  /** True when no external issuer is configured and the built-in one runs under /idp. */
  builtInIssuer: boolean;
  /** The sender of every e-mail: MAIL_FROM, else `Singelgolf <noreply@{host of PUBLIC_URL}>`. */
  mailFrom: string;
  /** Where members appeal moderation decisions: MODERATION_EMAIL, else `moderering@{host of PUBLIC_URL}`. */
  moderationEmail: string;
  /** Whether an empty database gets the demo community, and whether that needs a warning. */
  demoSeeding: DemoSeeding;
  /** Who takes payments (Pro, event fees): Stripe, the built-in test mode, or nobody. */
  payments: PaymentsMode;
  /** Members' pages rendered by the server (issue 33; MEMBER_SERVER_RENDER=false turns it off). */
  memberServerRender: boolean;
}

/** Seed demo data on an empty database? `warn`: yes, in production (its logins are public). */
export type DemoSeeding = 'no' | 'yes' | 'warn';

/**
 * Demo data is never seeded in production unless asked for: with NODE_ENV=production only an
 * explicit SEED_DEMO=true seeds (and the server warns); elsewhere SEED_DEMO defaults to true.
 */
export function demoSeeding(nodeEnv: Env['NODE_ENV'], seedDemo: boolean | undefined): DemoSeeding {
  if (nodeEnv === 'production') return seedDemo === true ? 'warn' : 'no';
  return (seedDemo ?? true) ? 'yes' : 'no';
}

/** Stripe with its keys; `test` the built-in test payment mode (`test-warn`: in production, with a warning); `off`: none (503). */
export type PaymentsMode = 'stripe' | 'test' | 'test-warn' | 'off';

/**
 * Payments fail closed: without a Stripe key the test payment mode (which grants Pro for a test card)
 * runs in production only with PAYMENTS_TEST_MODE=true; elsewhere it is on unless set to false.
 */
export function paymentsMode(
  nodeEnv: Env['NODE_ENV'],
  stripeSecretKey: string | undefined,
  testMode: boolean | undefined,
): PaymentsMode {
  if (stripeSecretKey) return 'stripe';
  if (nodeEnv === 'production') return testMode === true ? 'test-warn' : 'off';
  return testMode === false ? 'off' : 'test';
}

export class ConfigError extends Error {}

/**
 * Reads and validates the environment once. A wrong value throws a
 * ConfigError whose message names the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const v = parsed.data;
  const publicUrl = (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/$/, '');
  const mailFrom = v.MAIL_FROM ?? `Singelgolf <noreply@${new URL(publicUrl).hostname}>`;
  return {
    ...v,
    publicUrl,
    builtInIssuer: !v.OIDC_ISSUER_URL,
    mailFrom,
    moderationEmail: v.MODERATION_EMAIL ?? `moderering@${new URL(publicUrl).hostname}`,
    demoSeeding: demoSeeding(v.NODE_ENV, v.SEED_DEMO),
    payments: paymentsMode(v.NODE_ENV, v.STRIPE_SECRET_KEY, v.PAYMENTS_TEST_MODE),
    memberServerRender: v.MEMBER_SERVER_RENDER !== false,
  };
}
