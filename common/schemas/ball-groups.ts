import { z } from 'zod';
import { GROUP_NAME_MAX, TEE_TIME_INTERVAL_MAX_MINUTES } from '../limits';
import { msg } from '../messages';
import { GENDERS, PAYMENT_STATUSES } from '../options';
import { CLOCK_PATTERN, COURSE_HOLES, TEE_TIME_MODES } from '../rules/tee-times';

const positiveId = (error: string) =>
  z.coerce.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });

/** /api/events/{eventId}/groups/{groupId} */
export const groupParamsSchema = z.object({
  eventId: positiveId('Ogiltigt event-id'),
  groupId: positiveId(msg.groupIdInvalid),
});

/** /api/events/{eventId}/registrations/{registrationId}/group */
export const registrationGroupParamsSchema = z.object({
  eventId: positiveId('Ogiltigt event-id'),
  registrationId: positiveId('Ogiltigt anmälnings-id'),
});

/** PATCH /api/events/{eventId}/groups/{groupId}: a trimmed, non-blank name. */
export const renameGroupInputSchema = z.object({
  name: z
    .string({ error: msg.groupNameRequired })
    .trim()
    .min(1, { error: msg.groupNameRequired })
    .max(GROUP_NAME_MAX, { error: msg.groupNameTooLong }),
});
export type RenameGroupInput = z.infer<typeof renameGroupInputSchema>;

/** A tee time as typed: "HH:mm", Swedish time on the event's start date. */
const clockSchema = z
  .string({ error: msg.groupTeeTimeInvalid })
  .regex(CLOCK_PATTERN, { error: msg.groupTeeTimeInvalid });
const startingHoleSchema = z
  .number({ error: msg.groupStartingHoleInvalid })
  .int({ error: msg.groupStartingHoleInvalid })
  .min(1, { error: msg.groupStartingHoleInvalid })
  .max(COURSE_HOLES, { error: msg.groupStartingHoleInvalid });

/**
 * PATCH /api/events/{eventId}/groups/{groupId}: any of a new name, a tee time ("HH:mm" on the event's
 * start date in Swedish time; null clears it) and a starting hole (1–18; null clears it).
 */
export const updateGroupInputSchema = z
  .object({
    name: renameGroupInputSchema.shape.name.optional(),
    teeTime: clockSchema.nullable().optional(),
    startingHole: startingHoleSchema.nullable().optional(),
  })
  // Nothing to change: ask for the name, as the rename dialog does.
  .refine((v) => v.name !== undefined || v.teeTime !== undefined || v.startingHole !== undefined, {
    error: msg.groupNameRequired,
  });
export type UpdateGroupInput = z.infer<typeof updateGroupInputSchema>;

/** POST /api/events/{id}/groups/tee-times ('Fördela starttider'). */
export const distributeTeeTimesInputSchema = z.object({
  firstTeeTime: clockSchema,
  intervalMinutes: z
    .number({ error: msg.teeTimeIntervalInvalid })
    .int({ error: msg.teeTimeIntervalInvalid })
    .min(1, { error: msg.teeTimeIntervalInvalid })
    .max(TEE_TIME_INTERVAL_MAX_MINUTES, { error: msg.teeTimeIntervalInvalid }),
  mode: z.enum(TEE_TIME_MODES, { error: msg.teeTimeModeInvalid }),
});
export type DistributeTeeTimesInput = z.infer<typeof distributeTeeTimesInputSchema>;

/** PATCH /api/events/{eventId}/groups/{groupId}/tee-time: an ISO time with offset, or null to clear. */
export const groupTeeTimeInputSchema = z.object({
  teeTime: z.iso.datetime({ offset: true, error: msg.groupTeeTimeInvalid }).nullable(),
});
export type GroupTeeTimeInput = z.infer<typeof groupTeeTimeInputSchema>;

/** POST /api/events/{id}/ball-groups/publish: when, and how many members got a (new) notice. */
export const publishGroupsResultSchema = z.object({
  publishedAt: z.string(),
  notified: z.number().int(),
});
export type PublishGroupsResult = z.infer<typeof publishGroupsResultSchema>;

/**
 * GET /api/events/{id}/groups/publish-preview: the members publishing would notify now (those whose group
 * or tee time they have not been told yet), the first names, how many already know theirs, and one of the
 * notices as an example.
 */
export const publishGroupsPreviewSchema = z.object({
  count: z.number().int(),
  names: z.array(z.string()),
  unchanged: z.number().int(),
  example: z.object({ title: z.string(), body: z.string() }).nullable(),
});
export type PublishGroupsPreview = z.infer<typeof publishGroupsPreviewSchema>;

