CREATE TABLE "invoice_series" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"next_number" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_series_series_year_pk" PRIMARY KEY("series","year")
);
