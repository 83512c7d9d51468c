/**
 * The store's whole database schema: one file because drizzle-kit generates the SQL migrations
 * (db/migrations) from it (drizzle.config.ts), and the tables' references to each other read in one
 * place. One PostgreSQL schema for PGlite and PostgreSQL (ADR 003).
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
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
    /** The owner's version label ("v2.1"), optional; two uploads never share one. */
    version: text("version").unique(),
    /** What changed, in Italian for the admin and in English for buyers (plain text). */
    changelogIt: text("changelog_it"),
    changelogEn: text("changelog_en"),
    /** Who uploaded it (the admin session's label), for the version history. */
    uploadedBy: text("uploaded_by"),
    /** When "notify buyers" was pressed for this upload: set once, so a second press is refused. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("products_one_current").on(t.current).where(sql`${t.current}`)],
);

/**
 * pending: checkout started; processing: the buyer finished Checkout with a payment that settles
 * later (bank debit, voucher); paid: access granted; refunded: fully refunded, access revoked;
 * disputed: a chargeback is open or lost, access revoked; failed/expired: never paid.
 */
export const orderStatus = pgEnum("order_status", [
  "pending",
  "paid",
  "refunded",
  "failed",
  "expired",
  "processing",
  "disputed",
]);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Short, human-friendly number shown to the buyer and the admin. */
    number: integer("number").generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    /** What buyers see ("LCT-…"): random, so it tells nobody how many orders the shop has taken. */
    reference: text("reference")
      .notNull()
      .unique()
      .default(sql`('LCT-' || upper(substr(md5(gen_random_uuid()::text), 1, 10)))`),
    email: text("email").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    discountApplied: boolean("discount_applied").notNull().default(false),
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id").unique(),
    paymentIntentId: text("payment_intent_id"),
    status: orderStatus("status").notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** Sum of the provider's refunds so far; a partial refund keeps access, a full one revokes. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The provider's dispute status (needs_response, under_review, won, lost, …) once one is opened. */
    disputeStatus: text("dispute_status"),
    /** Why the owner should look at the order (e.g. a refund that failed); null when all is well. */
    attention: text("attention"),
    /** VAT/sales tax inside the amount, and the buyer's country, as the provider computed them. */
    taxCents: integer("tax_cents"),
    country: text("country"),
    /** The provider's invoice/receipt for the payment and its public page or PDF. */
    invoiceId: text("invoice_id"),
    invoiceUrl: text("invoice_url"),
    /** When the buyer asked for immediate delivery and acknowledged losing the withdrawal right. */
    consentAt: timestamp("consent_at", { withTimezone: true }),
    /** When the buyer's personal data was erased on request (the address is then a placeholder). */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /**
     * When downloads from too many networks were noticed: the owner was alerted, and further
     * downloads need the buyer to confirm their address.
     */
    sharingFlaggedAt: timestamp("sharing_flagged_at", { withTimezone: true }),
    /** Where the purchase came from, counted without cookies: referrer host or utm_source, utm_campaign, the blog article that led to it, phone or desktop. */
    source: text("source"),
    campaign: text("campaign"),
    article: text("article"),
    device: text("device"),
    /** When the buyer allowed the store to show their first name, initial and city as a recent purchase (checkout's box, unticked by default). */
    showPurchaseAt: timestamp("show_purchase_at", { withTimezone: true }),
    /** With that consent only: the payer's first name and initial ("Daniel W.") and billing city, from the paid session. */
    buyerShortName: text("buyer_short_name"),
    city: text("city"),
    /** The tax ID the buyer gave Stripe at checkout (a business's VAT number), offered again when they ask for an invoice. */
    taxId: text("tax_id"),
    /**
     * Paid (or to be paid) with live keys, as the provider reports it: only live payments enter the
     * seller's books (the real invoice series, the registers, the OSS figures); test ones get test
     * documents. Test mode is never live.
     */
    livemode: boolean("livemode").notNull().default(false),
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
    /** The address as given, kept for dispute evidence and deleted after the retention period. */
    ip: text("ip"),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
    /** Where in the file the transfer began (a Range's start): its bytes are `startByte` on. */
    startByte: bigint("start_byte", { mode: "number" }).notNull().default(0),
    /** The network the address belongs to (IPv4 /24, IPv6 /48), for noticing a shared link; cleared with `ip`. */
    network: text("network"),
    /** sha256 of the download link used: a download started in time may be resumed with the same link. */
    linkHash: text("link_hash"),
    /** The path inside the ZIP for one file taken from "What's inside"; null for the whole pack. */
    entry: text("entry"),
    /** When the last byte was sent; null while running or when the transfer was cut. */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("downloads_order").on(t.orderId), index("downloads_link_hash").on(t.linkHash)],
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
    /** The SMTP server's reply when it accepted the message (dispute evidence). */
    smtpResponse: text("smtp_response"),
    lastError: text("last_error"),
    /** The sending process that holds the lease (host:pid:start), so a restarted process can take back its own claims at once. */
    claimedBy: text("claimed_by"),
    /** Set when a newer message replaces this unsent one (e.g. "resend" while SMTP was down): never sent. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    // The admin's order list reads each order's delivery e-mails: its first page at 20,000 orders
    // took 104-108 ms without this index and 29 ms with it, on PGlite (ADR 032).
    index("email_outbox_order").on(t.orderId),
  ],
);

export const adminSessions = pgTable("admin_sessions", {
  /** sha256 of the cookie's token: a leaked table does not hand out sessions. */
  idHash: text("id_hash").primaryKey(),
  createdAt: createdAt(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  userAgent: text("user_agent"),
});

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at").on(t.resetAt)],
);

