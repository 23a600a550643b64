import type { EmailStatus } from '@common/schemas/admin-emails';
import { and, count, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboundEmails } from '../db/schema';

export interface AdminEmailsParams {
  status?: EmailStatus;
  recipient?: string;
  limit: number;
  offset: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(p: AdminEmailsParams): SQL | undefined {
  const where: SQL[] = [];
  if (p.status) where.push(eq(outboundEmails.status, p.status));
  // lower(recipient) is indexed for exact look-ups; a part of an address is a scan of the (small) outbox.
  if (p.recipient)
    where.push(like(sql`lower(${outboundEmails.recipient})`, `%${likeEscape(p.recipient.toLowerCase())}%`));
  return where.length ? and(...where) : undefined;
}

/** One page of the outbox, newest first, and the number of e-mails matching the filters. */
export async function listAdminEmails(db: Db, p: AdminEmailsParams) {
  const where = filters(p);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboundEmails)
      .where(where)
      .orderBy(desc(outboundEmails.createdAt), desc(outboundEmails.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(outboundEmails).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
