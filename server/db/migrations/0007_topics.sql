CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "topics_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_interested_topics" (
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_interested_topics" ADD CONSTRAINT "user_interested_topics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_interested_topics" ADD CONSTRAINT "user_interested_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_interested_topics_pair_idx" ON "user_interested_topics" USING btree ("user_id","topic_id");