CREATE TABLE "stripe_unread_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"livemode" boolean,
	"problem" text NOT NULL,
	"detail" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stripe_unread_events_received_idx" ON "stripe_unread_events" USING btree ("received_at");