import { escapeHtml } from '@common/html';
import { effectivePreferences, NOTIFICATION_TYPE_LABELS } from '@common/notification-types';
import type { PushPayload } from '@common/schemas/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import { type EmailAttachment, enqueueEmails, type MailSettings, type OutgoingEmail } from '../email/outbox';
import { type RenderedEmail, renderEmail, type TemplateProps } from '../email/templates/index';
import { buildCalendar } from '../events/events.ics';
import { findCalendarEvents } from '../events/events.queries';
import type { Jobs } from '../jobs/jobs';
import type { PushSender } from '../push/push.types';
import { applyDeliveryRule } from './delivery-rules';
import { claimDueNotifications, findRecipients, nextDue } from './fanout.queries';
import { NOTIFICATIONS_CHANNEL, type NotificationRow } from './notifications.create';
import { storedPreferencesOf } from './notifications.queries';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe';

/** pg-boss queue of the fan-out: data `{}`, one waiting job at a time (singleton key). */
export const NOTIFICATION_FANOUT_QUEUE = 'notification-fanout';
/** pg-boss queue of the sweeper (every minute): wakes the fan-out for due rows nobody announced. */
export const NOTIFICATION_SWEEP_QUEUE = 'notification-sweep';

/** What the fan-out needs: where e-mail goes, the unsubscribe key and the push sender. */
export interface FanoutContext {
  db: Db;
  mail: MailSettings;
  unsubscribeKey: string;
  /** The push sender (`app.push`); a getter, as it is decorated after the jobs are registered. */
  push: () => PushSender | undefined;
  log: FastifyBaseLogger;
}

/** One push to send once the claim has committed. */
export interface PendingPush {
  userId: string;
  payload: PushPayload;
}

/** Stand-ins for the parts of a notification e-mail that differ per member (letters only, so no renderer changes them). */
const NAME_MARK = 'SgMemberNameMark7q3';
const TOKEN_MARK = 'SgUnsubscribeTokenMark7q3';

/** Distinct notification texts kept rendered (a notice to many members is fanned out in many batches). */
const RENDERED_TEXTS_MAX = 200;
const renderedTexts = new Map<string, Promise<RenderedEmail>>();

/**
 * Renders notification e-mails, each distinct text once: a notice to 2,000 members of a cancelled trip is
 * one React render, not 2,000, nor one per batch of 50 (rendering dominated the fan-out's CPU and held the
 * event loop and, on PGlite, the one connection, as it happens inside the claiming transaction). The
 * rendered texts are kept across batches, the last RENDERED_TEXTS_MAX of them. The member's first name and
 * unsubscribe link go in afterwards, escaped for HTML.
 */
async function renderNotificationEmail(
  props: TemplateProps['notification'],
  publicUrl: string,
): Promise<RenderedEmail> {
  const tokenAt = props.unsubscribeUrl.lastIndexOf('/') + 1;
  const token = props.unsubscribeUrl.slice(tokenAt);
  const generic = {
    ...props,
    firstName: props.firstName ? NAME_MARK : '',
    unsubscribeUrl: `${props.unsubscribeUrl.slice(0, tokenAt)}${TOKEN_MARK}`,
  };
  const key = JSON.stringify([publicUrl, generic]);
  let rendered = renderedTexts.get(key);
  if (!rendered) {
    rendered = renderEmail('notification', generic, publicUrl);
    renderedTexts.set(key, rendered);
    // A failed render is not kept; the oldest text makes room.
    rendered.catch(() => renderedTexts.delete(key));
    if (renderedTexts.size > RENDERED_TEXTS_MAX)
      renderedTexts.delete(renderedTexts.keys().next().value as string);
  }
  const r = await rendered;
  const fill = (v: string, name: string) => v.replaceAll(NAME_MARK, name).replaceAll(TOKEN_MARK, token);
  return {
    subject: fill(r.subject, props.firstName),
    html: fill(r.html, escapeHtml(props.firstName)),
    text: fill(r.text, props.firstName),
  };
}

/** A notice was deferred (grouping window, "unread after a while") when it waits noticeably past its creation. */
function wasDeferred(row: NotificationRow): boolean {
  return row.deliverAfter.getTime() - row.createdAt.getTime() > 1000;
}

