import type { AdminEmail } from '@common/schemas/admin-emails';
import type { outboundEmails } from '../db/schema';
import { redactTokens } from '../email/redact';

type EmailRow = typeof outboundEmails.$inferSelect;

/**
 * An outbox row as administrators read it; the extra headers and the lease stay on the server, and
 * every link's one-time code is hidden in the text and the HTML (a reset or confirmation link shown
 * here would let an administrator log in as the member): only the recipient holds a working link.
 */
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
    text: redactTokens(row.textBody),
    html: redactTokens(row.htmlBody),
  };
}
