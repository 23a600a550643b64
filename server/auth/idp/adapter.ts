import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import {
  consumeIdpModel,
  deleteIdpModel,
  deleteIdpModelsOfGrant,
  findIdpModel,
  type IdpModelKey,
  upsertIdpModel,
} from './idp-models.queries';

// Where the adapter's prune used to live; its users import it from here.
export { pruneIdpModels } from './idp-models.queries';

/** oidc-provider's storage in the `idp_models` table, one class per model kind. */
export function createAdapterClass(db: Db) {
  return class DrizzleAdapter implements Adapter {
    constructor(readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await upsertIdpModel(db, {
        id,
        kind: this.kind,
        payload,
        uid: payload.uid ?? null,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        expiresAt,
      });
    }

    private async findWhere(key: IdpModelKey): Promise<AdapterPayload | undefined> {
      const row = await findIdpModel(db, this.kind, key);
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    // Ids come from requests (codes, tokens, client ids): one with a NUL matches nothing (PostgreSQL would refuse it).
    find(id: string) {
      return id.includes('\u0000') ? Promise.resolve(undefined) : this.findWhere({ id });
    }

    findByUid(uid: string) {
      return uid.includes('\u0000') ? Promise.resolve(undefined) : this.findWhere({ uid });
    }

    findByUserCode(userCode: string) {
      return userCode.includes('\u0000') ? Promise.resolve(undefined) : this.findWhere({ userCode });
    }

    async consume(id: string): Promise<void> {
      await consumeIdpModel(db, this.kind, id);
    }

    async destroy(id: string): Promise<void> {
      await deleteIdpModel(db, this.kind, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deleteIdpModelsOfGrant(db, grantId);
    }
  };
}
