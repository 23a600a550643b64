import { z } from 'zod';
import { msg } from '../messages';

/** DELETE /api/me: the second step of deleting an account must say so (`{ confirm: true }`). */
export const deleteAccountInputSchema = z.preprocess(
  (v) => v ?? {},
  z.object(
    { confirm: z.literal(true, { error: msg.accountDeleteConfirmRequired }) },
    { error: msg.accountDeleteConfirmRequired },
  ),
);
