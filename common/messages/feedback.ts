/**
 * Feedback (spec §8) and the admin dashboard that lists it (spec §2).
 * Part of `msg` (common/messages.ts).
 */
export const feedbackMessages = {
  // Feedback (spec §8)
  feedbackLoginRequired: 'Du behöver vara inloggad',
  feedbackRatingRequired: 'Välj ett betyg',
  feedbackFailed: 'Något gick fel',
  feedbackThanks: 'Tack för din feedback!',

  // Admin dashboard (spec §2)
  feedbackEmpty: 'Ingen feedback har lämnats än',
  feedbackLoading: 'Laddar feedback...',
  activityRecently: 'nyligen',
  comingSoon: 'Kommer snart',
} as const;
