import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { feedback, users } from '../db/schema';

export interface FeedbackWithAuthor {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: Date;
  userId: string | null;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** All feedback, newest first, with its author (null when the member has been deleted). */
export async function listFeedbackWithAuthors(db: Db): Promise<FeedbackWithAuthor[]> {
  return db
    .select({
      id: feedback.id,
      rating: feedback.rating,
      comment: feedback.comment,
      createdAt: feedback.createdAt,
      userId: users.id,
      fullName: users.fullName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id));
}
