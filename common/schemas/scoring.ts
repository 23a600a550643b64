import { z } from 'zod';
import { HOLE_STROKES_MAX, HOLE_STROKES_MIN } from '../limits';
import { RATING_GENDERS, TEE_COLORS } from '../options';
import { SCORING_FORMATS } from '../rules/scoring';

/**
 * The contract of golf days with scores (issue 29): the event's golf settings, the scorecard, score
 * entry, the leaderboard, side contests, results and the season table. Server routes validate and
 * answer with these; the phone's scorecard and the leaderboard page read them.
 *
 * Swedish validation messages live in common/messages.ts (keys added with the routes that need them);
 * zod's own messages are Swedish through server/plugins/zod-swedish.ts.
 */

/** Results become final by themselves this long after the last group's last score. */
export const RESULTS_FINAL_AFTER_MS = 2 * 60 * 60 * 1000;

const id = z.number().int().positive().max(2_147_483_647);

/**
 * The golf fields an event may carry (part of the admin event payload, all optional on create; null
 * clears). Without `courseId` the event has no scoring.
 */
export const eventGolfFieldsSchema = z.object({
  courseId: id.nullable().optional(),
  /** The tee men and women play from, by tee id of the named course. */
  teeIds: z
    .object({ male: id.nullable().optional(), female: id.nullable().optional() })
    .nullable()
    .optional(),
  scoringFormat: z.enum(SCORING_FORMATS).optional(),
  /** Percent of the course handicap, 1-100 (default 100; 95 is usual for individual stableford). */
  handicapAllowance: z.number().int().min(1).max(100).optional(),
  /** The leaderboard is shown to participants only after the prize-giving (results final). */
  leaderboardHidden: z.boolean().optional(),
});
export type EventGolfFields = z.infer<typeof eventGolfFieldsSchema>;

/** The golf settings as an event answers them (public event detail carries them for the event page). */
export const eventGolfSchema = z.object({
  courseId: z.number().int(),
  courseName: z.string(),
  teeIds: z.object({ male: z.number().int().nullable(), female: z.number().int().nullable() }),
  scoringFormat: z.enum(SCORING_FORMATS),
  handicapAllowance: z.number().int(),
  leaderboardHidden: z.boolean(),
});
export type EventGolf = z.infer<typeof eventGolfSchema>;

/** One hole as a player plays it: par and stroke index of their tee, the strokes they receive. */
export const scorecardHoleSchema = z.object({
  number: z.number().int(),
  par: z.number().int(),
  strokeIndex: z.number().int(),
  lengthMeters: z.number().nullable(),
  received: z.number().int(),
});

/** A score on a hole; `strokes` null is a picked-up hole. */
export const holeScoreSchema = z.object({ hole: z.number().int(), strokes: z.number().int().nullable() });

/** One player on a scorecard. */
export const scorecardPlayerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  gender: z.enum(RATING_GENDERS).nullable(),
  handicapIndex: z.number().nullable(),
  tee: z.object({ id: z.number().int(), name: z.string(), color: z.enum(TEE_COLORS) }).nullable(),
  courseHandicap: z.number().int().nullable(),
  playingHandicap: z.number().int().nullable(),
  holes: z.array(scorecardHoleSchema),
  scores: z.array(holeScoreSchema),
  signedOffAt: z.string().nullable(),
});
export type ScorecardPlayer = z.infer<typeof scorecardPlayerSchema>;

