import { TransactionRollbackError } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs `work` in a savepoint of `tx` and keeps what it wrote only when it answers true; otherwise the
 * savepoint is rolled back (its NOTIFYs dropped too) and the transaction goes on.
 */
export async function inSavepointKeptIf(tx: Db, work: (sp: Db) => Promise<boolean>): Promise<void> {
  try {
    await tx.transaction(async (sp) => {
      if (!(await work(sp))) sp.rollback();
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError)) throw err;
  }
}
