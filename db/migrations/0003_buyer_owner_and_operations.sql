CREATE TABLE "download_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "funnel_daily" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"article" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_daily_day_step_source_campaign_device_article_pk" PRIMARY KEY("day","step","source","campaign","device","article")
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"reason" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "entry" text;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sharing_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "article" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "changelog_it" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "changelog_en" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "uploaded_by" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "download_confirmations" ADD CONSTRAINT "download_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_confirmations_order" ON "download_confirmations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "downloads_link_hash" ON "downloads" USING btree ("link_hash");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_version_unique" UNIQUE("version");