/** GET /api/events/{id}/scorecards/mine: the caller's published ball group. */
export const scorecardSchema = z.object({
  eventId: z.number().int(),
  format: z.enum(SCORING_FORMATS),
  holes: z.union([z.literal(9), z.literal(18)]),
  /** The results are final: only an admin changes a score now. */
  final: z.boolean(),
  /** The caller may enter scores now (the event has started and the results are not final). */
  canEnter: z.boolean(),
  group: z.object({ number: z.number().int(), teeTime: z.string().nullable(), startHole: z.number().int() }),
  players: z.array(scorecardPlayerSchema),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

/**
 * PUT /api/events/{id}/scores/{userId}: scores for some holes. `enteredAt` is when the scorer entered the
 * value on the phone (an offline card sends it later): a value older than the stored one for that hole
 * is ignored, so a late retry never overwrites a newer entry and a repeated send changes nothing.
 */
export const scoresInputSchema = z.object({
  holes: z
    .array(
      z.object({
        hole: z.number().int().min(1).max(18),
        strokes: z.number().int().min(HOLE_STROKES_MIN).max(HOLE_STROKES_MAX).nullable(),
        enteredAt: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .min(1)
    .max(18),
});
export type ScoresInput = z.infer<typeof scoresInputSchema>;

/** Path parameters of the score routes. */
export const scoreParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  userId: z.uuid(),
});

/** One row of the leaderboard. */
export const leaderboardRowSchema = z.object({
  position: z.number().int().nullable(),
  userId: z.string(),
  name: z.string(),
  playingHandicap: z.number().int().nullable(),
  thru: z.number().int(),
  gross: z.number().int(),
  net: z.number().int(),
  points: z.number().int(),
  /** Strokes against the par of the holes played (stroke play), for '+3' / '−1' while playing. */
  toPar: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

/** GET /api/events/{id}/leaderboard (also pushed over the WebSocket as `{ type: 'leaderboard', ... }`). */
export const leaderboardSchema = z.object({
  eventId: z.number().int(),
  format: z.enum(SCORING_FORMATS),
  final: z.boolean(),
  rows: z.array(leaderboardRowSchema),
  contests: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(['closest_to_pin', 'longest_drive']),
      hole: z.number().int(),
      gender: z.enum(RATING_GENDERS).nullable(),
      winnerUserId: z.string(),
      winnerName: z.string(),
      measure: z.string().nullable(),
    }),
  ),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** POST /api/events/{id}/contests (admin). `measure` is free text such as '2,35 m' or '254 m'. */
export const contestInputSchema = z.object({
  type: z.enum(['closest_to_pin', 'longest_drive']),
  hole: z.number().int().min(1).max(18),
  gender: z.enum(RATING_GENDERS).nullable().optional(),
  winnerUserId: z.uuid(),
  measure: z.string().trim().max(40).nullable().optional(),
});
export type ContestInput = z.infer<typeof contestInputSchema>;

/** One line of a member's results history (profile). */
export const resultHistoryItemSchema = z.object({
  eventId: z.number().int(),
  title: z.string(),
  date: z.string(),
  format: z.enum(SCORING_FORMATS),
  position: z.number().int(),
  players: z.number().int(),
  points: z.number().int().nullable(),
  net: z.number().int().nullable(),
});
export type ResultHistoryItem = z.infer<typeof resultHistoryItemSchema>;

/** The season table's rules an admin sets: points per finishing position, best N of the season's events. */
export const orderOfMeritRulesSchema = z.object({
  pointsPerPosition: z.array(z.number().int().min(0).max(1000)).min(1).max(100),
  bestOf: z.number().int().min(1).max(100),
});
export type OrderOfMeritRules = z.infer<typeof orderOfMeritRulesSchema>;

/** GET /api/order-of-merit?season=2026. */
export const orderOfMeritSchema = z.object({
  season: z.number().int(),
  rules: orderOfMeritRulesSchema,
  events: z.number().int(),
  rows: z.array(
    z.object({
      position: z.number().int(),
      userId: z.string(),
      name: z.string(),
      points: z.number().int(),
      played: z.number().int(),
      counted: z.number().int(),
    }),
  ),
});
export type OrderOfMerit = z.infer<typeof orderOfMeritSchema>;

// Answers of the score routes beyond the contract above (issue 29, server side).

/** PUT /api/events/{id}/scores/{userId}: the player's scores after the entry (what the server now holds). */
export const playerScoresSchema = z.object({
  userId: z.string(),
  scores: z.array(holeScoreSchema),
  signedOffAt: z.string().nullable(),
});
export type PlayerScores = z.infer<typeof playerScoresSchema>;

/** POST /api/events/{id}/scores/{userId}/sign-off. */
export const signOffSchema = z.object({ userId: z.string(), signedOffAt: z.string() });

/** POST/DELETE /api/admin/events/{id}/results/final: whether the results are final now. */
export const resultsFinalSchema = z.object({
  eventId: z.number().int(),
  final: z.boolean(),
  finalizedAt: z.string().nullable(),
  automatic: z.boolean(),
});
export type ResultsFinal = z.infer<typeof resultsFinalSchema>;

/** GET /api/admin/events/{id}/score-changes: every change of a score, newest first. */
export const scoreChangeSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  playerName: z.string(),
  hole: z.number().int(),
  /** False when the hole had no score before. */
  hadOld: z.boolean(),
  oldStrokes: z.number().int().nullable(),
  newStrokes: z.number().int().nullable(),
  changedBy: z.string().nullable(),
  changedByName: z.string().nullable(),
  changedAt: z.string(),
  afterFinal: z.boolean(),
});
export type ScoreChange = z.infer<typeof scoreChangeSchema>;

/** Query of GET /api/order-of-merit (the season, default this year). */
export const orderOfMeritQuerySchema = z.object({
  season: z.coerce.number().int().min(2000).max(2100).optional(),
});

/** Path of PUT /api/admin/order-of-merit/{season}. */
export const seasonParamsSchema = z.object({ season: z.coerce.number().int().min(2000).max(2100) });

/** Path of DELETE /api/events/{id}/contests/{contestId}. */
export const contestParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  contestId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The season table's rules when an admin has set none (docs/product.md). */
export const DEFAULT_ORDER_OF_MERIT_RULES: OrderOfMeritRules = {
  pointsPerPosition: [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
  bestOf: 5,
};
