import { msg } from '@common/messages';
import type { MeetAgain, MeetAgainInput, MeetAgainMatch } from '@common/schemas/meet-again';
import type { Db } from '../db/client';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { createNotifications } from '../notifications/notifications.create';
import { answerWindow, matchKind, windowState } from './meet-again.policy';
import { presentMatch, presentMeetAgain } from './meet-again.presenter';
import {
  buddyPairsAmong,
  deleteAllOf,
  deleteAnswer,
  deleteAnswersOfClosedEvents,
  deleteBetween,
  findAnswer,
  findMeetAgainEvent,
  insertMatch,
  listAnswerablePeople,
  listMatchesOf,
  lockEventAnswers,
  meetAgainEnabled,
  upsertAnswer,
  wasCheckedIn,
} from './meet-again.queries';

/** The event, or 404; then 403 unless the caller was checked in (`attendance: present`). */
async function checkedInEvent(db: Db, eventId: number, userId: string) {
  const event = await findMeetAgainEvent(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  if (!(await wasCheckedIn(db, eventId, userId))) throw new ForbiddenError(msg.meetAgainNotCheckedIn);
  return event;
}

/**
 * GET /api/events/{id}/meet-again: the window, and while it is open (and the caller has the feature
 * on) the people the caller may answer about with the caller's own answers and matches.
 */
export async function getMeetAgain(
  db: Db,
  eventId: number,
  userId: string,
  now = new Date(),
): Promise<MeetAgain> {
  const event = await checkedInEvent(db, eventId, userId);
  const open = windowState(event.endTime, now) === 'open';
  const enabled = await meetAgainEnabled(db, userId);
  const people = open && enabled ? await listAnswerablePeople(db, eventId, userId) : [];
  return presentMeetAgain(answerWindow(event.endTime), open, enabled, people);
}

/**
 * PUT /api/events/{id}/meet-again: stores the caller's answers (`choice: null` clears one) and, in the
 * same transaction, the matches they complete, with both members' notices. The event's answers are
 * serialised (an advisory lock), so two members answering each other at once make exactly one match.
 * A userId the caller may not answer about (unknown, not checked in, blocked, gone, opted out, oneself)
 * is one 400 for all, so the answer never tells whether a member exists.
 */
export async function saveMeetAgain(
  db: Db,
  eventId: number,
  userId: string,
  input: MeetAgainInput,
  now = new Date(),
): Promise<MeetAgain> {
  await db.transaction(async (tx) => {
    const event = await checkedInEvent(tx, eventId, userId);
    const state = windowState(event.endTime, now);
    if (state === 'before') throw new ConflictError(msg.meetAgainNotYetOpen);
    if (state === 'closed') throw new ConflictError(msg.meetAgainClosed);
    if (!(await meetAgainEnabled(tx, userId))) throw new ForbiddenError(msg.meetAgainDisabled);
    await lockEventAnswers(tx, eventId);
    const people = new Map((await listAnswerablePeople(tx, eventId, userId)).map((p) => [p.member.id, p]));
    for (const answer of input.answers) {
      const person = people.get(answer.userId);
      if (!person) throw new ValidationError(msg.meetAgainUnknownPerson);
      // A match is final: it has been told to both (a block ends it).
      if (person.match) {
        if (answer.choice === person.choice) continue;
        throw new ConflictError(msg.meetAgainAlreadyMatched);
      }
    }
    const matched: { otherId: string; otherName: string; kind: 'date' | 'buddy'; matchId: number }[] = [];
    for (const { userId: otherId, choice } of input.answers) {
      const key = { eventId, fromUserId: userId, aboutUserId: otherId };
      if (choice === null) {
        await deleteAnswer(tx, key);
        continue;
      }
      await upsertAnswer(tx, { ...key, choice });
      const theirs = await findAnswer(tx, { eventId, fromUserId: otherId, aboutUserId: userId });
      const kind = matchKind(choice, theirs);
      if (!kind) continue;
      const [userA, userB] = userId < otherId ? [userId, otherId] : [otherId, userId];
      const row = await insertMatch(tx, { eventId, userA, userB, kind });
      if (row) {
        const other = people.get(otherId)!.member;
        matched.push({ otherId, otherName: other.fullName ?? '', kind, matchId: row.id });
      }
    }
    if (matched.length > 0) await notifyMatches(tx, userId, matched);
  });
  return getMeetAgain(db, eventId, userId, now);
}

/**
 * Both members of each new match get a notice. Its text names neither the other member nor the kind:
 * the e-mail passes through the outbox, which administrators can read ('E-post'), and a match is shown
 * only to the two members, on 'Matchningar' after they log in.
 */
async function notifyMatches(tx: Db, userId: string, matched: { otherId: string; matchId: number }[]) {
  await createNotifications(
    tx,
    matched.flatMap(({ otherId, matchId }) =>
      [userId, otherId].map((to) => ({
        userId: to,
        type: 'meet_again_match' as const,
        title: 'Du har en ny matchning',
        body: 'Någon du spelade med vill också ses igen. Logga in för att se vem och skriva till varandra.',
        url: '/matchningar',
        data: { matchId },
        dedupeKey: `meet_again_match:${matchId}`,
      })),
    ),
  );
}

/** GET /api/matches: the caller's matches, newest first. */
export async function getMatches(db: Db, userId: string): Promise<MeetAgainMatch[]> {
  return (await listMatchesOf(db, userId)).map(presentMatch);
}

/**
 * Deletes the answers of every event whose window has closed (the job, hourly; idempotent). Matches
 * stay; one-sided answers, 'Nej tack' and the answers of matched pairs go. Answers how many went.
 */
export async function deleteClosedWindowAnswers(db: Db, now = new Date()): Promise<number> {
  // A window closes 7 days after the event's end: events that ended before now - 7 days are closed.
  const { opensAt, closesAt } = answerWindow(now);
  return deleteAnswersOfClosedEvents(db, new Date(now.getTime() - (closesAt.getTime() - opensAt.getTime())));
}

/** A block: every answer and match between the two members goes, in the block's transaction. */
export async function forgetPair(db: Db, a: string, b: string): Promise<void> {
  await deleteBetween(db, a, b);
}

/** Account deletion: every answer by or about the member and their matches go. */
export async function deleteMeetAgainDataOf(db: Db, userId: string): Promise<void> {
  await deleteAllOf(db, userId);
}

/** Golf-buddy matches among a ball-group field (any event): the generator's play-together source. */
export async function golfBuddyPairs(db: Db, userIds: readonly string[]): Promise<[string, string][]> {
  return buddyPairsAmong(db, userIds);
}
