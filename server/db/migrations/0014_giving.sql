CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"drop_id" integer,
	"drop_content" text NOT NULL,
	"charity_tenant_id" integer NOT NULL,
	"giver_user_id" integer,
	"giver_name" text NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"provider_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "gifts_guid_unique" UNIQUE("guid"),
	CONSTRAINT "gifts_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "gifts_amount_positive" CHECK ("gifts"."amount" > 0),
	CONSTRAINT "gifts_status_known" CHECK ("gifts"."status" IN ('pending', 'confirmed', 'cancelled', 'refunded', 'disputed'))
);
--> statement-breakpoint
CREATE TABLE "stand_in_billing_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"client_reference_id" text NOT NULL,
	"description" text NOT NULL,
	"customer_email" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"payment_id" text,
	"refunded" boolean DEFAULT false NOT NULL,
	"disputed" boolean DEFAULT false NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stand_in_billing_payments_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
-- Drops made before giving existed run for 14 days from their start, and give to the first
-- Charity organisation (none: they take no gifts).
ALTER TABLE "drops" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
UPDATE "drops" SET "ends_at" = "date" + interval '14 days';--> statement-breakpoint
ALTER TABLE "drops" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "charity_tenant_id" integer;--> statement-breakpoint
UPDATE "drops" SET "charity_tenant_id" = (SELECT "id" FROM "tenants" WHERE "account_type" = 'Charity' ORDER BY "id" LIMIT 1);--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "goal" integer;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "currency" text DEFAULT 'gbp' NOT NULL;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "exclusive_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "exclusive_media" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "currency" text DEFAULT 'gbp' NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_charity_tenant_id_tenants_id_fk" FOREIGN KEY ("charity_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_giver_user_id_users_id_fk" FOREIGN KEY ("giver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_drop_idx" ON "gifts" USING btree ("drop_id","status");--> statement-breakpoint
CREATE INDEX "gifts_charity_idx" ON "gifts" USING btree ("charity_tenant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gifts_giver_idx" ON "gifts" USING btree ("giver_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gifts_payment_idx" ON "gifts" USING btree ("provider_payment_id");--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_charity_tenant_id_tenants_id_fk" FOREIGN KEY ("charity_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drops_author_idx" ON "drops" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "drops_charity_idx" ON "drops" USING btree ("charity_tenant_id");--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_goal_positive" CHECK ("drops"."goal" IS NULL OR "drops"."goal" > 0);--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_ends_after_start" CHECK ("drops"."ends_at" > "drops"."date");