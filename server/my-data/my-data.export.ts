import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { type Zippable, zipSync } from 'fflate';
import { presentFullUser } from '../auth/users.presenter';
import type { Db } from '../db/client';
import {
  eventRegistrations,
  events,
  images,
  membershipChanges,
  messages,
  notificationPreferences,
  notifications,
  proWithdrawals,
  registrationRefunds,
  userBlocks,
  users,
} from '../db/schema';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Everything the site keeps about a member, as a ZIP of JSON files and their images (the right of access,
 * GDPR Art. 15, and data portability, Art. 20): profile.json (the full record, privacy and notification
 * choices, blocks), registrations.json, messages.json (direct messages sent and received, own group-chat
 * messages), notifications.json, payments.json (event fees, refunds, membership and withdrawals) and
 * images/ (the pictures the member uploaded). Other members appear only by id and name where a message
 * or a block needs them. Answers null for an unknown or deleted member.
 */
export async function exportMemberData(db: Db, userId: string, now = new Date()): Promise<Uint8Array | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) return null;

  const [prefs] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const blocks = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, userId));

  const registrations = await db
    .select({
      r: eventRegistrations,
      title: events.title,
      startTime: events.startTime,
      endTime: events.endTime,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.userId, userId))
    .orderBy(asc(eventRegistrations.registeredAt));
  const refunds = registrations.length
    ? await db
        .select()
        .from(registrationRefunds)
        .where(
          inArray(
            registrationRefunds.registrationId,
            registrations.map((x) => x.r.id),
          ),
        )
    : [];

  const mine = await db
    .select()
    .from(messages)
    .where(
      and(
        or(
          eq(messages.senderId, userId),
          and(eq(messages.receiverId, userId), eq(messages.isGroupMessage, false)),
        ),
        isNull(messages.removedAt),
      ),
    )
    .orderBy(asc(messages.sentAt), asc(messages.id));
  const partnerIds = [
    ...new Set(mine.flatMap((m) => [m.senderId, m.receiverId]).filter((id) => id && id !== userId)),
  ];
  const partners = partnerIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, partnerIds as string[]))
    : [];
  const nameOf = new Map(
    partners.map((p) => [p.id, [p.firstName, p.lastName].filter(Boolean).join(' ') || null]),
  );

  const notices = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt));
  const changes = await db.select().from(membershipChanges).where(eq(membershipChanges.userId, userId));
  const withdrawals = await db.select().from(proWithdrawals).where(eq(proWithdrawals.userId, userId));
  const pictures = await db
    .select({
      id: images.id,
      mimeType: images.mimeType,
      data: images.originalData,
      createdAt: images.createdAt,
    })
    .from(images)
    .where(and(eq(images.uploadedBy, userId), isNull(images.removedAt)));

  const files: Zippable = {
    'profile.json': json({
      exportedAt: now.toISOString(),
      profile: presentFullUser(user, now),
      privacy: { hiddenFromDirectory: user.hiddenFromDirectory, whoCanMessage: user.whoCanMessage },
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
    'messages.json': json(
      mine.map((m) => ({
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
      })),
    ),
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
    'payments.json': json({
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
    }),
  };
  for (const p of pictures) {
    files[`images/${p.id}.${EXTENSIONS[p.mimeType] ?? 'bin'}`] = [new Uint8Array(p.data), { level: 0 }];
  }
  return zipSync(files, { level: 6, mtime: now });
}