/**
 * "Lost your link?" requests between the answer and their e-mail: kept here, not in a process's
 * timer, so a restart or a crash drops none. Each row lives about a second.
 */
export const lostLinkRequests = pgTable(
  "lost_link_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    /** The requesting client's address: the per-address limit counts per address and network. */
    ip: text("ip"),
    /** Not looked up before this moment, picked at random (send-lost-link.server.ts). */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("lost_link_requests_due").on(t.dueAt)],
);

/** The buyer's lifetime links (e-mail and "lost your link?"); only a hash of each token is kept. */
export const accessLinks = pgTable(
  "access_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [index("access_links_order").on(t.orderId)],
);

/** Each pass of the reconciliation job (timer, admin button or command line) and what it fixed. */
export const reconcileRuns = pgTable("reconcile_runs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  trigger: text("trigger").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  sessionsChecked: integer("sessions_checked").notNull().default(0),
  /** Numbers of the orders this pass fulfilled. */
  fixedOrders: jsonb("fixed_orders").notNull().default([]).$type<number[]>(),
  error: text("error"),
});

/**
 * Each refund and dispute of an order's payment, by the provider's id, with its status as last
 * observed (an API answer, or the store's own refund request). The order's refunded amount, dispute
 * status and access are derived from these rows (settleOrder), so late and repeated events converge.
 */
