import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

export const EVENTS = 2000;
/** Registrations per event: 16 registered (the maximum), 4 waitlisted; 2,000 × 20 = 40,000. */
export const PER_EVENT = 20;
export const MEMBERS = 2000;

/**
 * Fills an empty database in set-based SQL: MEMBERS Pro members (b1…bN), EVENTS events two a day
 * around now (a third of them past), PER_EVENT registrations each in arrival order; then ANALYZE.
 * Answers the id of an event in the middle.
 */
export async function seedEvents(database: Database): Promise<{ sampleEventId: number }> {
  const db = database.db;
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, full_name, username, membership_type, location, handicap)
    select 'b' || g, 'b' || g || '@bench.test', 'Medlem' || g, 'Bänk', 'Medlem' || g || ' Bänk', 'b' || g, 'pro',
           'Stockholm', (g % 360) / 10.0
    from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into events (title, description, location, start_time, end_time, max_participants,
                        registration_fee, green_fee, price)
    select 'Bänkevent ' || g || ' på golfklubben',
           'En dag med golf, lunch och umgänge. Alla handicapnivåer välkomna.',
           'Golfklubb ' || (g % 50),
           now() + ((g - ${Math.floor(EVENTS / 3)}) * interval '12 hours'),
           now() + ((g - ${Math.floor(EVENTS / 3)}) * interval '12 hours') + interval '6 hours',
           16, 300, 500, 800
    from generate_series(1, ${EVENTS}) g`);
  await db.execute(sql`
    insert into event_registrations (event_id, user_id, status, registered_at, dietary_preferences)
    select e.id, 'b' || (((e.id * 7 + k) % ${MEMBERS}) + 1),
           (case when k < 16 then 'registered' else 'waitlisted' end)::registration_status,
           now() - ((${PER_EVENT} - k) * interval '1 minute'),
           case when k % 5 = 0 then 'Vegetarisk' end
    from events e cross join generate_series(0, ${PER_EVENT - 1}) k`);
  await db.execute(sql`analyze`);
  const rows = await db.execute<{ id: number }>(
    sql`select id from events order by id offset ${Math.floor(EVENTS / 2)} limit 1`,
  );
  const first = (rows as unknown as { rows: { id: number }[] }).rows[0];
  return { sampleEventId: Number(first.id) };
}
