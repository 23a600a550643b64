import { z } from 'zod';
import { FEEDBACK_COMMENT_MAX, RATING_MAX, RATING_MIN } from '../limits';
import { msg } from '../messages';

/** POST /api/feedback */
export const feedbackInputSchema = z.object({
  rating: z
    .number({ error: msg.feedbackRatingRequired })
    .int({ error: msg.feedbackRatingRequired })
    .min(RATING_MIN, { error: msg.feedbackRatingRequired })
    .max(RATING_MAX, { error: 'Betyget måste vara mellan 1 och 5' }),
  comment: z
    .string()
    .trim()
    .max(FEEDBACK_COMMENT_MAX, { error: `Kommentaren får vara högst ${FEEDBACK_COMMENT_MAX} tecken` })
    .optional()
    .nullable(),
});
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

export const feedbackSchema = z.object({
  id: z.number().int(),
  userId: z.string().nullable(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
