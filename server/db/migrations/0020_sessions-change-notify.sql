-- Each server instance keeps the sessions it has read in memory (server/plugins/session-store.ts).
-- A session that changes or ends (logout, 'Logga ut överallt', password change, suspension, deletion)
-- is announced with its sid, so every instance drops its copy at once. Expired rows removed by the
-- prune are not announced: an instance never serves an expired copy anyway.
CREATE FUNCTION sg_sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.expire <= now() THEN
    RETURN OLD;
  END IF;
  PERFORM pg_notify('sg_sessions', OLD.sid);
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sg_sessions_notify AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sg_sessions_notify();
