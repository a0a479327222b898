CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"symbol" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"order" integer NOT NULL,
	CONSTRAINT "currencies_name_unique" UNIQUE("name"),
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "impersonations" (
	"id" serial PRIMARY KEY NOT NULL,
	"impersonator_user_id" integer NOT NULL,
	"impersonator_email" text NOT NULL,
	"impersonated_user_id" integer NOT NULL,
	"impersonated_email" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"remote_address" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "impersonator_user_id" integer;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "impersonator_family_id" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "sending_emails_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "impersonations_impersonator_idx" ON "impersonations" USING btree ("impersonator_user_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_name_unique" UNIQUE("name");