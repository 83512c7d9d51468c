CREATE TABLE "payment_records" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"observed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_records_order_idx" ON "payment_records" USING btree ("order_id");--> statement-breakpoint
INSERT INTO "payment_records" ("id", "order_id", "kind", "status", "amount_cents", "currency", "created", "observed_at")
SELECT 'legacy-refund:' || "id", "id", 'refund', 'succeeded', "refunded_cents", "currency", coalesce("refunded_at", "updated_at"), 'epoch'
FROM "orders" WHERE "refunded_cents" > 0;--> statement-breakpoint
INSERT INTO "payment_records" ("id", "order_id", "kind", "status", "amount_cents", "currency", "created", "observed_at")
SELECT 'legacy-dispute:' || "id", "id", 'dispute', "dispute_status", "amount_cents", "currency", "updated_at", 'epoch'
FROM "orders" WHERE "dispute_status" IS NOT NULL;
