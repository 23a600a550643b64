import { displayName } from '@common/rules/display-name';
import type { AdminFeedback } from '@common/schemas/admin';
import type { FeedbackWithAuthor } from './admin-feedback.queries';

/** Feedback as the admin list shows it: rating, comment, time and the author's name and e-mail. */
export function presentAdminFeedback(row: FeedbackWithAuthor): AdminFeedback {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    user: row.userId
      ? {
          id: row.userId,
          fullName: row.fullName ?? displayName({ ...row, id: row.userId }),
          email: row.email,
        }
      : null,
  };
}
