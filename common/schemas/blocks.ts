import { z } from 'zod';
import { msg } from '../messages';
import { WHO_CAN_MESSAGE } from '../options';
import { messageSenderSchema } from './messages';

const memberId = (error: string) => z.string({ error }).trim().min(1, { error }).max(100, { error });

/** POST /api/blocks: the member to block. */
export const blockInputSchema = z.object({ userId: memberId(msg.blockUserRequired) });
export type BlockInput = z.infer<typeof blockInputSchema>;

/** DELETE /api/blocks/{userId} */
export const blockParamsSchema = z.object({ userId: memberId('Ogiltigt medlems-id') });

/** A member the caller has blocked: name and avatar only (public fields), and since when. */
export const blockedMemberSchema = messageSenderSchema.extend({ blockedAt: z.string() });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

/**
 * GET/PUT /api/me/privacy: hidden from the members directory (admins still see the member, event
 * participant lists still show them to co-participants), who may write to the member and whether they take
 * part in 'Vill ses igen'. The first two are required (meetAgain is optional in a PUT) and nothing else is
 * accepted.
 */
export const privacySettingsSchema = z.strictObject(
  {
    hiddenFromDirectory: z.boolean({ error: msg.privacyHiddenInvalid }),
    whoCanMessage: z.enum(WHO_CAN_MESSAGE, { error: msg.privacyWhoCanMessageInvalid }),
    /** 'Vill ses igen' (issue 30): off, the member is neither asked nor listed. Left out of a PUT: unchanged. */
    meetAgain: z.boolean({ error: msg.meetAgainInvalid }).optional(),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? msg.privacyUnknownField : msg.jsonObjectExpected),
  },
);
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/**
 * GET /api/events/{id}/groups/blocked-pairs (admins): pairs of the event's live registrations whose
 * members have blocked one another (either way), so the ball group manager can warn before a move.
 */
export const blockedPairSchema = z.object({
  /** The two registration ids, the lower first (an array of two: OpenAPI 3.0 has no tuples). */
  registrationIds: z.array(z.number().int()).length(2),
});
export type BlockedPair = z.infer<typeof blockedPairSchema>;

/** The response header of GET /api/messages/{userId}: 'true' when the caller can no longer write there. */
export { CONVERSATION_CLOSED_HEADER } from '../http-headers';
