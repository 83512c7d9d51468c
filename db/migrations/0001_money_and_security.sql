ALTER TYPE "public"."order_status" ADD VALUE 'processing';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'disputed';--> statement-breakpoint
CREATE TABLE "access_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconcile_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"sessions_checked" integer DEFAULT 0 NOT NULL,
	"fixed_orders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "smtp_response" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reference" text DEFAULT ('LCT-' || upper(substr(md5(gen_random_uuid()::text), 1, 10))) NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attention" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_links" ADD CONSTRAINT "access_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_links_order" ON "access_links" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reference_unique" UNIQUE("reference");--> statement-breakpoint
-- Each order's current e-mail link becomes its first access link.
INSERT INTO "access_links" ("token_hash", "order_id", "created_at")
SELECT "access_token_hash", "id", "updated_at" FROM "orders" WHERE "access_token_hash" IS NOT NULL;
