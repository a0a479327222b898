ALTER TABLE "users" ADD COLUMN "avatar_file_id" text;
--> statement-breakpoint
-- The feed's rows carry their author's avatar URL and handle (server/db/notices.ts): a user
-- whose avatar or handle changes notifies givedrop_feed in the writing transaction, as a write
-- of posts does (migration 0006), so no server process keeps serving feed pages with the old one.
CREATE TRIGGER "users_notify_feed" AFTER UPDATE OF "avatar_url", "handle" ON "users"
  FOR EACH ROW WHEN (OLD."avatar_url" IS DISTINCT FROM NEW."avatar_url"
    OR OLD."handle" IS DISTINCT FROM NEW."handle")
  EXECUTE FUNCTION "givedrop_notify_feed"();
