import { HISTORY_SLOTS } from './demo-event-history';
import { COMING_SLOTS } from './demo-event-slots-coming';
import { RECENT_SLOTS } from './demo-event-slots-recent';
import type { DemoSlot } from './demo-slot';

/** The anchors the e2e journeys find by title (e2e/support.ts): each slot's possible titles. */
export const FULL_TRIP_SLOT = 5;
export const WITH_GROUPS_SLOT = 3;
export const COMPETITION_SLOT = 6;

/**
 * The demo events, in the order they are seeded (new ones go last, so the seeded ids, pictures and
 * registrations of the earlier ones stay the same): three past, one going on now (started yesterday,
 * ends tomorrow), six coming over three months — one full with a reserve list — and four further back.
 */
export const DEMO_SLOTS: DemoSlot[] = [...RECENT_SLOTS, ...COMING_SLOTS, ...HISTORY_SLOTS];
