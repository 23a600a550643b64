import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reports } from '../db/schema';

/** The site's own open spam report of a member (no reporter, not yet decided), if any. */
export async function findOpenSpamFlag(db: Db, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        isNull(reports.reporterId),
        eq(reports.targetType, 'user'),
        eq(reports.targetId, userId),
        eq(reports.reason, 'spam'),
        isNull(reports.decidedAt),
      ),
    )
    .limit(1);
  return row?.id;
}