/** The .ics of the notice's event, when its data asks for one (registration_confirmed). */
async function attachmentsFor(
  rows: NotificationRow[],
  tx: Db,
  publicUrl: string,
): Promise<Map<number, EmailAttachment>> {
  const ids = [
    ...new Set(
      rows
        .filter((r) => r.data.ics === true && typeof r.data.eventId === 'number')
        .map((r) => r.data.eventId as number),
    ),
  ];
  const found = await findCalendarEvents(tx, ids);
  return new Map(
    found.map((e) => [
      e.id,
      {
        filename: `singelgolf-event-${e.id}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: buildCalendar([e], { publicUrl }),
      },
    ]),
  );
}

/**
 * Claims up to `limit` due notices and decides their e-mail and push, in one transaction: the claim
 * (`delivered_at = now()` on rows taken with FOR UPDATE SKIP LOCKED, so two workers never take one row),
 * each member's preferences and the type's delivery rule, and the e-mails put in the outbox. Answers
 * how many were claimed and the pushes to send after the commit (never inside the transaction).
 */
export async function fanOutBatch(
  ctx: FanoutContext,
  limit = 50,
): Promise<{ claimed: number; pushes: PendingPush[]; emails: number }> {
  return ctx.db.transaction(async (tx) => {
    const rows = await claimDueNotifications(tx, limit);
    if (rows.length === 0) return { claimed: 0, pushes: [], emails: 0 };
    const userIds = [...new Set(rows.map((r) => r.userId))];
    const people = await findRecipients(tx, userIds);
    const stored = await storedPreferencesOf(tx, userIds);
    const files = await attachmentsFor(rows, tx, ctx.mail.publicUrl);
    const pushes: PendingPush[] = [];
    const outgoing: OutgoingEmail<'notification'>[] = [];
    const base = ctx.mail.publicUrl.replace(/\/$/, '');
    for (const row of rows) {
      const person = people.get(row.userId);
      if (!person) continue;
      // A deferred notice the member has already read in the bell needs no e-mail or push.
      if (row.readAt && wasDeferred(row)) continue;
      const prefs = effectivePreferences(stored.get(row.userId))[row.type];
      if (!prefs.email && !prefs.push) continue;
      const rule = await applyDeliveryRule(tx, row);
      if (prefs.email && rule.email && person.email) {
        const token = unsubscribeToken(ctx.unsubscribeKey, row.userId, row.type);
        const unsubscribe = unsubscribeUrl(base, token);
        const file =
          typeof row.data.eventId === 'number' && row.data.ics === true
            ? files.get(row.data.eventId)
            : undefined;
        const props = {
          firstName: person.firstName ?? '',
          title: row.title,
          body: row.body,
          url: `${base}${row.url.startsWith('/') ? row.url : `/${row.url}`}`,
          typeLabel: NOTIFICATION_TYPE_LABELS[row.type],
          unsubscribeUrl: unsubscribe,
          settingsUrl: `${base}/profile`,
        };
        outgoing.push({
          to: person.email,
          template: 'notification',
          props,
          rendered: await renderNotificationEmail(props, ctx.mail.publicUrl),
          headers: {
            'List-Unsubscribe': `<${unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
          ...(file ? { attachments: [file] } : {}),
        });
      }
      if (prefs.push && rule.push) {
        pushes.push({
          userId: row.userId,
          payload: { id: row.id, title: row.title, body: row.body, url: row.url },
        });
      }
    }
    // One INSERT and one NOTIFY for the batch's e-mails (not two statements per e-mail).
    await enqueueEmails(tx, ctx.mail, outgoing);
    return { claimed: rows.length, pushes, emails: outgoing.length };
  });
}

