import { stockholmDate, stockholmDateTime } from '@common/time';
import type { events } from '../db/schema';
import { COMPETITION_SLOT, DEMO_SLOTS, FULL_TRIP_SLOT, WITH_GROUPS_SLOT } from './demo-event-slots';
import type { DemoSlot } from './demo-slot';
import { DAY } from './random';
import { type DemoEventKind, demoEventKind } from './season';

export type EventInsert = typeof events.$inferInsert;

/** A demo event: its row (without creator and image) and how many members it gets. */
export interface DemoEvent {
  row: Omit<EventInsert, 'createdBy' | 'imageId' | 'price'> & {
    startTime: Date;
    endTime: Date;
    registrationDeadline: Date;
    createdAt: Date;
    maxParticipants: number;
  };
  /** What the season made of it (season.ts). */
  kind: DemoEventKind;
  /** Registered places taken (never above maxParticipants). */
  registered: number;
  waitlisted: number;
  /** Where pro@singelgolf.test stands in the arrival order, when registered. */
  proPosition?: number;
  /** Whether the admin has registered too. */
  withAdmin?: boolean;
  /** Playing groups of four are already made (the ongoing event). */
  ballGroups?: boolean;
  /** The picture shows the sea (a trip abroad, a links course). */
  sea?: boolean;
  /** Lines of the group chat, written by members registered there. */
  chat?: string[];
}

/** Total price: the registration fee plus the green fee when it is not included (spec §7). */
export function totalPrice(
  e: Pick<EventInsert, 'registrationFee' | 'greenFee' | 'greenFeeIncluded'>,
): number {
  return (e.registrationFee ?? 0) + (e.greenFeeIncluded ? 0 : (e.greenFee ?? 0));
}

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic, no clock). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The Friday two to three weeks after `today` (the weekend trip leaves then). */
function fridayAhead(today: string): number {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return ((5 - weekday + 7) % 7) + 14;
}

function buildEvent(slot: DemoSlot, index: number, today: string, now: Date): DemoEvent {
  const day = index === FULL_TRIP_SLOT ? fridayAhead(today) : slot.day;
  const first = addDays(today, day);
  const kind = demoEventKind(Number(first.slice(5, 7)), slot.format);
  const v = slot.variants[kind];
  if (!v) throw new Error(`demo slot ${index}: no ${kind} variant`);
  const startTime = stockholmDateTime(first, v.start);
  const endTime = stockholmDateTime(addDays(first, slot.nights ?? 0), v.end);
  const status = endTime <= now ? 'completed' : startTime <= now ? 'ongoing' : 'upcoming';
  return {
    kind,
    registered: slot.registered,
    waitlisted: slot.waitlisted,
    proPosition: slot.proPosition,
    withAdmin: slot.withAdmin,
    ballGroups: slot.ballGroups,
    sea: v.sea,
    chat: v.chat,
    row: {
      title: v.title,
      description: v.description,
      location: v.location,
      startTime,
      endTime,
      registrationDeadline: stockholmDateTime(addDays(first, -slot.deadline[0]), slot.deadline[1]),
      maxParticipants: v.maxParticipants,
      status,
      registrationFee: v.registrationFee,
      greenFee: v.greenFee,
      greenFeeIncluded: v.greenFeeIncluded,
      coffeeIncluded: v.coffeeIncluded ?? false,
      lunchIncluded: v.lunchIncluded ?? false,
      notes: v.notes ?? null,
      createdAt: new Date(now.getTime() - slot.announcedDaysAgo * DAY),
    },
  };
}

/**
 * The demo events relative to now and the season (demo-event-slots.ts): the same slots on every date,
 * each as the kind of event its month allows — a round at a Swedish course in the season, a simulator
 * evening or a trip abroad in winter — at Swedish clock times. Deterministic for a given `now`.
 */
export function buildDemoEvents(now: Date): DemoEvent[] {
  const today = stockholmDate(now);
  return DEMO_SLOTS.map((slot, i) => buildEvent(slot, i, today, now));
}

const titlesOf = (slot: DemoSlot) => Object.values(slot.variants).map((v) => v.title);

/**
 * The demo events the browser journeys open, by every title the season can give them (e2e/support.ts):
 * the full weekend trip with a reserve list, the ongoing trip with ball groups, the competition with
 * 14 registered.
 */
export const DEMO_EVENT_TITLES = {
  fullTrip: titlesOf(DEMO_SLOTS[FULL_TRIP_SLOT]),
  withGroups: titlesOf(DEMO_SLOTS[WITH_GROUPS_SLOT]),
  competition: titlesOf(DEMO_SLOTS[COMPETITION_SLOT]),
};
