import { z } from 'zod';
import { msg } from '../messages';
import { GENDERS, PAYMENT_STATUSES } from '../options';

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
    .max(100, { error: msg.groupNameTooLong }),
});
export type RenameGroupInput = z.infer<typeof renameGroupInputSchema>;

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
  paymentStatus: z.enum(PAYMENT_STATUSES),
  groupId: z.number().int().nullable(),
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
});
export type BallGroupFiguresDto = z.infer<typeof ballGroupFiguresSchema>;

/** POST /api/events/{id}/groups: the new groups and the figures behind them. */
export const generateGroupsResultSchema = z.object({
  groups: z.array(ballGroupSchema),
  figures: ballGroupFiguresSchema,
});
export type GenerateGroupsResult = z.infer<typeof generateGroupsResultSchema>;
