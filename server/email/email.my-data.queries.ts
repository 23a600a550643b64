import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboundEmails } from '../db/schema';

/**
 * Account deletion (server/my-data/): the copies of the e-mails sent to an address go, except those of
 * `keepTemplate` (the confirmation just queued, which is erased once sent).
 */
export async function eraseEmailsTo(tx: Db, email: string, keepTemplate: string): Promise<void> {
  await tx
    .delete(outboundEmails)
    .where(
      and(
        sql`lower(${outboundEmails.recipient}) = lower(${email})`,
        ne(outboundEmails.template, keepTemplate),
      ),
    );
}
