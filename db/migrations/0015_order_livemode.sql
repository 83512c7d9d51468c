-- Whether each order was paid live: only live payments enter the seller's books (the real invoice
-- series, the registers, the OSS figures). New orders take it from the payment provider (the key's
-- mode at checkout, the session's `livemode` once paid); test mode is never live.
-- Orders made before this migration recorded no mode. Stripe names a Checkout Session by its mode
-- (`cs_live_…`, `cs_test_…`), so a Stripe order whose session id starts with `cs_live_` is live;
-- every other order is a test: the test-mode provider's (`provider` 'test', sessions `test_cs_…`),
-- Stripe test keys' (`cs_test_…`), and an order that never got a session. Documents already issued
-- for a test order keep their numbers (nothing issued is renumbered) and are listed as tests.
ALTER TABLE "orders" ADD COLUMN "livemode" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "orders" SET "livemode" = true WHERE "provider" = 'stripe' AND "provider_session_id" LIKE 'cs\_live\_%';
