import { z } from 'zod';
import { AUDIT_PAGE_SIZE } from '../limits';
import { pagingFields } from './paging';

const text = (label: string, max: number) =>
  z
    .string({ error: `Ogiltigt värde för ${label}` })
    .max(max, { error: `${label} får vara högst ${max} tecken` })
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined));

/** GET /api/admin/audit: filters (action prefix such as 'event.' or a whole action, actor, target), one page. */
export const auditQuerySchema = z.object({
  action: text('action', 100),
  actorId: text('actorId', 100),
  targetType: text('targetType', 50),
  targetId: text('targetId', 100),
  ...pagingFields(AUDIT_PAGE_SIZE, 200),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** One entry of the audit log as the admin page 'Logg' shows it (the total is in X-Total-Count). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string(),
  /** The target member's name (a 'user' target), or null. */
  targetName: z.string().nullable(),
  /** The title of the event the entry concerns (the target event, or the event of a registration or ball group), or null once deleted. */
  eventTitle: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
