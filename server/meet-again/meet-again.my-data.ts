import type { Db } from '../db/client';
import { listMatchesOf, listOwnAnswers } from './meet-again.queries';

/**
 * meet-again.json of the member's data export: their own answers (those still kept, i.e. of open
 * windows) and their matches. Never another member's answer about them: a one-sided answer is never
 * revealed, not even through the export (docs/product.md).
 */
export async function listOwnMeetAgain(db: Db, userId: string) {
  const answers = await listOwnAnswers(db, userId);
  const matches = await listMatchesOf(db, userId);
  return {
    answers: answers.map((a) => ({
      eventId: a.eventId,
      aboutUserId: a.aboutUserId,
      choice: a.choice,
      updatedAt: a.updatedAt.toISOString(),
    })),
    matches: matches.map((m) => ({
      event: m.event,
      member: { id: m.member.id, name: m.member.fullName },
      kind: m.kind,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
