import type { Db } from '../db/client';
import { createNotifications } from './notifications.create';

/** 'Anna', 'Anna och Bo', 'Anna, Bo och Cilla'. */
function names(list: string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} och ${list[list.length - 1]}`;
}

/**
 * The notices of a published trip's changed rooms (issue 30), in the organiser's transaction: each member
 * whose room-mates changed learns who they share with now, that they have a room of their own
 * ('enkelrum'), or that they have no room for now. E-mail and push follow their 'room_changed' choices.
 */
export async function notifyRoomChanges(
  tx: Db,
  event: { id: number; title: string },
  changes: { userId: string; roomMates: string[] | null }[],
): Promise<void> {
  await createNotifications(
    tx,
    changes.map(({ userId, roomMates }) => ({
      userId,
      type: 'room_changed' as const,
      title: roomMates?.length ? `Ny rumskompis: ${event.title}` : `Ändrat rum: ${event.title}`,
      body:
        roomMates === null
          ? `Arrangören har ändrat rummen. Du har inget rum på ${event.title} just nu; arrangören återkommer.`
          : roomMates.length === 0
            ? `Arrangören har ändrat rummen. Du har nu enkelrum på ${event.title}.`
            : `Arrangören har ändrat rummen. Du delar nu rum med ${names(roomMates)} på ${event.title}.`,
      url: `/events/${event.id}`,
      data: { eventId: event.id },
    })),
  );
}
