ALTER TABLE "invoice_requests" DROP CONSTRAINT "invoice_requests_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;