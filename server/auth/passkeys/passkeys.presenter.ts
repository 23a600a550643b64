import type { Passkey } from '@common/schemas/account';
import type { PasskeyRow } from './passkeys.queries';

/** A passkey as its owner sees it: never the public key, counter or account. */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
