import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { idpModels } from '../../db/schema';

/** The built-in issuer's records (oidc-provider's models) in `idp_models`: one kind and id a row. */
export interface IdpModelRow {
  id: string;
  kind: string;
  payload: AdapterPayload;
  uid: string | null;
  grantId: string | null;
  userCode: string | null;
  expiresAt: Date | null;
}

/** Writes a record (new, or replacing the one of this kind and id, no longer consumed). */
export async function upsertIdpModel(db: Db, row: IdpModelRow): Promise<void> {
  await db
    .insert(idpModels)
    .values(row)
    .onConflictDoUpdate({ target: [idpModels.kind, idpModels.id], set: { ...row, consumedAt: null } });
}

/** What a record is looked up by: its id, its interaction's uid or its user code. */
export type IdpModelKey = { id: string } | { uid: string } | { userCode: string };

const keyWhere = (key: IdpModelKey): SQL =>
  'id' in key
    ? eq(idpModels.id, key.id)
    : 'uid' in key
      ? eq(idpModels.uid, key.uid)
      : eq(idpModels.userCode, key.userCode);

/** One record of a kind by a key, with when it was consumed and when it expires; or undefined. */
export async function findIdpModel(db: Db, kind: string, key: IdpModelKey) {
  const rows = await db
    .select({ payload: idpModels.payload, consumedAt: idpModels.consumedAt, expiresAt: idpModels.expiresAt })
    .from(idpModels)
    .where(and(eq(idpModels.kind, kind), keyWhere(key)))
    .limit(1);
  return rows[0];
}

/** Marks a record consumed (a code used once). */
export async function consumeIdpModel(db: Db, kind: string, id: string): Promise<void> {
  await db
    .update(idpModels)
    .set({ consumedAt: new Date() })
    .where(and(eq(idpModels.kind, kind), eq(idpModels.id, id)));
}

/** Deletes one record. */
export async function deleteIdpModel(db: Db, kind: string, id: string): Promise<void> {
  await db.delete(idpModels).where(and(eq(idpModels.kind, kind), eq(idpModels.id, id)));
}

/** Deletes every record of a grant (its tokens and codes). */
export async function deleteIdpModelsOfGrant(db: Db, grantId: string): Promise<void> {
  await db.delete(idpModels).where(eq(idpModels.grantId, grantId));
}

/** Removes expired IdP records. */
export async function pruneIdpModels(db: Db): Promise<void> {
  await db.delete(idpModels).where(lt(idpModels.expiresAt, new Date()));
}

/** Deletes the issuer's own sessions of an account. */
export async function deleteIssuerSessions(db: Db, accountId: string): Promise<void> {
  await db
    .delete(idpModels)
    .where(and(eq(idpModels.kind, 'Session'), sql`(${idpModels.payload}->>'accountId') = ${accountId}`));
}
