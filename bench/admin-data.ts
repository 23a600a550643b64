// Generated activity for the admin statistics benchmark: events, registrations and direct messages.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

/** Events (half upcoming), registrations (one per member, 10% waitlisted, a third paid) and direct messages. */
export async function generateActivity(
  database: Database,
  n: { members: number; registrations: number; messages: number; events: number },
) {
  await database.db.execute(sql`
    insert into events (title, location, start_time, end_time, max_participants, created_at)
    select 'Bench-event ' || i, 'Ullna GK', now() + ((i - ${n.events / 2}) || ' days')::interval,
           now() + ((i - ${n.events / 2}) || ' days')::interval + interval '5 hours', 100, now() - interval '200 days'
    from generate_series(1, ${n.events}) i
  `);
  await database.db.execute(sql`
    insert into event_registrations (event_id, user_id, registered_at, status, payment_status, payment_status_changed_at)
    select e.id, u.id, now() - (u.rn || ' minutes')::interval,
           (case when u.rn % 10 = 0 then 'waitlisted' else 'registered' end)::registration_status,
           (case when u.rn % 3 = 0 then 'paid' else 'pending' end)::payment_status,
           case when u.rn % 3 = 0 then now() - (u.rn || ' seconds')::interval end
    from (select id, row_number() over (order by created_at desc) rn from users) u
    join (select id, row_number() over (order by id) - 1 en from events) e on e.en = u.rn % ${n.events}
    where u.rn <= ${n.registrations}
  `);
  await database.db.execute(sql`
    insert into messages (sender_id, receiver_id, content, sent_at, read)
    select a.id, b.id, 'Hej! Ses på banan?', now() - (a.rn || ' minutes')::interval, a.rn % 4 <> 0
    from (select id, row_number() over (order by created_at) rn from users) a
    join (select id, row_number() over (order by created_at) rn from users) b on b.rn = a.rn % ${n.members} + 1
    where a.rn <= ${n.messages}
  `);
  await database.db.execute(sql`analyze`);
}
