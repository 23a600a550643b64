import { formatStockholmLongDate } from '@common/time';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { builtInAccountId } from '../auth/builtin-account';
import { endUserSessions } from '../auth/sessions';
import type { BillingProvider } from '../billing/billing.provider';
import type { Db } from '../db/client';
import {
  accountTokens,
  calendarFeeds,
  eventNotifications,
  eventRegistrations,
  feedback,
  idpAccounts,
  idpModels,
  images,
  loginThrottle,
  newsletterSubscribers,
  notificationPreferences,
  notifications,
  outboundEmails,
  passkeys,
  pushSubscriptions,
  reports,
  userBlocks,
  userPresence,
  users,
} from '../db/schema';
import { enqueueEmail, type MailSettings } from '../email/outbox';
import { ConflictError, NotFoundError } from '../errors';

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
 *    `ERASED_WHEN_SENT`), then the profile, address, names, pictures, dietary data, notes, Golf-ID,
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
  const [before] = await db.select().from(users).where(eq(users.id, userId));
  if (!before || before.deletedAt) throw new NotFoundError('Kontot finns inte');

  let endedPro = false;
  if (before.stripeSubscriptionId && before.subscriptionStatus && before.subscriptionStatus !== 'canceled') {
    // With no transaction open: a provider that cannot be reached leaves the account as it was.
    await deps.billing.cancelNow(before.stripeSubscriptionId);
    endedPro = true;
  }

  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
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
      await tx
        .delete(outboundEmails)
        .where(
          and(
            sql`lower(${outboundEmails.recipient}) = lower(${user.email})`,
            ne(outboundEmails.template, 'account-deleted'),
          ),
        );
      await tx
        .delete(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = lower(${user.email})`);
      await tx.delete(loginThrottle).where(sql`lower(${loginThrottle.emailKey}) = lower(${user.email})`);
    }

    // The login: the built-in issuer's account (its passkeys and tokens go with it), its sessions and grants.
    const accountId = builtInAccountId(user);
    if (accountId) {
      await tx.delete(idpModels).where(sql`(${idpModels.payload}->>'accountId') = ${accountId}`);
      await tx.delete(passkeys).where(eq(passkeys.accountId, accountId));
      await tx.delete(accountTokens).where(eq(accountTokens.accountId, accountId));
      await tx.delete(idpAccounts).where(eq(idpAccounts.id, accountId));
    }
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));

    // Pictures the member uploaded (their avatars); event pictures stay with their events.
    await tx.delete(images).where(and(eq(images.uploadedBy, userId), ne(images.entityType, 'event')));
    await tx.update(images).set({ uploadedBy: null }).where(eq(images.uploadedBy, userId));

    // Registrations stay for the events' and payments' records, without the member's own words.
    await tx
      .update(eventRegistrations)
      .set({ dietaryPreferences: null, dietaryConsentAt: null, notes: null, golfId: null })
      .where(eq(eventRegistrations.userId, userId));

    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(eventNotifications).where(eq(eventNotifications.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    await tx.delete(userPresence).where(eq(userPresence.userId, userId));
    await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
    await tx.update(feedback).set({ userId: null }).where(eq(feedback.userId, userId));

    // Where others' records name the member: their notices and the moderators' copies of reported content.
    for (const name of names) {
      await tx
        .update(notifications)
        .set({
          title: sql`replace(${notifications.title}, ${name}, ${DELETED_NAME})`,
          body: sql`replace(${notifications.body}, ${name}, ${DELETED_NAME})`,
        })
        .where(
          or(sql`${notifications.title} like ${`%${name}%`}`, sql`${notifications.body} like ${`%${name}%`}`),
        );
      await tx
        .update(reports)
        .set({ snapshot: sql`replace(${reports.snapshot}::text, ${name}, ${DELETED_NAME})::jsonb` })
        .where(sql`${reports.snapshot}::text like ${`%${name}%`}`);
    }

    await tx
      .update(users)
      .set({
        email: null,
        emailVerifiedAt: null,
        pendingEmail: null,
        username: null,
        firstName: DELETED_MEMBER_FIRST,
        lastName: DELETED_MEMBER_LAST,
        fullName: DELETED_NAME,
        profileImageUrl: null,
        profileImageId: null,
        membershipType: 'free',
        subscriptionStatus: endedPro ? 'canceled' : user.subscriptionStatus,
        handicap: null,
        golfId: null,
        club: null,
        gender: null,
        age: null,
        birthDate: null,
        civilStatus: null,
        children: null,
        profession: null,
        dream: null,
        lifeCircumstance: null,
        location: null,
        interests: null,
        meetupInterests: [],
        lookingFor: [],
        hasGolfstarMembership: false,
        hasGolfamoreCard: false,
        oidcIssuer: null,
        oidcSubject: null,
        hiddenFromDirectory: true,
        whoCanMessage: 'nobody',
        deletedAt: now,
        updatedAt: now,
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    // Last: the sessions end (and their sockets close) when this transaction commits.
    await endUserSessions(tx, userId);
  });
  deps.log.info({ userId, endedPro }, 'account deleted');
  return { endedPro };
}
