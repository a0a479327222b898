ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "annotation_color" text DEFAULT '#ff0000' NOT NULL;