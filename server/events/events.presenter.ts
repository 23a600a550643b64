import { hasEnded } from '@common/rules/event-phase';
import { registrationClosedReason } from '@common/rules/event-registration';
import { isPro } from '@common/rules/pro';
import type { Event, EventDetail } from '@common/schemas/events';
import type { UserRow } from '../auth/users.presenter';
import type { events } from '../db/schema';
import { presentGolf } from './events.golf';
import { canEditEvent, canSeeEventChat } from './events.policy';

export type EventRow = typeof events.$inferSelect;

/**
 * An event row with its counts, as the API returns it. The internal notes only with `withNotes`
 * (an administrator's answer); never in a list that is shared between callers.
 */
export function presentEvent(
  e: EventRow,
  counts: { registeredCount: number; waitlistedCount: number; offeredCount?: number },
  options: { withNotes?: boolean } = {},
): Event {
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    location: e.location,
    startTime: e.startTime.toISOString(),
    endTime: e.endTime.toISOString(),
    registrationDeadline: e.registrationDeadline ? e.registrationDeadline.toISOString() : null,
    maxParticipants: e.maxParticipants,
    createdBy: e.createdBy,
    createdAt: e.createdAt.toISOString(),
    status: e.status,
    price: e.price,
    ...(options.withNotes ? { notes: e.notes } : {}),
    image: e.image,
    imageUrl: e.imageUrl,
    imageId: e.imageId,
    registrationFee: e.registrationFee,
    greenFee: e.greenFee,
    greenFeeIncluded: e.greenFeeIncluded,
    coffeeIncluded: e.coffeeIncluded,
    lunchIncluded: e.lunchIncluded,
    registeredCount: counts.registeredCount,
    offeredCount: counts.offeredCount ?? 0,
    waitlistedCount: counts.waitlistedCount,
    registrationOpensAt: e.registrationOpensAt ? e.registrationOpensAt.toISOString() : null,
    waitlistMode: e.waitlistMode,
    waitlistOfferHours: e.waitlistOfferHours,
    cancellationDeadline: e.cancellationDeadline ? e.cancellationDeadline.toISOString() : null,
    lateCancellationFee: e.lateCancellationFee,
    payOnline: e.payOnline,
  };
}

/** GET /api/events/{id}: the event plus what the caller may do with it. */
export function presentEventDetail(
  e: EventRow & { registeredCount: number; waitlistedCount: number; offeredCount?: number },
  ctx: {
    actor: UserRow | null;
    ballGroupCount: number;
    myRegistration: EventDetail['myRegistration'];
    /** Trip photos shown to participants (issue 30); a count is all anyone else learns. */
    photoCount?: number;
    /** The name of the event's course (its golf settings), null without one. */
    courseName?: string | null;
    now?: Date;
  },
): EventDetail {
  const now = ctx.now ?? new Date();
  const admin = canEditEvent(ctx.actor);
  const open = registrationClosedReason(e, now) === null;
  const ended = hasEnded(e, now);
  return {
    ...presentEvent(e, e, { withNotes: admin }),
    ballGroupCount: ctx.ballGroupCount,
    photoCount: ctx.photoCount ?? 0,
    ballGroupsPublishedAt: e.ballGroupsPublishedAt ? e.ballGroupsPublishedAt.toISOString() : null,
    singleRoomSupplement: e.singleRoomSupplement,
    roomsPublishedAt: e.roomsPublishedAt ? e.roomsPublishedAt.toISOString() : null,
    registrationOpen: open,
    myRegistration: ctx.myRegistration,
    abilities: {
      canEdit: admin,
      canDelete: admin,
      canRegister: !!ctx.actor && !ctx.myRegistration && open,
      isPro: ctx.actor ? isPro(ctx.actor, now) : false,
      canCancel: !!ctx.myRegistration && !ended,
      canSeeChat: canSeeEventChat(ctx.actor, !!ctx.myRegistration),
      canManageGroups: admin,
      canSetPayment: admin,
      canSeePrivateNotes: admin,
    },
    golf: presentGolf(e, ctx.courseName ?? null),
  };
}
