import { formatStockholmLongDate } from '@common/time';
import type { FastifyBaseLogger } from 'fastify';
import '../auth/auth.events';
import { eraseIssuerAccount, eraseLoginWaitsOf, eraseUserTokens } from '../auth/auth.my-data.queries';
import { builtInAccountId } from '../auth/builtin-account';
import { endUserSessions } from '../auth/sessions';
import { anonymiseUser, findUserById, lockUserById } from '../auth/users.queries';
import type { BillingProvider } from '../billing/billing.provider';
import { eraseMemberBlocks } from '../blocks/blocks.queries';
import { eraseMemberCalendarFeed } from '../calendar-feed/calendar-feed.my-data.queries';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { eraseEmailsTo } from '../email/email.my-data.queries';
import { enqueueEmail, type MailSettings } from '../email/outbox';
import { ConflictError, NotFoundError } from '../errors';
import { eraseMemberPhotos } from '../event-photos/event-photos.service';
import { eraseMemberUploads } from '../images/images.my-data.queries';
import { eraseMemberNotices, renameInNotices } from '../notifications/notifications.my-data.queries';
import { eraseMemberPushSubscriptions } from '../push/push.my-data.queries';
import { eraseMemberPresence } from '../realtime/presence.my-data.queries';
import { eraseMemberRegistrationDetails } from '../registrations/registrations.my-data.queries';
import { renameInReportCopies } from '../reports/reports.queries';

/** How a deleted member is shown wherever they took part (messages, group chats, past participant lists). */
export const DELETED_MEMBER_FIRST = 'Borttagen';
export const DELETED_MEMBER_LAST = 'medlem';
const DELETED_NAME = `${DELETED_MEMBER_FIRST} ${DELETED_MEMBER_LAST}`;

export interface DeletionResult {
  endedPro: boolean;
}

/**
 * Deletes a member's account (GDPR Art. 17), keeping only what bookkeeping requires:
 * 1. a live Pro subscription is ended at once with the provider (no further payment);
 * 2. in one transaction: the confirmation e-mail is queued (its address is erased once it is sent,
 *    `ERASED_WHEN_SENT`), then the profile, address, names, pictures, trip photos, dietary data, notes, Golf-ID,
 *    notices, preferences, push subscriptions, calendar feed, blocks, presence, newsletter, earlier
 *    e-mails, the login (issuer account, passkeys, issuer sessions, links) and the site sessions are
 *    erased; the member's name in other members' notices and in report copies becomes 'Borttagen
 *    medlem'. The user row stays (payments, registrations and messages refer to it), anonymised as
 *    'Borttagen medlem' with `deletedAt` set, so every presenter shows that name and the directory
 *    and profile leave it out.
 */
export async function deleteAccount(
  db: Db,
  deps: { mail: MailSettings; billing: BillingProvider; log: FastifyBaseLogger },
  userId: string,
  now = new Date(),
): Promise<DeletionResult> {
  const before = await findUserById(db, userId);
  if (!before || before.deletedAt) throw new NotFoundError('Kontot finns inte');

  let endedPro = false;
  if (before.stripeSubscriptionId && before.subscriptionStatus && before.subscriptionStatus !== 'canceled') {
    // With no transaction open: a provider that cannot be reached leaves the account as it was.
    await deps.billing.cancelNow(before.stripeSubscriptionId);
    endedPro = true;
  }

  await db.transaction(async (tx) => {
    const user = await lockUserById(tx, userId);
    if (!user || user.deletedAt) throw new ConflictError('Kontot är redan borttaget');
    const names = [user.fullName, [user.firstName, user.lastName].filter(Boolean).join(' ')].filter(
      (n): n is string => Boolean(n && n.trim().length > 2),
    );

    if (user.email) {
      await enqueueEmail(tx, deps.mail, {
        to: user.email,
        template: 'account-deleted',
        props: {
          firstName: user.firstName ?? '',
          date: formatStockholmLongDate(now),
          endedPro,
        },
      });
      // Earlier e-mails to the address: their copies go (the confirmation just queued stays until sent).
      await eraseEmailsTo(tx, user.email, 'account-deleted');
      await eraseLoginWaitsOf(tx, user.email);
    }

    // The login: the built-in issuer's account (its passkeys and tokens go with it), its sessions and grants.
    const accountId = builtInAccountId(user);
    if (accountId) await eraseIssuerAccount(tx, accountId);
    await eraseUserTokens(tx, userId);

    // Trip photos the member added to events (issue 30), then the pictures the member uploaded (their
    // avatars); event pictures stay with their events.
    await eraseMemberPhotos(tx, userId);
    await eraseMemberUploads(tx, userId);

    // Registrations stay for the events' and payments' records, without the member's own words; each
    // domain erases what is its own, in this one transaction.
    await eraseMemberRegistrationDetails(tx, userId);
    await eraseMemberNotices(tx, userId);
    await eraseMemberPushSubscriptions(tx, userId);
    await eraseMemberCalendarFeed(tx, userId);
    await eraseMemberPresence(tx, userId);
    await eraseMemberBlocks(tx, userId);
    // The newsletter and feedback (server/feedback/, subscribed).
    await publish(tx, 'account.deleted', { userId, email: user.email });

    // Where others' records name the member: their notices and the moderators' copies of reported content.
    for (const name of names) {
      await renameInNotices(tx, name, DELETED_NAME);
      await renameInReportCopies(tx, name, DELETED_NAME);
    }

    await anonymiseUser(tx, userId, {
      firstName: DELETED_MEMBER_FIRST,
      lastName: DELETED_MEMBER_LAST,
      subscriptionStatus: endedPro ? 'canceled' : user.subscriptionStatus,
      now,
    });
    // Last: the sessions end (and their sockets close) when this transaction commits.
    await endUserSessions(tx, userId);
  });
  deps.log.info({ userId, endedPro }, 'account deleted');
  return { endedPro };
}
