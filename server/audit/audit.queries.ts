import type { auditQuerySchema } from '@common/schemas/audit';
import { and, count, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { auditLog, events, users } from '../db/schema';

const targetUsers = alias(users, 'target_user');
/** The id (text) of the event an entry concerns: its target, or the eventId of its details. */
const eventKey = sql`(case when ${auditLog.targetType} = 'event' then ${auditLog.targetId} else ${auditLog.details} ->> 'eventId' end)`;

type AuditFilters = z.output<typeof auditQuerySchema>;

/**
 * One page of the audit log, newest first, with the actors' names, the target member's name, the title of
 * the event it concerns (the target event, or the event of a registration or ball group in its details),
 * and the total matching.
 */
export async function listAudit(db: Db, q: AuditFilters) {
  const where: SQL[] = [];
  if (q.action) {
    // 'event.' lists every event action; a whole name lists that one.
    const escaped = q.action.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(q.action.endsWith('.') ? like(auditLog.action, `${escaped}%`) : eq(auditLog.action, q.action));
  }
  if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
  if (q.targetType) where.push(eq(auditLog.targetType, q.targetType));
  if (q.targetId) where.push(eq(auditLog.targetId, q.targetId));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actorName: users.fullName,
        actorUsername: users.username,
        targetUserName: targetUsers.fullName,
        targetUsername: targetUsers.username,
        // A deleted event keeps its title in its 'event.delete' entry (audit_log_target_idx finds it).
        eventTitle: sql<string | null>`coalesce(${events.title}, (
          select d.details ->> 'title' from ${auditLog} d
          where d.target_type = 'event' and d.target_id = ${eventKey} and d.action = 'event.delete'
          limit 1))`,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(targetUsers, and(eq(auditLog.targetType, 'user'), eq(targetUsers.id, auditLog.targetId)))
      .leftJoin(events, sql`${events.id}::text = ${eventKey}`)
      .where(filter)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  return { rows, total: Number(n) };
}

/** One row of the audit log, as recordAudit makes it. */
export interface NewAuditRow {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
}

/** Adds a row to the audit log (in the caller's transaction). */
export async function insertAuditRow(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}
