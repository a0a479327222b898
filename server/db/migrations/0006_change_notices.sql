-- Notices to every server process on the database (server/db/notices.ts), sent by the writing
-- transaction itself when it commits: a statement that writes posts notifies givedrop_feed (the
-- feed's page memory), a session that ends (its refresh-token family revoked or deleted) notifies
-- givedrop_sessions with its id (the memory of live sessions).
CREATE FUNCTION "givedrop_notify_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('givedrop_feed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_notify_feed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "givedrop_notify_feed"();
--> statement-breakpoint
CREATE FUNCTION "givedrop_notify_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('givedrop_sessions', OLD."family_id"::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_notify_revoked" AFTER UPDATE OF "revoked_at" ON "refresh_tokens"
  FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL)
  EXECUTE FUNCTION "givedrop_notify_session_ended"();
--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_notify_deleted" AFTER DELETE ON "refresh_tokens"
  FOR EACH ROW WHEN (OLD."revoked_at" IS NULL)
  EXECUTE FUNCTION "givedrop_notify_session_ended"();
