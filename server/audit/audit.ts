import type { Db } from '../db/client';
import { insertAuditRow } from './audit.queries';

/** One administrator action as the audit log keeps it. */
export interface AuditEntry {
  /** The administrator (null: the site itself, e.g. an automatic refund). */
  actorId: string | null;
  /** What was done, as `<domain>.<verb>`: 'event.update', 'registration.refund', 'report.decision', … */
  action: string;
  targetType: string;
  targetId: string | number;
  details?: Record<string, unknown>;
}

/**
 * Records an administrator's action in the audit log. Call it with the transaction of the change, so
 * the entry exists exactly when the change does.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAuditRow(db, {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    details: entry.details ?? {},
  });
}

/**
 * Runs an administrator's change and records it in one transaction: the entry is made from the change's
 * result, so it exists exactly when the change does.
 */
export async function audited<T>(
  db: Db,
  run: (tx: Db) => Promise<T>,
  entry: (result: T) => AuditEntry,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await run(tx);
    await recordAudit(tx, entry(result));
    return result;
  });
}
