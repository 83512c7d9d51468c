import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Values generated at first start (admin path, success path, admin password hash) and kept for good. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every uploaded product ZIP; exactly one row is current while a product is on sale. */
export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileKey: text("file_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    entryCount: integer("entry_count").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    current: boolean("current").notNull().default(false),
  },
  (t) => [uniqueIndex("products_one_current").on(t.current).where(sql`${t.current}`)],
);

export const orderStatus = pgEnum("order_status", ["pending", "paid", "refunded", "failed", "expired"]);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Short, human-friendly number shown to the buyer and the admin. */
    number: integer("number").generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    email: text("email").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    discountApplied: boolean("discount_applied").notNull().default(false),
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id").unique(),
    paymentIntentId: text("payment_intent_id"),
    status: orderStatus("status").notNull().default("pending"),
    /** sha256 of the long-lived access token carried by the delivery e-mail's link. */
    accessTokenHash: text("access_token_hash").unique(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [index("orders_email").on(t.email), index("orders_created_at").on(t.createdAt)],
);

export const downloads = pgTable(
  "downloads",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    ipHash: text("ip_hash"),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("downloads_order").on(t.orderId)],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    template: text("template").notNull(),
    payload: jsonb("payload").notNull().$type<Record<string, unknown>>(),
    /** Makes "send this e-mail once" a database constraint rather than a hope. */
    dedupeKey: text("dedupe_key").unique(),
    orderId: uuid("order_id").references(() => orders.id),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_due").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

export const adminSessions = pgTable("admin_sessions", {
  /** sha256 of the cookie's token: a leaked table does not hand out sessions. */
  idHash: text("id_hash").primaryKey(),
  createdAt: createdAt(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  userAgent: text("user_agent"),
});

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Payment-provider events already handled, so a repeated delivery is a no-op. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
