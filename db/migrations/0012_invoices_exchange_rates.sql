CREATE TABLE "exchange_rates" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"per_euro" numeric(12, 6) NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_day_pk" PRIMARY KEY("currency","day")
);
--> statement-breakpoint
CREATE TABLE "invoice_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"buyer_type" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"via" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"problem" text
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"progressive" integer GENERATED ALWAYS AS IDENTITY (sequence name "invoices_progressive_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"date" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"treatment" text NOT NULL,
	"buyer_type" text NOT NULL,
	"country" text NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"natura" text,
	"total_cents" integer NOT NULL,
	"taxable_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"stamp_duty_cents" integer DEFAULT 0 NOT NULL,
	"charged_cents" integer NOT NULL,
	"charged_currency" text NOT NULL,
	"eur_rate" numeric(12, 6),
	"rate_day" date,
	"buyer" jsonb NOT NULL,
	"credit_note_of" uuid,
	"cause" text,
	"xml" text NOT NULL,
	CONSTRAINT "invoices_progressive_unique" UNIQUE("progressive"),
	CONSTRAINT "invoices_file_name_unique" UNIQUE("file_name"),
	CONSTRAINT "invoices_cause_unique" UNIQUE("cause")
);
--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_of_invoices_id_fk" FOREIGN KEY ("credit_note_of") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_year_number" ON "invoices" USING btree ("series","year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_date" ON "invoices" USING btree ("date");--> statement-breakpoint
CREATE INDEX "invoices_order" ON "invoices" USING btree ("order_id");