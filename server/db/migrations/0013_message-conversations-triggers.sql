-- message_conversations follows messages through statement-level triggers (transition tables),
-- so a bulk insert costs one aggregated upsert, not one per row. Each direct message touches two
-- rows: (sender, receiver) and (receiver, sender). Group messages (receiver_id null) are skipped.

-- New messages: the newer of the stored and the new latest message; unread messages count up.
-- Rows are upserted in key order so that two messages in one conversation never deadlock.
CREATE OR REPLACE FUNCTION sg_message_conversations_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO message_conversations AS c (user_id, partner_id, last_message_id, last_sent_at, unread_count)
  SELECT user_id, partner_id,
         (array_agg(id ORDER BY sent_at DESC, id DESC))[1],
         max(sent_at),
         sum(unread)::int
  FROM (
    SELECT sender_id AS user_id, receiver_id AS partner_id, id, sent_at, 0 AS unread
    FROM new_rows WHERE receiver_id IS NOT NULL
    UNION ALL
    SELECT receiver_id, sender_id, id, sent_at, (NOT read)::int
    FROM new_rows WHERE receiver_id IS NOT NULL
  ) n
  GROUP BY user_id, partner_id
  ORDER BY user_id, partner_id
  ON CONFLICT (user_id, partner_id) DO UPDATE SET
    last_message_id = CASE
      WHEN (excluded.last_sent_at, excluded.last_message_id) > (c.last_sent_at, c.last_message_id)
      THEN excluded.last_message_id ELSE c.last_message_id END,
    last_sent_at = greatest(c.last_sent_at, excluded.last_sent_at),
    unread_count = c.unread_count + excluded.unread_count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- What the (user, partner) rows should hold, from the messages themselves: the latest message and
-- the unread count (null message: no message left between the two).
CREATE OR REPLACE FUNCTION sg_message_conversations_compute(pair_users text[], pair_partners text[])
RETURNS TABLE (user_id text, partner_id text, last_message_id integer, last_sent_at timestamptz, unread_count integer)
AS $$
  SELECT pair.u, pair.p, l.id, l.sent_at,
         (SELECT count(*) FROM messages m WHERE m.receiver_id = pair.u AND m.sender_id = pair.p AND NOT m.read)::int
  FROM (SELECT DISTINCT u, p FROM unnest(pair_users, pair_partners) AS x(u, p)) pair
  LEFT JOIN LATERAL (
    SELECT b.id, b.sent_at FROM (
      (SELECT id, sent_at FROM messages WHERE sender_id = pair.u AND receiver_id = pair.p ORDER BY sent_at DESC, id DESC LIMIT 1)
      UNION ALL
      (SELECT id, sent_at FROM messages WHERE sender_id = pair.p AND receiver_id = pair.u ORDER BY sent_at DESC, id DESC LIMIT 1)
    ) b ORDER BY b.sent_at DESC, b.id DESC LIMIT 1
  ) l ON true;
$$ LANGUAGE sql STABLE;
--> statement-breakpoint

-- Recomputes the given (user, partner) rows: replaced, or removed when no message is left. Inserts
-- rows only when allowed: during a cascaded delete of a member an insert would point at a member
-- being deleted.
CREATE OR REPLACE FUNCTION sg_message_conversations_refresh(pair_users text[], pair_partners text[], may_insert boolean)
RETURNS void AS $$
BEGIN
  IF may_insert THEN
    WITH fresh AS (SELECT * FROM sg_message_conversations_compute(pair_users, pair_partners)),
    gone AS (
      DELETE FROM message_conversations c USING fresh f
      WHERE c.user_id = f.user_id AND c.partner_id = f.partner_id AND f.last_message_id IS NULL
    )
    INSERT INTO message_conversations AS c (user_id, partner_id, last_message_id, last_sent_at, unread_count)
    SELECT user_id, partner_id, last_message_id, last_sent_at, unread_count
    FROM fresh WHERE last_message_id IS NOT NULL
    ORDER BY user_id, partner_id
    ON CONFLICT (user_id, partner_id) DO UPDATE SET
      last_message_id = excluded.last_message_id,
      last_sent_at = excluded.last_sent_at,
      unread_count = excluded.unread_count;
  ELSE
    WITH fresh AS (SELECT * FROM sg_message_conversations_compute(pair_users, pair_partners)),
    gone AS (
      DELETE FROM message_conversations c USING fresh f
      WHERE c.user_id = f.user_id AND c.partner_id = f.partner_id AND f.last_message_id IS NULL
    )
    UPDATE message_conversations c
    SET last_message_id = f.last_message_id, last_sent_at = f.last_sent_at, unread_count = f.unread_count
    FROM fresh f
    WHERE c.user_id = f.user_id AND c.partner_id = f.partner_id AND f.last_message_id IS NOT NULL;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- Changed messages: a change of `read` only moves the receiver's unread count (the common case:
