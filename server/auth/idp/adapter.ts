import { and, eq, lt } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { idpModels } from '../../db/schema';

/** oidc-provider's storage in the `idp_models` table, one class per model kind. */
export function createAdapterClass(db: Db) {
  return class DrizzleAdapter implements Adapter {
    constructor(readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        id,
        kind: this.kind,
        payload,
        uid: payload.uid ?? null,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        expiresAt,
      };
      await db
        .insert(idpModels)
        .values(row)
        .onConflictDoUpdate({ target: [idpModels.kind, idpModels.id], set: { ...row, consumedAt: null } });
    }

    private async findWhere(where: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
      const rows = await db
        .select({
          payload: idpModels.payload,
          consumedAt: idpModels.consumedAt,
          expiresAt: idpModels.expiresAt,
        })
        .from(idpModels)
        .where(and(eq(idpModels.kind, this.kind), where))
        .limit(1);
      const row = rows[0];
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    // Ids come from requests (codes, tokens, client ids): one with a NUL matches nothing (PostgreSQL would refuse it).
    find(id: string) {
      return id.includes('\u0000') ? Promise.resolve(undefined) : this.findWhere(eq(idpModels.id, id));
    }

    findByUid(uid: string) {
      return uid.includes('\u0000') ? Promise.resolve(undefined) : this.findWhere(eq(idpModels.uid, uid));
    }

    findByUserCode(userCode: string) {
      return userCode.includes('\u0000')
        ? Promise.resolve(undefined)
        : this.findWhere(eq(idpModels.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(idpModels)
        .set({ consumedAt: new Date() })
        .where(and(eq(idpModels.kind, this.kind), eq(idpModels.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(idpModels).where(and(eq(idpModels.kind, this.kind), eq(idpModels.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(idpModels).where(eq(idpModels.grantId, grantId));
    }
  };
}

/** Removes expired IdP records. */
export async function pruneIdpModels(db: Db): Promise<void> {
  await db.delete(idpModels).where(lt(idpModels.expiresAt, new Date()));
}
