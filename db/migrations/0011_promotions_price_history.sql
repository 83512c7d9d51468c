CREATE TABLE "price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"price_cents" integer NOT NULL,
	"promotion_id" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"percent_off" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_effective_at" ON "price_history" USING btree ("effective_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code" ON "promotions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promotions_ends_at" ON "promotions" USING btree ("ends_at");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot declare these): the percent's bounds, and no two public promotions
-- whose effective periods overlap, checked by the database itself so two concurrent schedulings
-- cannot both succeed (ADR 039).
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_percent_off" CHECK ("percent_off" BETWEEN 1 AND 90);--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_public_no_overlap" EXCLUDE USING gist (tstzrange("starts_at", coalesce("ended_at", "ends_at")) WITH &&) WHERE ("code" IS NULL);
