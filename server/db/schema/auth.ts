import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { EMAIL_MAX_LENGTH } from '../../../common/limits';
import { users } from './users';

/** Server-side sessions shared by every instance (sid, sess, expire). */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_expire_idx').on(t.expire),
    // Ending every session of one member (password reset, 'Logga ut överallt').
    index('sessions_user_idx').on(sql`(${t.sess}->>'userId')`),
  ],
);

/**
 * Accounts of the built-in identity provider (e-mail and scrypt password hash). An account can log
 * in only once its owner followed the link sent to the address (`email_verified_at`); only then does
 * the issuer say `email_verified: true`.
 */
export const idpAccounts = pgTable('idp_accounts', {
  id: text('id').primaryKey(),
  email: varchar('email', { length: EMAIL_MAX_LENGTH }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: varchar('first_name', { length: 100 }).notNull(),
  lastName: varchar('last_name', { length: 100 }).notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  /** When the terms and the privacy policy were accepted at sign-up (null: accounts from before). */
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * verify_email: sign-up (or resend) link; reset_password: 'Glömt lösenordet?';
 * change_email: confirms a member's new address; cancel_email_change: sent to the old address.
 */
export const accountTokenKindEnum = pgEnum('account_token_kind', [
  'verify_email',
  'reset_password',
  'change_email',
  'cancel_email_change',
]);

/**
 * Single-use links sent by e-mail. Only the SHA-256 of the token is stored, so a copy of the
 * database gives no usable link. `data` holds what following the link applies (a sign-up's
 * password hash and names, or nothing).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: accountTokenKindEnum('kind').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    accountId: text('account_id').references(() => idpAccounts.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to (for change_email: the new address). */
    email: varchar('email', { length: EMAIL_MAX_LENGTH }).notNull(),
    data: jsonb('data'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_unique').on(t.tokenHash),
    index('account_tokens_account_idx').on(t.accountId, t.kind, t.createdAt),
    index('account_tokens_user_idx').on(t.userId, t.kind, t.createdAt),
    index('account_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Failed password logins per address (known or not, so the limit itself tells nothing about which
 * addresses have accounts). 10 failures within an hour make the address wait.
 */
export const loginThrottle = pgTable('login_throttle', {
  emailKey: varchar('email_key', { length: EMAIL_MAX_LENGTH }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/** WebAuthn credentials (passkeys) of built-in issuer accounts. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: varchar('id', { length: 1400 }).primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    deviceType: varchar('device_type', { length: 20 }),
    backedUp: boolean('backed_up').notNull().default(false),
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_account_idx').on(t.accountId)],
);

/** oidc-provider's storage (sessions, grants, codes, interactions ...), one row per model instance. */
export const idpModels = pgTable(
  'idp_models',
  {
    id: varchar('id', { length: 255 }).notNull(),
    kind: varchar('kind', { length: 50 }).notNull(),
    payload: jsonb('payload').notNull(),
    uid: varchar('uid', { length: 255 }),
    grantId: varchar('grant_id', { length: 255 }),
    userCode: varchar('user_code', { length: 255 }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'idp_models_pk', columns: [t.kind, t.id] }),
    index('idp_models_uid_idx').on(t.uid),
    index('idp_models_grant_idx').on(t.grantId),
    index('idp_models_expires_idx').on(t.expiresAt),
  ],
);

/** Long-lived secrets the server generates once (IdP signing keys, cookie keys). */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
