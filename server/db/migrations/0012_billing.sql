CREATE TABLE "billing_checkout_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stand_in_billing_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_reference_id" text NOT NULL,
	"promotion_code_id" text,
	"status" text NOT NULL,
	"subscription_id" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stand_in_billing_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"invoice_prefix" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stand_in_billing_customers_invoice_prefix_unique" UNIQUE("invoice_prefix")
);
--> statement-breakpoint
CREATE TABLE "stand_in_billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "stand_in_billing_invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "stand_in_billing_portal_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stand_in_billing_promotion_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"currency" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "stand_in_billing_promotion_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "stand_in_billing_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_checkout_sessions" ADD CONSTRAINT "billing_checkout_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_in_billing_checkout_sessions" ADD CONSTRAINT "stand_in_billing_checkout_sessions_customer_id_stand_in_billing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."stand_in_billing_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_in_billing_invoices" ADD CONSTRAINT "stand_in_billing_invoices_customer_id_stand_in_billing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."stand_in_billing_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_in_billing_portal_sessions" ADD CONSTRAINT "stand_in_billing_portal_sessions_customer_id_stand_in_billing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."stand_in_billing_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_in_billing_subscriptions" ADD CONSTRAINT "stand_in_billing_subscriptions_customer_id_stand_in_billing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."stand_in_billing_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_checkout_sessions_tenant_idx" ON "billing_checkout_sessions" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "stand_in_billing_invoices_customer_idx" ON "stand_in_billing_invoices" USING btree ("customer_id","created");