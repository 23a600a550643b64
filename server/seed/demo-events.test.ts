import { stockholmClock, stockholmDate } from '@common/time';
import { describe, expect, it } from 'vitest';
import { DEMO_SLOTS } from './demo-event-slots';
import { buildDemoEvents, DEMO_EVENT_TITLES } from './demo-events';
import { buildDemoPeople } from './demo-people';
import { buildRegistrations } from './demo-registrations';
import { createRng } from './random';
import { demoEventKind } from './season';

const month = (d: Date) => Number(stockholmDate(d).slice(5, 7));
/** Noon on the 1st and the 16th of every month of a year, in both halves of the DST year. */
const DATES = Array.from(
  { length: 24 },
  (_, i) => new Date(Date.UTC(2031, Math.floor(i / 2), i % 2 ? 16 : 1, 11)),
);

describe('demo events on any date', () => {
  it('are the kind their month allows: no round in Sweden in winter, no evening round in the dark', () => {
    for (const now of DATES) {
      const plans = buildDemoEvents(now);
      expect(plans).toHaveLength(DEMO_SLOTS.length);
      plans.forEach((p, i) => {
        const m = month(p.row.startTime);
        const where = `${now.toISOString()} ${p.row.title}`;
        expect(p.kind, where).toBe(demoEventKind(m, DEMO_SLOTS[i].format));
        const clock = stockholmClock(p.row.startTime);
        if (m <= 3 || m >= 11) {
          expect(['simulator-evening', 'trip-abroad'], where).toContain(p.kind);
        }
        if (p.kind === 'evening-round') {
          expect(m >= 5 && m <= 8, where).toBe(true);
          expect(stockholmClock(p.row.endTime) <= '21:00', where).toBe(true);
        }
        if (p.kind === 'day-round') expect(clock >= '09:00' && clock <= '10:00', where).toBe(true);
        if (p.kind === 'simulator-evening') expect(clock >= '17:00', where).toBe(true);
        expect(p.row.registrationDeadline.getTime()).toBeLessThan(p.row.startTime.getTime());
        expect(p.row.createdAt.getTime()).toBeLessThan(p.row.registrationDeadline.getTime());
      });
    }
  });

  it('keep their shape: past, one going on now, six coming with one full trip; the same for the same date', () => {
    for (const now of DATES) {
      const plans = buildDemoEvents(now);
      const count = (s: string) => plans.filter((p) => p.row.status === s).length;
      expect([count('completed'), count('ongoing'), count('upcoming')]).toEqual([7, 1, 6]);
      const ongoing = plans.find((p) => p.row.status === 'ongoing')!;
      expect(ongoing.row.startTime < now && ongoing.row.endTime > now).toBe(true);
      expect(DEMO_EVENT_TITLES.withGroups).toContain(ongoing.row.title);
      const full = plans.filter((p) => p.registered === p.row.maxParticipants && p.waitlisted > 0);
      expect(full.map((p) => p.row.title)).toHaveLength(1);
      expect(DEMO_EVENT_TITLES.fullTrip).toContain(full[0].row.title);
      expect(new Date(full[0].row.startTime).getUTCDay()).toBe(5);
      expect(buildDemoEvents(new Date(now))).toEqual(plans);
    }
  });

  it('find enough members who had joined for every registration, on every date', () => {
    for (const now of DATES) {
      const people = buildDemoPeople(createRng(19_042_025), now).map((p, i) => ({ ...p, id: `m${i}` }));
      const pool = people
        .filter((p) => p.user.membershipType === 'pro' || p.user.role === 'admin')
        .map((p) => ({ id: p.id, handicap: null, golfId: null, joinedAt: p.user.createdAt ?? now }));
      const fixed = {
        proId: people.find((p) => p.fixed === 'pro')!.id,
        adminId: people.find((p) => p.fixed === 'admin')!.id,
      };
      const seeded = buildDemoEvents(now).map((plan, i) => ({ id: i + 1, plan }));
      expect(() => buildRegistrations(createRng(19_042_025 + 2), seeded, pool, fixed, now)).not.toThrow();
    }
  });
});
