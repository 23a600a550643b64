import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

/** The member whose conversation list is measured. */
export const TARGET_USER_ID = 'bench-target';

export interface MessageDataShape {
  members: number;
  totalMessages: number;
  /** Conversations of the target member, each with `perConversation` messages. */
  targetConversations: number;
  perConversation: number;
}

/**
 * Fills an empty database in set-based SQL: `members` members (ids m1…mN plus the target), the target's
 * conversations (alternating directions, every tenth received message unread), and random direct
 * messages between the others up to `totalMessages`; then ANALYZE.
 */
export async function seedMessages(database: Database, shape: MessageDataShape): Promise<void> {
  const db = database.db;
  const { members, totalMessages, targetConversations, perConversation } = shape;
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, full_name, username)
    select 'm' || g, 'm' || g || '@bench.test', 'Medlem', 'Nr ' || g, 'Medlem Nr ' || g, 'm' || g
    from generate_series(1, ${members}) g`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, full_name, username)
    values (${TARGET_USER_ID}, 'target@bench.test', 'Mätt', 'Medlem', 'Mätt Medlem', 'target')`);
  const targetMessages = targetConversations * perConversation;
  await db.execute(sql`
    insert into messages (sender_id, receiver_id, content, read, sent_at)
    select case when i % 2 = 0 then ${TARGET_USER_ID} else 'm' || p end,
           case when i % 2 = 0 then 'm' || p else ${TARGET_USER_ID} end,
           'Hej! Meddelande ' || i || ' i samtal ' || p,
           not (i % 2 = 1 and i % 10 = 1),
           now() - make_interval(secs => (p * ${perConversation} + i) * 37)
    from generate_series(1, ${targetConversations}) p, generate_series(1, ${perConversation}) i`);
  // Others talk among themselves, in batches so no statement runs for long.
  const rest = totalMessages - targetMessages;
  const batch = 250_000;
  for (let done = 0; done < rest; done += batch) {
    const n = Math.min(batch, rest - done);
    await db.execute(sql`
      insert into messages (sender_id, receiver_id, content, read, sent_at)
      select 'm' || s, 'm' || (1 + (s + 1 + floor(random() * (${members} - 1))::int - 1) % ${members}),
             'Meddelande ' || g, random() < 0.9, now() - make_interval(secs => random() * 3e7)
      from (select g, 1 + floor(random() * ${members})::int as s from generate_series(1, ${n}) g) x`);
  }
  await db.execute(sql`analyze`);
}
