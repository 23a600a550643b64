import { msg } from '@common/messages';
import type { eventNotifications, eventRegistrations } from '../db/schema';
import type { DemoEvent } from './demo-events';
import { DAY, HOUR, MINUTE, type Rng } from './random';

export type RegistrationInsert = typeof eventRegistrations.$inferInsert;
export type NotificationInsert = typeof eventNotifications.$inferInsert;

/** A member who may register (Pro or admin), with what a registration copies. */
export interface Registrant {
  id: string;
  handicap: number | null;
  golfId: string | null;
  /** When the member joined; they register only after that. */
  joinedAt: Date;
}

/** An event as inserted: its id and the plan it came from. */
export interface SeededEvent {
  id: number;
  plan: DemoEvent;
}

const DIETS = ['Vegetarian', 'Glutenfri', 'Laktosintolerant'] as const;
const NOTES = [
  'Önskar sen starttid om möjligt.',
  'Första gången på en Singelgolf-träff!',
  'Har egen golfbil, kan ta med en till.',
  'Kommer med tåg – finns det någon som kan skjutsa från stationen?',
  'Spelar gärna i samma boll som förra gången.',
] as const;
// Room wishes have a field of their own (demo-settlement.ts); the notes say the rest.
const TRIP_NOTES = [
  'Tar med egna klubbor i hård travelcover.',
  'Vill gärna äta middag med gruppen alla kvällar.',
  'Flyger från Landvetter.',
  'Kommer en dag senare.',
];

function paymentStatus(rng: Rng, plan: DemoEvent, waitlisted: boolean): RegistrationInsert['paymentStatus'] {
  if (waitlisted) return 'pending';
  const r = rng.next();
  if (plan.row.status === 'completed' || plan.row.status === 'ongoing') {
    return r < 0.88 ? 'paid' : r < 0.94 ? 'refunded' : 'pending';
  }
  return r < 0.5 ? 'paid' : 'pending';
}

/**
 * Registrations of Pro members and the admin, in arrival order between the
 * event's announcement and its deadline (and after each member joined): the
 * first `registered` get places, the rest are waitlisted (always later).
 */
export function buildRegistrations(
  rng: Rng,
  seeded: SeededEvent[],
  pool: Registrant[],
  fixed: { proId: string; adminId: string },
  now: Date,
): RegistrationInsert[] {
  const rows: RegistrationInsert[] = [];
  for (const { id: eventId, plan } of seeded) {
    const total = plan.registered + plan.waitlisted;
    if (plan.registered > plan.row.maxParticipants) throw new Error(`${plan.row.title}: over capacity`);
    const from = plan.row.createdAt.getTime() + HOUR;
    const until = Math.min(plan.row.registrationDeadline.getTime(), now.getTime()) - HOUR;
    const times = Array.from({ length: total }, () => from + rng.next() * (until - from)).sort(
      (a, b) => a - b,
    );

    // Arrival slots: pro@ and the admin where the plan puts them, then for each
    // slot in time order a random member who had already joined by then.
    const slots: (Registrant | undefined)[] = Array(total);
    if (plan.proPosition !== undefined) slots[plan.proPosition] = byId(pool, fixed.proId);
    if (plan.withAdmin) {
      const free = [...Array(plan.registered).keys()].filter((i) => !slots[i]);
      slots[rng.pick(free)] = byId(pool, fixed.adminId);
    }
    const others = rng.shuffle(pool.filter((m) => m.id !== fixed.proId && m.id !== fixed.adminId));
    for (let i = 0; i < total; i++) {
      if (slots[i]) continue;
      const k = others.findIndex((m) => m.joinedAt.getTime() + HOUR <= times[i]);
      if (k < 0) throw new Error(`${plan.row.title}: not enough Pro members to register`);
      slots[i] = others.splice(k, 1)[0];
    }
    const chosen = slots as Registrant[];
    const isTrip = plan.row.endTime.getTime() - plan.row.startTime.getTime() > DAY;

    chosen.forEach((member, i) => {
      const waitlisted = i >= plan.registered;
      const registeredAt = new Date(Math.round(times[i] / MINUTE) * MINUTE + i);
      // In this order: the random draws are the same as before consent was stored.
      const payment = paymentStatus(rng, plan, waitlisted);
      const diet = rng.chance(0.2) ? rng.pick(DIETS) : null;
      rows.push({
        eventId,
        userId: member.id,
        registeredAt,
        status: waitlisted ? 'waitlisted' : 'registered',
        paymentStatus: payment,
        dietaryPreferences: diet,
        // Dietary needs are only stored with consent, given when registering.
        dietaryConsentAt: diet ? registeredAt : null,
        notes: rng.chance(0.15) ? rng.pick(isTrip ? [...TRIP_NOTES, ...NOTES] : NOTES) : null,
        golfId: member.golfId,
        handicap: member.handicap,
      });
    });
  }
  return rows;
}

function byId(pool: Registrant[], id: string): Registrant {
  const m = pool.find((p) => p.id === id);
  if (!m) throw new Error(`registrant ${id} is not Pro`);
  return m;
}

/** Playing groups of four by handicap in snake order, so the groups' averages come out even. */
export function ballGroupsOf(registrations: RegistrationInsert[]): RegistrationInsert[][] {
  const players = registrations
    .filter((r) => r.status === 'registered')
    .sort((a, b) => (a.handicap ?? 36) - (b.handicap ?? 36));
  const count = Math.ceil(players.length / 4);
  const groups: RegistrationInsert[][] = Array.from({ length: count }, () => []);
  players.forEach((p, i) => {
    const round = Math.floor(i / count);
    const k = i % count;
    groups[round % 2 === 0 ? k : count - 1 - k].push(p);
  });
  return groups;
}

/**
 * Waitlist promotions on the full event: its last two registered arrivals got
 * their places when others cancelled; one notice read, the latest unread.
 */
export function buildNotifications(
  seeded: SeededEvent[],
  registrations: RegistrationInsert[],
  now: Date,
): NotificationInsert[] {
  const full = seeded.find((e) => e.plan.waitlisted > 0 && e.plan.registered === e.plan.row.maxParticipants);
  if (!full) return [];
  const placed = registrations
    .filter((r) => r.eventId === full.id && r.status === 'registered')
    .sort((a, b) => a.registeredAt!.getTime() - b.registeredAt!.getTime());
  const lastWaiting = registrations
    .filter((r) => r.eventId === full.id && r.status === 'waitlisted')
    .reduce((t, r) => Math.max(t, r.registeredAt!.getTime()), 0);
  const promoted = placed.slice(-2);
  return promoted.map((r, i) => {
    const after = Math.max(r.registeredAt!.getTime(), lastWaiting);
    const createdAt = new Date(after + ((now.getTime() - after) * (i + 1)) / 3);
    return {
      eventId: full.id,
      userId: r.userId,
      type: 'waitlist_promoted',
      content: `${msg.promotedFromWaitlist} ${full.plan.row.title}.`,
      read: i === 0,
      createdAt,
    };
  });
}
