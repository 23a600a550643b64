import { index, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Server-side sessions shared by every instance (sid, sess, expire). */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);

/** Accounts of the built-in identity provider (e-mail and scrypt password hash). */
export const idpAccounts = pgTable('idp_accounts', {
  id: text('id').primaryKey(),
  email: varchar('email', { length: 320 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: varchar('first_name', { length: 100 }).notNull(),
  lastName: varchar('last_name', { length: 100 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
