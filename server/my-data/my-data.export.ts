import { type Zippable, zipSync } from 'fflate';
import { presentFullUser, type UserRow } from '../auth/users.presenter';
import { findUserById, findUserNames } from '../auth/users.queries';
import { listMembershipChangesOf, listProWithdrawalsOf } from '../billing/billing.my-data.queries';
import { listBlocksForExport } from '../blocks/blocks.queries';
import type { Db } from '../db/client';
import { listRefundsOf } from '../event-payments/event-payments.my-data.queries';
import { listMemberPhotos } from '../event-photos/event-photos.queries';
import { listMemberPictures } from '../images/images.my-data.queries';
import { listOwnMeetAgain } from '../meet-again/meet-again.my-data';
import { listMemberMessages } from '../messages/messages.my-data.queries';
import { findPreferencesRow, listMemberNotices } from '../notifications/notifications.my-data.queries';
import { listMemberRegistrations } from '../registrations/registrations.my-data.queries';
import { listOwnRides } from '../rides/rides.my-data';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Everything the site keeps about a member, as a ZIP of JSON files and their images (the right of access,
 * GDPR Art. 15, and data portability, Art. 20): profile.json (the full record, privacy and notification
 * choices, blocks), registrations.json, messages.json (direct messages sent and received, own group-chat
 * messages), notifications.json, payments.json (event fees, refunds, membership and withdrawals),
 * meet-again.json (own 'Vill ses igen' answers still kept and matches; never another member's answer
 * about the member), photos.json (the member's trip photos: event, alt text, when, the file in images/)
 * rides.json (the member's own ride offers and requests with who asked, their seats in others' rides with
 * the driver, what they wrote in ride conversations) and images/ (the pictures the member uploaded). Other members appear only by id and name where a message
 * or a block needs them. Answers null for an unknown or deleted member.
 */
export async function exportMemberData(db: Db, userId: string, now = new Date()): Promise<Uint8Array | null> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) return null;

  // Each domain reads its own records of the member.
  const prefs = await findPreferencesRow(db, userId);
  const blocks = await listBlocksForExport(db, userId);
  const registrations = await listMemberRegistrations(db, userId);
  const refunds = await listRefundsOf(
    db,
    registrations.map((x) => x.r.id),
  );
  const mine = await listMemberMessages(db, userId);
  const partnerIds = [
    ...new Set(mine.flatMap((m) => [m.senderId, m.receiverId]).filter((id) => id && id !== userId)),
  ];
  const partners = await findUserNames(db, partnerIds as string[]);
  const nameOf = new Map(
    partners.map((p) => [p.id, [p.firstName, p.lastName].filter(Boolean).join(' ') || null]),
  );
  const notices = await listMemberNotices(db, userId);
  const changes = await listMembershipChangesOf(db, userId);
  const withdrawals = await listProWithdrawalsOf(db, userId);
  const pictures = await listMemberPictures(db, userId);
  // 'Vill ses igen': the member's own answers and matches, never anyone's answer about them (issue 30).
  const meetAgain = await listOwnMeetAgain(db, userId);
  const photos = await listMemberPhotos(db, userId);
  const rides = await listOwnRides(db, userId);

  const files: Zippable = {
    'profile.json': json({
      exportedAt: now.toISOString(),
      profile: presentFullUser(user, now),
      privacy: {
        hiddenFromDirectory: user.hiddenFromDirectory,
        whoCanMessage: user.whoCanMessage,
        meetAgain: user.meetAgainEnabled,
      },
      notificationPreferences: prefs ?? null,
      blockedMembers: blocks.map((b) => ({ ...b, blockedAt: iso(b.blockedAt) })),
    }),
    'registrations.json': json(
      registrations.map(({ r, title, startTime, endTime }) => ({
        id: r.id,
        event: { id: r.eventId, title, startTime: iso(startTime), endTime: iso(endTime) },
        status: r.status,
        registeredAt: iso(r.registeredAt),
        cancelledAt: iso(r.cancelledAt),
        dietaryPreferences: r.dietaryPreferences,
        dietaryConsentAt: iso(r.dietaryConsentAt),
        notes: r.notes,
        golfId: r.golfId,
        handicap: r.handicap,
        attendance: r.attendance,
      })),
    ),
    'messages.json': json(messagesOf(mine, userId, nameOf)),
    'notifications.json': json(
      notices.map((n) => ({
        id: n.id,
        type: n.type,
        title: n.title,
        body: n.body,
        url: n.url,
        createdAt: iso(n.createdAt),
        readAt: iso(n.readAt),
      })),
    ),
    'payments.json': json(paymentsOf(user, registrations, refunds, changes, withdrawals)),
    'meet-again.json': json(meetAgain),
    'rides.json': json(rides),
    'photos.json': json(
      photos.map((p) => ({
        id: p.id,
        event: { id: p.eventId, title: p.eventTitle, startTime: iso(p.eventStart) },
        altText: p.altText,
        uploadedAt: iso(p.createdAt),
        file: `images/${p.imageId}.${EXTENSIONS[pictures.find((x) => x.id === p.imageId)?.mimeType ?? ''] ?? 'bin'}`,
      })),
    ),
  };
  for (const p of pictures) {
    files[`images/${p.id}.${EXTENSIONS[p.mimeType] ?? 'bin'}`] = [new Uint8Array(p.data), { level: 0 }];
  }
  return zipSync(files, { level: 6, mtime: now });
}

