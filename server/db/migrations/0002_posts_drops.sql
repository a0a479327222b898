CREATE TABLE "drops" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"date" timestamp (3) with time zone NOT NULL,
	"reactions" integer DEFAULT 0 NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drops_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"published_date" timestamp (3) with time zone NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"media_file_id" text,
	"media_original_name" text,
	"media_width" integer,
	"media_height" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drops_feed_idx" ON "drops" USING btree ("date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_feed_published_idx" ON "posts" USING btree ("published_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."is_published" and not "posts"."is_draft";--> statement-breakpoint
CREATE INDEX "posts_feed_created_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."is_published" and not "posts"."is_draft";--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("user_id","tenant_id","created_at" DESC NULLS LAST);