export const paymentRecords = pgTable(
  "payment_records",
  {
    /** The provider's id (re_…, du_…). */
    id: text("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().$type<"refund" | "dispute">(),
    /** The provider's status: pending, requires_action, succeeded, failed, canceled; or a dispute's. */
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** When the provider created the refund or dispute. */
    created: timestamp("created", { withTimezone: true }).notNull(),
    /** When this status was asked for: an answer older than the stored one never replaces it. */
    observedAt: timestamp("observed_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("payment_records_order_idx").on(table.orderId)],
);

/** Payment-provider events already handled, so a repeated delivery is a no-op. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stripe events the store could not read and that name none of its orders (an object its schemas
 * refuse, an event of the other mode than its key, an envelope without a type or data), for the
 * owner to look up in Stripe's Dashboard. No payload is kept: the event's id, type and mode, and
 * what was wrong. Only the newest few are kept (app/lib/payments/unread-stripe-events.server.ts).
 */
export const stripeUnreadEvents = pgTable(
  "stripe_unread_events",
  {
    /** The event's id (evt_…), as Stripe's Dashboard finds it. */
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** The event's own livemode, when it said one: which of the Dashboard's modes shows it. */
    livemode: boolean("livemode"),
    /** mode: of the other mode than the store's key; shape: its envelope or object is not as expected. */
    problem: text("problem").notNull().$type<"mode" | "shape">(),
    /** The first problem as the parser states it: a field's path and what it expected, never a value. */
    detail: text("detail").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("stripe_unread_events_received_idx").on(table.receivedAt)],
);

/** Buyers' requests for the 30-day money-back guarantee: one per order. */
export const refundRequests = pgTable("refund_requests", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id),
  /** The buyer's optional reason, as typed (plain text, bounded by the form). */
  reason: text("reason"),
  /** requested (waiting for the owner), refunded, declined, failed (the provider refused). */
  status: text("status").notNull().default("requested"),
  createdAt: createdAt(),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
});

/**
 * Withdrawal statements made on /withdraw, between the neutral answer and their resolution: kept
 * here, not in a process's timer, so a restart drops none. Each row lives about a second.
 */
export const withdrawalRequests = pgTable(
  "withdrawal_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The order reference or the e-mail used to buy, as typed (trimmed). */
    identifier: text("identifier").notNull(),
    name: text("name").notNull(),
    /** The e-mail for the confirmation, normalised. */
    email: text("email").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /** Not looked up before this moment, picked at random (withdrawals.server.ts). */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("withdrawal_requests_due").on(t.dueAt)],
);

/**
 * Each order's withdrawal (CRD art. 11a): the statement as the buyer made it, what the store
 * answered and, where the right held, the refund's state. One per order: a second statement
 * changes nothing and sends nothing.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id),
    /** When the buyer confirmed the statement: the date and time the confirmation names. */
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** refund (the right held), right-lost, period-ended, already-refunded, disputed. */
    outcome: text("outcome").notNull(),
    /** With outcome "refund": pending, refunding, refunded, failed (retried by reconciliation). */
    refundStatus: text("refund_status"),
    refundedCents: integer("refunded_cents"),
    refundAttempts: integer("refund_attempts").notNull().default(0),
    /** The provider's last refusal, for the owner. */
    lastError: text("last_error"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("withdrawals_requested_at").on(t.requestedAt)],
);

/** One-time links that let a buyer confirm their address after a shared link was noticed. */
export const downloadConfirmations = pgTable(
  "download_confirmations",
  {
    tokenHash: text("token_hash").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    createdAt: createdAt(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("download_confirmations_order").on(t.orderId)],
);

/** Addresses that asked for no more update or review e-mails (one-click unsubscribe). */
export const unsubscribes = pgTable("unsubscribes", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

/**
 * Funnel counts per day, without cookies or anything that identifies a person: one row per
 * step (visit_landing, visit_blog, visit_checkout, payment_started, payment_completed,
 * download) and source, campaign, device class and article ('' when none).
 */
export const funnelDaily = pgTable(
  "funnel_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    step: text("step").notNull(),
    source: text("source").notNull().default(""),
    campaign: text("campaign").notNull().default(""),
    device: text("device").notNull().default(""),
    article: text("article").notNull().default(""),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.step, t.source, t.campaign, t.device, t.article] })],
);

/**
 * The seller's invoice series and the next number of each per year: invoices are numbered without
 * gaps per series and year (art. 21 DPR 633/72), taken inside the transaction that records the
 * invoice (app/lib/books/numbering.server.ts).
 */
