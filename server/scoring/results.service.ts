import { msg } from '@common/messages';
import {
  DEFAULT_ORDER_OF_MERIT_RULES,
  type OrderOfMerit,
  type OrderOfMeritRules,
  type ResultHistoryItem,
} from '@common/schemas/scoring';
import { audited } from '../audit/audit';
import type { Actor } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { ForbiddenError, NotFoundError } from '../errors';
import { type SeasonFinish, seasonTable } from './order-of-merit';
import {
  findMemberPrivacy,
  findOrderOfMeritRules,
  listFinalEventsOfMember,
  listFinalEventsOfSeason,
  upsertOrderOfMeritRules,
} from './results.queries';
import { canSeeResultsOf } from './scoring.policy';
import { findScoringEvent } from './scoring.queries';
import { rankedRound, roundOf } from './scoring.round';

/** The ranked final round of an event, or null (no event, no course). */
async function finalRanking(db: Db, eventId: number) {
  const event = await findScoringEvent(db, eventId);
  if (!event || event.courseId === null || !event.finalizedAt) return null;
  const round = await roundOf(db, event);
  return { round, ...(await rankedRound(db, round)) };
}

/**
 * A member's results history (final events where they have a score), newest first: position among the
 * players ranked, points (stableford) or net strokes (stroke play). The member and admins always see it;
 * others as the member's privacy allows (`canSeeResultsOf`; a block hides the member as on the profile).
 */
export async function resultsOf(
  db: Db,
  viewer: Actor,
  memberId: string,
  blocked: boolean,
): Promise<ResultHistoryItem[]> {
  const member = await findMemberPrivacy(db, memberId);
  if (!member || member.deletedAt) throw new NotFoundError(msg.userNotFound);
  if (blocked && viewer.id !== memberId) throw new NotFoundError(msg.userNotFound);
  if (!canSeeResultsOf(viewer, memberId, { hiddenFromDirectory: member.hiddenFromDirectory, blocked }))
    throw new ForbiddenError(msg.resultsHidden);
  const items: ResultHistoryItem[] = [];
  for (const eventId of await listFinalEventsOfMember(db, memberId)) {
    const r = await finalRanking(db, eventId);
    const mine = r?.ranked.find((x) => x.player.userId === memberId);
    if (!r || !mine || mine.position === null) continue;
    const format = r.round.event.scoringFormat;
    items.push({
      eventId,
      title: r.round.event.title,
      date: r.round.event.startTime.toISOString(),
      format,
      position: mine.position,
      players: r.ranked.filter((x) => x.position !== null).length,
      points: format === 'stableford' ? mine.totals.points : null,
      net: format === 'stableford' ? null : format === 'stroke_net' ? mine.totals.net : mine.totals.gross,
    });
  }
  return items;
}

/** A season's rules: the admin's, or the defaults (docs/product.md). */
export async function seasonRules(db: Db, season: number): Promise<OrderOfMeritRules> {
  const row = await findOrderOfMeritRules(db, season);
  return row
    ? { pointsPerPosition: row.pointsPerPosition, bestOf: row.bestOf }
    : DEFAULT_ORDER_OF_MERIT_RULES;
}

/** The season table over the season's final events (logged-in members). */
export async function orderOfMerit(db: Db, season: number): Promise<OrderOfMerit> {
  const rules = await seasonRules(db, season);
  const eventIds = await listFinalEventsOfSeason(db, season);
  const finishes: SeasonFinish[] = [];
  for (const eventId of eventIds) {
    const r = await finalRanking(db, eventId);
    for (const x of r?.ranked ?? [])
      if (x.position !== null)
        finishes.push({ userId: x.player.userId, name: x.player.name, position: x.position });
  }
  return { season, rules, events: eventIds.length, rows: seasonTable(rules, finishes) };
}

/** Sets a season's rules (admin; audited). */
export async function setSeasonRules(
  db: Db,
  admin: Actor,
  season: number,
  rules: OrderOfMeritRules,
): Promise<OrderOfMerit> {
  await audited(
    db,
    (tx) => upsertOrderOfMeritRules(tx, { season, ...rules, updatedBy: admin.id }),
    () => ({
      actorId: admin.id,
      action: 'order_of_merit.rules',
      targetType: 'season',
      targetId: season,
      details: { pointsPerPosition: rules.pointsPerPosition, bestOf: rules.bestOf },
    }),
  );
  return orderOfMerit(db, season);
}