-- opening a thread); any other change to a direct message's ends or time recomputes both its pairs.
CREATE OR REPLACE FUNCTION sg_message_conversations_update() RETURNS trigger AS $$
DECLARE
  us text[];
  ps text[];
BEGIN
  UPDATE message_conversations c SET unread_count = c.unread_count + d.delta
  FROM (
    SELECT n.receiver_id AS user_id, n.sender_id AS partner_id,
           sum((NOT n.read)::int - (NOT o.read)::int)::int AS delta
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.receiver_id IS NOT NULL AND n.read IS DISTINCT FROM o.read
      AND n.sender_id = o.sender_id AND n.receiver_id IS NOT DISTINCT FROM o.receiver_id
      AND n.sent_at = o.sent_at
    GROUP BY 1, 2
  ) d
  WHERE c.user_id = d.user_id AND c.partner_id = d.partner_id AND d.delta <> 0;

  SELECT array_agg(u), array_agg(p) INTO us, ps FROM (
    SELECT x.u, x.p FROM new_rows n JOIN old_rows o ON o.id = n.id,
      LATERAL (VALUES (o.sender_id, o.receiver_id), (o.receiver_id, o.sender_id),
                      (n.sender_id, n.receiver_id), (n.receiver_id, n.sender_id)) AS x(u, p)
    WHERE (n.sender_id <> o.sender_id OR n.receiver_id IS DISTINCT FROM o.receiver_id OR n.sent_at <> o.sent_at)
      AND x.u IS NOT NULL AND x.p IS NOT NULL
  ) changed;
  IF us IS NOT NULL THEN
    PERFORM sg_message_conversations_refresh(us, ps, true);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- Deleted messages (a member's or an event's cascade): recompute the pairs they belonged to.
CREATE OR REPLACE FUNCTION sg_message_conversations_delete() RETURNS trigger AS $$
DECLARE
  us text[];
  ps text[];
BEGIN
  SELECT array_agg(x.u), array_agg(x.p) INTO us, ps
  FROM old_rows o, LATERAL (VALUES (o.sender_id, o.receiver_id), (o.receiver_id, o.sender_id)) AS x(u, p)
  WHERE o.receiver_id IS NOT NULL;
  IF us IS NOT NULL THEN
    PERFORM sg_message_conversations_refresh(us, ps, false);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION sg_message_conversations_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM message_conversations;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

CREATE TRIGGER messages_conversations_insert AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sg_message_conversations_insert();
--> statement-breakpoint
CREATE TRIGGER messages_conversations_update AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sg_message_conversations_update();
--> statement-breakpoint
CREATE TRIGGER messages_conversations_delete AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sg_message_conversations_delete();
--> statement-breakpoint
CREATE TRIGGER messages_conversations_truncate AFTER TRUNCATE ON "messages"
  FOR EACH STATEMENT EXECUTE FUNCTION sg_message_conversations_truncate();
--> statement-breakpoint

-- The conversations of the messages already stored (the triggers above hold the table's lock
-- until this migration commits, so no message is missed or counted twice).
INSERT INTO message_conversations (user_id, partner_id, last_message_id, last_sent_at, unread_count)
SELECT d.user_id, d.partner_id, d.id, d.sent_at, coalesce(u.n, 0)
FROM (
  SELECT DISTINCT ON (user_id, partner_id) user_id, partner_id, id, sent_at
  FROM (
    SELECT sender_id AS user_id, receiver_id AS partner_id, id, sent_at FROM messages WHERE receiver_id IS NOT NULL
    UNION ALL
    SELECT receiver_id, sender_id, id, sent_at FROM messages WHERE receiver_id IS NOT NULL
  ) a
  ORDER BY user_id, partner_id, sent_at DESC, id DESC
) d
LEFT JOIN (
  SELECT receiver_id, sender_id, count(*)::int AS n FROM messages
  WHERE receiver_id IS NOT NULL AND NOT read GROUP BY receiver_id, sender_id
) u ON u.receiver_id = d.user_id AND u.sender_id = d.partner_id
ON CONFLICT (user_id, partner_id) DO NOTHING;
