import { z } from 'zod';
import { MEET_AGAIN_ANSWERS_MAX } from '../limits';
import { msg } from '../messages';
import { MEET_AGAIN_CHOICES, MEET_AGAIN_MATCH_KINDS } from '../options';
import { messageSenderSchema } from './messages';

/**
 * 'Vill ses igen' (issue 30, decisions.md): after an event every checked-in member answers privately,
 * per other checked-in participant, 'Dejt', 'Golfkompis' or 'Nej tack'. Only a mutual answer (a match)
 * is ever shown, and only to the two members concerned.
 */

/** PUT /api/events/{id}/meet-again: one answer; `choice: null` clears the caller's answer. */
export const meetAgainAnswerInputSchema = z.strictObject(
  {
    userId: z
      .string({ error: msg.meetAgainPersonRequired })
      .trim()
      .min(1, { error: msg.meetAgainPersonRequired })
      .max(100, { error: msg.meetAgainUnknownPerson }),
    choice: z.enum(MEET_AGAIN_CHOICES, { error: msg.meetAgainChoiceInvalid }).nullable(),
  },
  { error: msg.meetAgainAnswerInvalid },
);

export const meetAgainInputSchema = z.strictObject(
  {
    answers: z
      .array(meetAgainAnswerInputSchema, { error: msg.meetAgainAnswersRequired })
      .min(1, { error: msg.meetAgainAnswersRequired })
      .max(MEET_AGAIN_ANSWERS_MAX, { error: msg.meetAgainAnswersTooMany })
      .refine((a) => new Set(a.map((x) => x.userId)).size === a.length, {
        error: msg.meetAgainAnswersDuplicate,
      }),
  },
  { error: msg.meetAgainAnswersRequired },
);
export type MeetAgainInput = z.infer<typeof meetAgainInputSchema>;

/** A checked-in participant the caller may answer about, the caller's own answer and a match, if any. */
export const meetAgainPersonSchema = z.object({
  user: messageSenderSchema,
  /** The caller's own answer (never the other member's). */
  choice: z.enum(MEET_AGAIN_CHOICES).nullable(),
  /** Set once both answered 'Dejt' or 'Golfkompis' about each other: the only thing ever revealed. */
  match: z.enum(MEET_AGAIN_MATCH_KINDS).nullable(),
});
export type MeetAgainPerson = z.infer<typeof meetAgainPersonSchema>;

/** GET /api/events/{id}/meet-again (and the answer of the PUT). */
export const meetAgainSchema = z.object({
  /** When answers open (the event's end) and close (7 days later). */
  opensAt: z.string(),
  closesAt: z.string(),
  /** Answers are taken now. */
  open: z.boolean(),
  /** The caller has 'Vill ses igen' switched on in the privacy settings. */
  enabled: z.boolean(),
  /** While open and switched on: the other checked-in participants (never blocked, deleted or opted-out ones). */
  people: z.array(meetAgainPersonSchema),
});
export type MeetAgain = z.infer<typeof meetAgainSchema>;

/** GET /api/matches: one of the caller's matches. */
export const meetAgainMatchSchema = z.object({
  id: z.number().int(),
  member: messageSenderSchema,
  event: z.object({ id: z.number().int(), title: z.string() }),
  kind: z.enum(MEET_AGAIN_MATCH_KINDS),
  createdAt: z.string(),
});
export type MeetAgainMatch = z.infer<typeof meetAgainMatchSchema>;
export const meetAgainMatchesSchema = z.array(meetAgainMatchSchema);
