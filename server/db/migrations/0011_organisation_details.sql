ALTER TABLE "tenants" ADD COLUMN "payment_provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "company_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "vat_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "contact_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "website" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "logo_file_id" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "logo_url" text DEFAULT '' NOT NULL;