type Registrations = Awaited<ReturnType<typeof listMemberRegistrations>>;

/** messages.json: the member's messages, other members by id and name only. */
function messagesOf(
  mine: Awaited<ReturnType<typeof listMemberMessages>>,
  userId: string,
  nameOf: Map<string, string | null>,
) {
  return mine.map((m) => ({
    id: m.id,
    kind: m.isGroupMessage ? 'group' : 'direct',
    direction: m.senderId === userId ? 'sent' : 'received',
    from: m.senderId === userId ? 'me' : { id: m.senderId, name: nameOf.get(m.senderId) ?? null },
    to: m.isGroupMessage
      ? { eventId: m.eventId }
      : m.receiverId === userId
        ? 'me'
        : { id: m.receiverId, name: nameOf.get(m.receiverId ?? '') ?? null },
    content: m.content,
    sentAt: iso(m.sentAt),
    read: m.read,
  }));
}

/** payments.json: membership, its changes and withdrawals, and the event fees with their refunds. */
function paymentsOf(
  user: UserRow,
  registrations: Registrations,
  refunds: Awaited<ReturnType<typeof listRefundsOf>>,
  changes: Awaited<ReturnType<typeof listMembershipChangesOf>>,
  withdrawals: Awaited<ReturnType<typeof listProWithdrawalsOf>>,
) {
  return {
    membership: {
      membershipType: user.membershipType,
      subscriptionStatus: user.subscriptionStatus,
      subscriptionPeriodEnd: iso(user.subscriptionPeriodEnd),
      proPurchasedAt: iso(user.proPurchasedAt),
    },
    membershipChanges: changes.map((c) => ({ from: c.fromType, to: c.toType, at: iso(c.createdAt) })),
    proWithdrawals: withdrawals.map((w) => ({
      purchasedAt: iso(w.purchasedAt),
      withdrawnAt: iso(w.withdrawnAt),
      refundAmount: w.refundAmount,
    })),
    eventFees: registrations
      .filter(({ r }) => r.amountPaid > 0 || r.amountDue > 0 || r.amountRefunded > 0)
      .map(({ r, title }) => ({
        registrationId: r.id,
        event: title,
        paymentStatus: r.paymentStatus,
        amountPaid: r.amountPaid,
        paidAt: iso(r.paidAt),
        amountRefunded: r.amountRefunded,
        amountDue: r.amountDue,
        refunds: refunds
          .filter((f) => f.registrationId === r.id)
          .map((f) => ({ amount: f.amount, at: iso(f.createdAt) })),
      })),
  };
}