/** Sends the pushes of a committed batch, a few at a time; a failure is logged, never thrown. */
export async function sendPushes(ctx: FanoutContext, pushes: PendingPush[], parallel = 8): Promise<void> {
  const push = ctx.push();
  if (!push || pushes.length === 0) return;
  let next = 0;
  const lane = async () => {
    while (next < pushes.length) {
      const p = pushes[next++];
      try {
        await push.sendToUser(p.userId, p.payload);
      } catch (err) {
        ctx.log.warn({ err, notificationId: p.payload.id }, 'push of a notification failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, pushes.length) }, lane));
}

/**
 * Fans out every due notice: batch after batch until none is left (or `shouldStop`). Answers how many
 * notices were claimed.
 */
export async function fanOutDue(
  ctx: FanoutContext,
  o: { batchSize?: number; shouldStop?: () => boolean } = {},
): Promise<number> {
  const batchSize = o.batchSize ?? 50;
  let total = 0;
  for (;;) {
    if (o.shouldStop?.()) return total;
    const { claimed, pushes } = await fanOutBatch(ctx, batchSize);
    total += claimed;
    await sendPushes(ctx, pushes);
    if (claimed < batchSize) return total;
    // Let requests waiting for the event loop (and, on PGlite, for the one connection) go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface NotificationJobsOptions extends FanoutContext {
  database: Database;
  batchSize?: number;
}

/**
 * Wires the fan-out to pg-boss when the jobs start: a NOTIFY on `sg_notifications` (sent at commit by
 * createNotifications) queues a fan-out job at once; the worker fans out every due notice; a timer wakes
 * it when the next deferred notice falls due (within ten minutes), and the sweeper (at start, then every
 * minute) catches whatever was missed (restarts, another instance's NOTIFY lost). The claim on the rows
 * decides who delivers, so duplicate jobs or several instances never send a notice twice.
 */
export function registerNotificationJobs(jobs: Jobs, o: NotificationJobsOptions): void {
  jobs.onStart(async () => {
    await jobs.createQueue(NOTIFICATION_FANOUT_QUEUE, {
      policy: 'short',
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 600,
    });
    await jobs.createQueue(NOTIFICATION_SWEEP_QUEUE, {
      policy: 'short',
      retryLimit: 0,
      expireInSeconds: 120,
    });
    let workerId = '';
    let timer: NodeJS.Timeout | null = null;
    let timerAt = Number.POSITIVE_INFINITY;

    const wake = async () => {
      await jobs.send(NOTIFICATION_FANOUT_QUEUE, {}, { singletonKey: 'fanout' });
      jobs.notifyWorker(workerId);
    };
    const wakeAt = (at: Date) => {
      const wait = Math.max(0, at.getTime() - Date.now()) + 50;
      if (wait > 10 * 60_000 || at.getTime() >= timerAt) return;
      if (timer) clearTimeout(timer);
      timerAt = at.getTime();
      timer = setTimeout(() => {
        timer = null;
        timerAt = Number.POSITIVE_INFINITY;
        if (!jobs.stopping)
          wake().catch((err) => o.log.warn({ err }, 'waking the notification fan-out failed'));
      }, wait);
      timer.unref();
    };

    workerId = await jobs.work(NOTIFICATION_FANOUT_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
      const n = await fanOutDue(o, { batchSize: o.batchSize, shouldStop: () => jobs.stopping });
      if (n > 0) o.log.debug({ notifications: n }, 'notifications fanned out');
      const due = await nextDue(o.db);
      if (due) wakeAt(due);
    });
    await jobs.work(NOTIFICATION_SWEEP_QUEUE, { pollingIntervalSeconds: 10 }, wake);
    await jobs.schedule(NOTIFICATION_SWEEP_QUEUE, '* * * * *');

    // Many NOTIFYs arrive together (one per committed change): one wake-up for them.
    let pending: NodeJS.Timeout | null = null;
    const unlisten = await o.database.listen(NOTIFICATIONS_CHANNEL, () => {
      pending ??= setTimeout(() => {
        pending = null;
        wake().catch((err) => o.log.warn({ err }, 'waking the notification fan-out failed'));
      }, 10);
    });
    await wake().catch((err) => o.log.warn({ err }, 'waking the notification fan-out failed'));

    return {
      async beforeStop() {
        await unlisten();
        if (pending) clearTimeout(pending);
        if (timer) clearTimeout(timer);
        pending = null;
        timer = null;
      },
    };
  });
}
