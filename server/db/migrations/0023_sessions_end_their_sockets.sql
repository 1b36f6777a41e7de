-- A session that ends, whatever ends it (sign-out, revoke, revoke-others, a password change or reset,
-- "This wasn't me", a ban, expiry), closes its sockets on every instance at once: the realtime plugin hears
-- this on the channel services publish to after commit (pg_notify is delivered at COMMIT, never on rollback).
CREATE FUNCTION "session_ended_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cm_realtime', json_build_object(
    'room', 'session:' || OLD."id", 'event', 'session-ended', 'payload', json_build_object())::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_end_their_sockets" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "session_ended_notify"();
