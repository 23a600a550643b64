import type { AdminEmail } from '@common/schemas/admin-emails';
import type { outboundEmails } from '../db/schema';

type EmailRow = typeof outboundEmails.$inferSelect;

/** An outbox row as administrators read it; the extra headers and the lease stay on the server. */
export function presentAdminEmail(row: EmailRow): AdminEmail {
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    text: row.textBody,
    html: row.htmlBody,
  };
}
