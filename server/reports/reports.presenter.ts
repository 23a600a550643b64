import { displayName, type NameFields } from '@common/rules/display-name';
import type { AdminReport } from '@common/schemas/reports';
import type { ReportListRow } from './reports.queries';
import type { ReportSnapshot } from './reports.targets';

type NameColumns = Omit<NameFields, 'id'> & { id: string | null };

const nameOf = (u: NameColumns) => displayName({ ...u, id: u.id ?? undefined });
const person = (u: NameColumns | null) => (u?.id ? { id: u.id, name: nameOf(u) } : null);

/** A report for the moderators' queue: the fields of adminReportSchema, nothing else. */
export function presentAdminReport(row: ReportListRow): AdminReport {
  const r = row.report;
  const s = (r.snapshot ?? {}) as ReportSnapshot;
  return {
    id: r.id,
    targetType: r.targetType,
    targetId: r.targetId,
    reason: r.reason,
    details: r.details,
    reporter: person(row.reporter),
    targetUser: row.target?.id
      ? { id: row.target.id, name: nameOf(row.target), suspended: !!row.target.suspendedAt }
      : null,
    snapshot: {
      ...(typeof s.text === 'string' ? { text: s.text } : {}),
      ...(typeof s.name === 'string' ? { name: s.name } : {}),
      ...(typeof s.imageId === 'string' ? { imageId: s.imageId } : {}),
      ...(typeof s.eventTitle === 'string' ? { eventTitle: s.eventTitle } : {}),
      ...(typeof s.sentAt === 'string' ? { sentAt: s.sentAt } : {}),
      ...(Array.isArray(s.samples) ? { samples: s.samples.filter((x) => typeof x === 'string') } : {}),
    },
    contentRemoved: !!row.contentRemoved,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedBy: person(row.decider),
    action: r.action,
    statement: r.statement,
  };
}
