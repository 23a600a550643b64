import { z } from 'zod';
import { ADMIN_EMAILS_PAGE_MAX, ADMIN_EMAILS_PAGE_SIZE, EMAIL_MAX_LENGTH } from '../limits';
import { pagingFields } from './paging';

/** The outbox statuses (server/db/schema/email.ts), in the order an e-mail passes them. */
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'captured'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** GET /api/admin/emails: optional status and recipient (part of the address, any case), one page. */
export const adminEmailsQuerySchema = z.object({
  status: z.enum(EMAIL_STATUSES, { error: 'Ogiltig status' }).optional(),
  recipient: z
    .string({ error: 'Ogiltig mottagare' })
    .max(EMAIL_MAX_LENGTH, { error: `Mottagaren får vara högst ${EMAIL_MAX_LENGTH} tecken` })
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  ...pagingFields(ADMIN_EMAILS_PAGE_SIZE, ADMIN_EMAILS_PAGE_MAX),
});
export type AdminEmailsQuery = z.input<typeof adminEmailsQuerySchema>;

/** One e-mail of the outbox as administrators read it (the total of all pages is in X-Total-Count). */
export const adminEmailSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When a queued e-mail is tried next. */
  nextAttemptAt: z.string().nullable(),
  text: z.string(),
  html: z.string(),
});
export type AdminEmail = z.infer<typeof adminEmailSchema>;
