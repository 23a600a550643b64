import { randomUUID } from 'node:crypto';
import { EMAIL_MAX_LENGTH } from '@common/limits';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { ValidationError } from '../errors';
import { insertEmails, type NewOutboundEmail, notifyOutbox } from './outbox.queries';
import { type RenderedEmail, renderEmail, type TemplateName, type TemplateProps } from './templates/index';

/** How e-mail leaves this server: the sender, the site's address for links, and capture mode. */
export interface MailSettings {
  /** The From header (config.mailFrom). */
  from: string;
  /** PUBLIC_URL without a trailing slash: every link in an e-mail is under it. */
  publicUrl: string;
  /** True without SMTP_URL: e-mails stay in the outbox as `captured` and are logged, never sent. */
  capture: boolean;
  log: FastifyBaseLogger;
}

/** The NOTIFY channel that wakes the sender when queued e-mails are committed (payload: their ids, comma-separated). */
export const OUTBOX_CHANNEL = 'sg_outbox';

export interface OutgoingEmail<K extends TemplateName> {
  to: string;
  template: K;
  props: TemplateProps[K];
  /** Extra headers (e.g. List-Unsubscribe for notification e-mails); never the structural ones. */
  headers?: Record<string, string>;
  /** Files sent with the e-mail (e.g. an event's .ics), content as text. */
  attachments?: EmailAttachment[];
  /**
   * The e-mail already rendered from `template` and `props` (a caller that sends one text to many
   * renders it once, see server/notifications/notifications.jobs.ts); else it is rendered here.
   */
  rendered?: RenderedEmail;
}

/** A file attached to an e-mail: its content as text (calendar files and the like). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

const addressSchema = z.email().max(EMAIL_MAX_LENGTH);

/** Headers a caller may not set: the sender decides them, and setting them twice would be an injection. */
const reservedHeaders = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'sender',
  'reply-to',
  'return-path',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
]);

/** Refuses anything that could add a recipient or a header: CR/LF, several addresses, odd header names. */
export function checkOutgoing(to: string, headers: Record<string, string> | undefined): void {
  if (/[\r\n]/.test(to) || !addressSchema.safeParse(to).success) {
    throw new ValidationError('Ogiltig e-postadress');
  }
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,76}$/.test(name) || reservedHeaders.has(name.toLowerCase())) {
      throw new Error(`e-mail header not allowed: ${JSON.stringify(name)}`);
    }
    if (typeof value !== 'string' || /[\r\n\0]/.test(value) || value.length > 2000) {
      throw new Error(`e-mail header ${name} has a value that is not allowed`);
    }
  }
}

/** Every http(s) link in a text, in order, each once. */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  // A sentence's full stop or comma right after a link is not part of it.
  return [...new Set(found.map((link) => link.replace(/[.,;:!?]+$/, '')))];
}

/**
 * Puts one e-mail in the outbox, inside the caller's transaction (`db` may be a transaction), so
 * the e-mail exists exactly when the change that causes it is committed. Without SMTP the row is
 * `captured` and logged with its links; else it is `queued` and a NOTIFY (delivered at commit)
 * wakes the sender. Answers the outbox id.
 */
export async function enqueueEmail<K extends TemplateName>(
  db: Db,
  mail: MailSettings,
  msg: OutgoingEmail<K>,
): Promise<string> {
  const [id] = await enqueueEmails(db, mail, [msg]);
  return id;
}

/** Ids per NOTIFY on OUTBOX_CHANNEL (comma-separated, 37 bytes each: well under the 8,000-byte limit). */
const IDS_PER_NOTIFY = 100;

/**
 * Like enqueueEmail for many e-mails at once (the notification fan-out's batch): every e-mail is
 * checked before any is written, then one INSERT and one NOTIFY (the ids, comma-separated) per
 * hundred. Answers the outbox ids in the order given.
 */
export async function enqueueEmails<K extends TemplateName>(
  db: Db,
  mail: MailSettings,
  msgs: OutgoingEmail<K>[],
): Promise<string[]> {
  if (msgs.length === 0) return [];
  const status = mail.capture ? 'captured' : 'queued';
  const rows: NewOutboundEmail[] = [];
  for (const msg of msgs) {
    // CR/LF anywhere (even at the end, where trimming would hide it) means someone tried to add a header.
    if (/[\r\n]/.test(msg.to)) throw new ValidationError('Ogiltig e-postadress');
    const to = msg.to.trim();
    checkOutgoing(to, msg.headers);
    const { subject, html, text } =
      msg.rendered ?? (await renderEmail(msg.template, msg.props, mail.publicUrl));
    rows.push({
      id: randomUUID(),
      recipient: to,
      subject,
      template: msg.template,
      textBody: text,
      htmlBody: html,
      headers: msg.headers && Object.keys(msg.headers).length > 0 ? JSON.stringify(msg.headers) : null,
      attachments: msg.attachments && msg.attachments.length > 0 ? msg.attachments : null,
      status,
    });
  }
  await insertEmails(db, rows);
  const ids = rows.map((r) => r.id as string);
  if (mail.capture) {
    // The operator's console is the one place that shows a captured e-mail's working links (a fresh
    // machine's sign-up link): 'E-post' on /admin/email shows them with their codes hidden.
    for (const r of rows) {
      mail.log.info(
        {
          emailId: r.id,
          to: r.recipient,
          subject: r.subject,
          template: r.template,
          links: linksIn(r.textBody),
        },
        'e-mail captured (no SMTP_URL): its links are here; /admin/email shows it with the codes hidden',
      );
    }
  } else {
    const payloads: string[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY)
      payloads.push(ids.slice(i, i + IDS_PER_NOTIFY).join(','));
    await notifyOutbox(db, OUTBOX_CHANNEL, payloads);
  }
  return ids;
}