/** PATCH .../registrations/{registrationId}/group: move or add (a group id) or remove (null). */
export const setRegistrationGroupInputSchema = z.object({
  groupId: z
    .number({ error: msg.groupIdInvalid })
    .int({ error: msg.groupIdInvalid })
    .positive({ error: msg.groupIdInvalid })
    .max(2_147_483_647, { error: msg.groupIdInvalid })
    .nullable(),
});
export type SetRegistrationGroupInput = z.infer<typeof setRegistrationGroupInputSchema>;

/** A member of a ball group (or an unassigned registered member): a registration with profile facts. */
export const groupMemberSchema = z.object({
  /** Registration id. */
  id: z.number().int(),
  userId: z.string(),
  name: z.string(),
  handicap: z.number().nullable(),
  gender: z.enum(GENDERS).nullable(),
  /** Only for admins (members never see each other's payments); null otherwise. */
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  groupId: z.number().int().nullable(),
  /** Issue 29: course and playing handicap at the event's course (null: no handicap, gender or course). */
  courseHandicap: z.number().int().nullable().optional(),
  playingHandicap: z.number().int().nullable().optional(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** Real gender balance and average handicap of a group, from the members' profiles. */
export const groupStatsSchema = z.object({
  memberCount: z.number().int(),
  male: z.number().int(),
  female: z.number().int(),
  other: z.number().int(),
  /** Average of the known handicaps, one decimal; null when nobody has one. */
  averageHandicap: z.number().nullable(),
});

export const ballGroupSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  name: z.string(),
  /** The group's first tee time (ISO), or null when not set. */
  teeTime: z.string().nullable(),
  /** The same tee time as "HH:mm" in Swedish time, or null. */
  teeTimeLocal: z.string().nullable(),
  /** The hole the group starts on (1–18), or null when not set. */
  startingHole: z.number().int().nullable(),
  createdAt: z.string(),
  members: z.array(groupMemberSchema),
  stats: groupStatsSchema,
});
export type BallGroup = z.infer<typeof ballGroupSchema>;

/** The figures behind one generation (see common/rules/ball-groups.ts). */
export const ballGroupFiguresSchema = z.object({
  groupCount: z.number().int(),
  sizes: z.array(z.number().int()),
  fieldAverage: z.number().nullable(),
  fieldRange: z.number(),
  handicapSpread: z.number(),
  seededSpread: z.number(),
  spreadBound: z.number(),
  mixedGroups: z.number().int(),
  mixedGroupsPossible: z.number().int(),
  evenGroups: z.number().int(),
  evenGroupsPossible: z.number().int(),
  noHandicapMin: z.number().int(),
  noHandicapMax: z.number().int(),
  previousPairs: z.number().int(),
  repeatedPairs: z.number().int(),
  repeatedPairsAvoided: z.number().int(),
  repeatedOftenPairs: z.number().int(),
  togetherPairs: z.number().int(),
  togetherPairsApart: z.number().int(),
  blockedPairs: z.number().int(),
  blockedPairsTogether: z.number().int(),
});
export type BallGroupFiguresDto = z.infer<typeof ballGroupFiguresSchema>;

/** POST /api/events/{id}/groups: the new groups and the figures behind them. */
export const generateGroupsResultSchema = z.object({
  groups: z.array(ballGroupSchema),
  figures: ballGroupFiguresSchema,
});
export type GenerateGroupsResult = z.infer<typeof generateGroupsResultSchema>;

/** POST /api/events/{id}/groups/together: two registrations of the event an admin wants in one group. */
export const togetherInputSchema = z.strictObject(
  {
    registrationIds: z
      .array(positiveId(msg.togetherInvalid), { error: msg.togetherInvalid })
      .length(2, { error: msg.togetherInvalid })
      .refine(([a, b]) => a !== b, { error: msg.togetherSame }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? msg.togetherInvalid : undefined) },
);
export type TogetherInput = z.infer<typeof togetherInputSchema>;

/** DELETE /api/events/{eventId}/groups/together/{userA}/{userB} */
export const togetherParamsSchema = z.object({
  eventId: positiveId('Ogiltigt event-id'),
  userA: z.string().trim().min(1).max(100),
  userB: z.string().trim().min(1).max(100),
});

/** A play-together request: the two members (the lower user id first) and who asked when. */
export const togetherPairSchema = z.object({
  members: z.array(
    z.object({ userId: z.string(), registrationId: z.number().int().nullable(), name: z.string() }),
  ),
  createdAt: z.string(),
});
export type TogetherPair = z.infer<typeof togetherPairSchema>;
