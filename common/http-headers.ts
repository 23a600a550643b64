/**
 * Response headers the client reads (kept apart from the zod schemas, so the client's first bundle
 * needs no zod for them).
 */

/** `true` on GET /api/messages/{userId} when the caller can no longer write to the member. */
export const CONVERSATION_CLOSED_HEADER = 'x-conversation-closed';

/** The number of rows matching the filters (all pages) on the paged lists: members, audit log, e-mails. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
