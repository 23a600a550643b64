import type { ReportAction, ReportReason, ReportTarget } from '@common/options';
import { and, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { reports, users } from '../db/schema';
import type { ReportSnapshot } from './reports.targets';

export type ReportRow = typeof reports.$inferSelect;

export interface NewReport {
  reporterId: string | null;
  targetType: ReportTarget;
  targetId: string;
  targetUserId: string | null;
  reason: ReportReason;
  details: string | null;
  snapshot: ReportSnapshot;
}

/** The ids of the things of one type a member has reported (open or decided): hidden from them at once. */
export async function listReportedTargetIds(
  db: Db,
  reporterId: string,
  targetType: ReportTarget,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: reports.targetId })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.targetType, targetType)));
  return rows.map((r) => r.id);
}

/** Stores a report; answers its id. */
export async function insertReport(db: Db, values: NewReport): Promise<number> {
  const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
  return row.id;
}

/** The reporter's open report of the same thing, if any (a second one adds nothing to the queue). */
export async function findOpenReportBy(
  db: Db,
  reporterId: string,
  targetType: ReportTarget,
  targetId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, targetType),
        eq(reports.targetId, targetId),
        isNull(reports.decidedAt),
      ),
    )
    .limit(1);
  return row?.id;
}

/** How many reports the member has made since `since`. */
export async function countReportsSince(db: Db, reporterId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** One report with its row locked until the transaction ends (a decision is made once). */
export async function lockReport(tx: Db, id: number): Promise<ReportRow | undefined> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).limit(1).for('update');
  return row;
}

export interface Decision {
  decidedBy: string;
  action: ReportAction;
  statement: string;
}

/** Records the decision on a report. */
export async function markDecided(tx: Db, id: number, d: Decision): Promise<void> {
  await tx
    .update(reports)
    .set({ decidedAt: sql`now()`, decidedBy: d.decidedBy, action: d.action, statement: d.statement })
    .where(eq(reports.id, id));
}

const reporters = alias(users, 'reporter');
const targets = alias(users, 'target_user');
const deciders = alias(users, 'decider');
const nameColumns = (u: typeof reporters | typeof targets | typeof deciders) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  fullName: u.fullName,
  username: u.username,
});

export interface ReportListParams {
  status: 'open' | 'decided' | 'all';
  limit: number;
  offset: number;
}

/**
 * The moderators' queue: open reports first, oldest first (the longest waiting on top), then decided
 * ones, newest decision first; with the names of reporter, member concerned and moderator.
 */
export async function listReports(db: Db, p: ReportListParams) {
  const where =
    p.status === 'open'
      ? isNull(reports.decidedAt)
      : p.status === 'decided'
        ? isNotNull(reports.decidedAt)
        : undefined;
  const rows = await db
    .select({
      report: reports,
      reporter: nameColumns(reporters),
      target: { ...nameColumns(targets), suspendedAt: targets.suspendedAt },
      decider: nameColumns(deciders),
      contentRemoved: sql<boolean>`case
        when ${reports.targetType} in ('message', 'group_message') then exists (
          select 1 from messages m where m.id::text = ${reports.targetId} and m.removed_at is not null)
        when ${reports.targetType} = 'image' then exists (
          select 1 from images i where i.id::text = ${reports.targetId} and i.removed_at is not null)
        when ${reports.targetType} = 'photo' then not exists (
          select 1 from event_photos p where p.id::text = ${reports.targetId} and p.removed_at is null)
        else false end`,
    })
    .from(reports)
    .leftJoin(reporters, eq(reporters.id, reports.reporterId))
    .leftJoin(targets, eq(targets.id, reports.targetUserId))
    .leftJoin(deciders, eq(deciders.id, reports.decidedBy))
    .where(where)
    .orderBy(
      sql`(${reports.decidedAt} is not null)`,
      sql`case when ${reports.decidedAt} is null then ${reports.createdAt} end asc`,
      desc(reports.decidedAt),
      desc(reports.id),
    )
    .limit(p.limit)
    .offset(p.offset);
  const [totals] = await db
    .select({
      total: where ? sql<number>`count(*) filter (where ${where})` : count(),
      open: sql<number>`count(*) filter (where ${reports.decidedAt} is null)`,
    })
    .from(reports);
  return { rows, total: Number(totals?.total ?? 0), open: Number(totals?.open ?? 0) };
}

export type ReportListRow = Awaited<ReturnType<typeof listReports>>['rows'][number];

/** Account deletion: a deleted member's name in the moderators' copies of reported content becomes `replacement`. */
export async function renameInReportCopies(tx: Db, name: string, replacement: string): Promise<void> {
  await tx
    .update(reports)
    .set({ snapshot: sql`replace(${reports.snapshot}::text, ${name}, ${replacement})::jsonb` })
    .where(sql`${reports.snapshot}::text like ${`%${name}%`}`);
}