export const invoiceSeries = pgTable(
  "invoice_series",
  {
    series: text("series").notNull(),
    year: integer("year").notNull(),
    nextNumber: integer("next_number").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * Verified reviews (ADR 040): one per paid order (the unique order id makes two concurrent posts
 * one review), published at once with the buyer's consent; the owner may hide one only for a
 * stated reason, recorded with who and when (the log is `review_moderations`).
 */
export const reviews = pgTable(
  "reviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    rating: integer("rating").notNull(),
    /** Plain text as typed, normalised and checked (app/lib/reviews/public-text.ts), shown escaped. */
    comment: text("comment").notNull(),
    /** The name the buyer chose to show. */
    displayName: text("display_name").notNull(),
    /** When the order was paid: "Verified buyer, {month}". */
    purchasedAt: timestamp("purchased_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** Set while the owner hides the review, with the reason (abuse, personal-data, off-topic). */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
  },
  (t) => [index("reviews_created_at").on(t.createdAt)],
);

/** Each hide and show of a review: who (the admin session's browser), when, why. */
export const reviewModerations = pgTable(
  "review_moderations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reviewId: bigint("review_id", { mode: "number" })
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    action: text("action").notNull().$type<"hide" | "show">(),
    reason: text("reason"),
    by: text("by"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_moderations_review").on(t.reviewId)],
);

/**
 * Promotions the owner scheduled (ADR 039): a percentage off between two UTC instants, public or
 * behind a code. `ended_at` is set when the owner ends one early (or cancels one not yet started);
 * its effective end is then `ended_at`. Public promotions never overlap: an exclusion constraint
 * in the migration (`promotions_public_no_overlap`) refuses the second of two concurrent inserts.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    percentOff: integer("percent_off").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Upper-case; null for a public promotion. */
    code: text("code"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("promotions_code").on(t.code), index("promotions_ends_at").on(t.endsAt)],
);

/**
 * Every change of the price a buyer pays (ADR 039), appended and never deleted: the regular price,
 * each promotion's start and end as scheduled, an early end or a cancellation. `effective_at` is
 * when the price changes, `recorded_at` when it was written and `recorded_by` who did it ("admin"
 * for the owner's session, "sistema" for the store itself).
 */
export const priceHistory = pgTable(
  "price_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
    event: text("event").notNull(),
    priceCents: integer("price_cents").notNull(),
    promotionId: uuid("promotion_id").references(() => promotions.id),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    recordedBy: text("recorded_by").notNull(),
  },
  (t) => [index("price_history_effective_at").on(t.effectiveAt)],
);

/**
 * A buyer's request for an invoice (ADR 043): at checkout, or on the success page within the days
 * the store allows after payment. One per order. `buyer` is what the buyer typed, validated and
 * normalised (the FatturaPA writer's `Buyer`); the invoice is issued from it once the order is paid.
 * `problem` says, in Italian for the owner, why it could not be issued yet (settings incomplete, no
 * exchange rate), and is cleared when it is.
 */
export const invoiceRequests = pgTable("invoice_requests", {
  /** Deleted with its order: an order never paid (removed by maintenance) has nothing to invoice. */
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  buyerType: text("buyer_type").notNull().$type<"consumer" | "business">(),
  buyer: jsonb("buyer").notNull(),
  /** checkout or success-page: the buyer's form; provider-tax-id: the tax ID given on Stripe's page. */
  via: text("via").notNull().$type<"checkout" | "success-page" | "provider-tax-id">(),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  problem: text("problem"),
});

/**
 * What VIES answered about a buyer's EU VAT number (Reg. 282/2011 art. 18: the evidence that a buyer
 * invoiced without VAT is a taxable person, or that its number was not confirmed).
 */
export interface ViesConsultation {
  /** The number VIES answered about, with its VIES prefix (Greece EL). */
  vatNumber: string;
  /** When VIES answered, as it dates its answer (ISO 8601). */
  requestDate: string;
  valid: boolean;
  /** VIES's consultation number, given when the seller's own VAT number is sent with the question. */
  requestIdentifier: string | null;
  /** The name VIES holds for the number; null when the member state discloses none. */
  name: string | null;
}

/**
 * Every invoice and credit note the store issued (ADR 043), kept for good: never updated or deleted
 * (an erased buyer's invoices stay, as the law keeps them for ten years). Numbers are gapless per
 * series and year (`invoice_series`); `progressive` names the file sent to SDI. Amounts are in euro,
 * converted from what the provider charged at the ECB rate of `rate_day` (art. 13 c. 4 DPR 633/72).
 * A credit note names its invoice and the refund or lost dispute (`cause`, the provider's id) it
 * records, so one refund never gives two credit notes.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    kind: text("kind").notNull().$type<"invoice" | "credit-note">(),
    series: text("series").notNull(),
    year: integer("year").notNull(),
    number: integer("number").notNull(),
    progressive: integer("progressive").generatedAlwaysAsIdentity().notNull().unique(),
    fileName: text("file_name").notNull().unique(),
    /** The document's date (FatturaPA Data): the day of the sale, or of the refund, in Rome. */
    date: date("date", { mode: "string" }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The treatment (sale-regime.ts TreatmentKind), the buyer's type and the country it was decided
     * for: a business whose EU VAT number was not confirmed is taxed as a consumer of its billing country.
     */
    treatment: text("treatment").notNull(),
    buyerType: text("buyer_type").notNull().$type<"consumer" | "business">(),
    country: text("country").notNull(),
    /** VAT rate charged in percent (0 when none), and the Natura when none is. */
    ratePercent: numeric("rate_percent", { precision: 5, scale: 2, mode: "number" }).notNull(),
    natura: text("natura"),
    /** Euro cents: total = taxable + tax (what the buyer paid, converted); stamp duty declared, not charged. */
    totalCents: integer("total_cents").notNull(),
    taxableCents: integer("taxable_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    stampDutyCents: integer("stamp_duty_cents").notNull().default(0),
    /** What the provider charged or refunded, in its currency, and the ECB rate used (units per euro). */
    chargedCents: integer("charged_cents").notNull(),
    chargedCurrency: text("charged_currency").notNull(),
    eurRate: numeric("eur_rate", { precision: 12, scale: 6, mode: "number" }),
    rateDay: date("rate_day", { mode: "string" }),
    /** The buyer as invoiced (FatturaPA `Buyer`), for the courtesy copy and the admin's list. */
    buyer: jsonb("buyer").notNull(),
    creditNoteOf: uuid("credit_note_of").references((): AnyPgColumn => invoices.id),
    cause: text("cause").unique(),
    xml: text("xml").notNull(),
    /** The VIES consultation of the buyer's VAT number, when VIES was asked and answered. */
    vies: jsonb("vies").$type<ViesConsultation>(),
  },
  (t) => [
    uniqueIndex("invoices_series_year_number").on(t.series, t.year, t.number),
    uniqueIndex("invoices_one_per_order").on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    index("invoices_date").on(t.date),
    index("invoices_order").on(t.orderId),
  ],
);

/**
 * The European Central Bank's euro reference rates (units of `currency` per euro), one row per
 * published day, fetched from the ECB by a job: sales in another currency are converted at the rate
 * of their day or the nearest day before (art. 13 c. 4 DPR 633/72), the OSS return at the rate of
 * the period's last day (art. 369h Directive 2006/112).
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    day: date("day", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    perEuro: numeric("per_euro", { precision: 12, scale: 6, mode: "number" }).notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.day] })],
);

/**
 * The background jobs whose last run failed (app/lib/job-health.server.ts): a row while a job
 * fails, gone at its next successful run, so the Panoramica shows the owner what is not running.
 */
export const jobFailures = pgTable("job_failures", {
  job: text("job").primaryKey(),
  /** What kind of failure: the error's code or name and its message's first line. */
  kind: text("kind").notNull(),
  message: text("message").notNull(),
  firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull(),
  lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
  failures: integer("failures").notNull(),
});
