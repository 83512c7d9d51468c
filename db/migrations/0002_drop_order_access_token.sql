ALTER TABLE "orders" DROP CONSTRAINT "orders_access_token_hash_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "access_token_hash";