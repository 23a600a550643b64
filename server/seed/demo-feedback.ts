import type { feedback, newsletterSubscribers } from '../db/schema';
import { DAY, HOUR, type Rng } from './random';

export type FeedbackInsert = typeof feedback.$inferInsert;
export type NewsletterInsert = typeof newsletterSubscribers.$inferInsert;

const FEEDBACK: [number, string][] = [
  [5, 'Fantastisk dag i Tylösand! Väl organiserat och så trevliga människor.'],
  [4, 'Bra sajt, men jag skulle vilja kunna filtrera medlemmar på klubb.'],
  [5, 'Har hittat tre nya golfkompisar på en månad. Tack!'],
  [3, 'Lite svårt att hitta gruppchatten i mobilen.'],
  [4, 'Afterwork-rundorna är perfekta efter jobbet. Fler sådana, tack!'],
  [2, 'Det tog ett tag innan betalningen syntes som betald, annars bra.'],
];

/** Ratings from a few members over the last weeks, newest last. */
export function buildFeedback(
  rng: Rng,
  members: { id: string; createdAt: Date }[],
  now: Date,
): FeedbackInsert[] {
  const authors = rng.sample(
    members.filter((m) => m.createdAt.getTime() < now.getTime() - 45 * DAY),
    FEEDBACK.length,
  );
  return FEEDBACK.map(([rating, comment], i) => ({
    userId: authors[i]?.id ?? null,
    rating,
    comment,
    createdAt: new Date(now.getTime() - (40 - i * 6) * DAY - rng.int(0, 20) * HOUR),
  }));
}

/** A few footer sign-ups from people who are not members (yet). */
export function buildNewsletterSubscribers(now: Date): NewsletterInsert[] {
  return [
    { email: 'maja.lindgren@example.se', consentedAt: new Date(now.getTime() - 61 * DAY) },
    { email: 'golfande.granne@example.se', consentedAt: new Date(now.getTime() - 23 * DAY) },
    { email: 'bengt.holmqvist@example.se', consentedAt: new Date(now.getTime() - 4 * DAY) },
  ];
}
