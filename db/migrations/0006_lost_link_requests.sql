CREATE TABLE "lost_link_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lost_link_requests_due" ON "lost_link_requests" USING btree ("due_at");