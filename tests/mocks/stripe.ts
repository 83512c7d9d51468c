/**
 * A local stand-in for the Stripe API that speaks its wire format (form-encoded requests, JSON
 * objects and errors) for the calls the store makes: create, retrieve and list Checkout Sessions,
 * retrieve invoices, and create refunds. Like Stripe it refuses what Stripe refuses when a session
 * is created (unknown parameters, wrong types, limits, an idempotency key reused with other
 * parameters: see checkSessionParams). Tests drive the "customer" side with `pay()` and read what
 * the store sent. Payments, refunds and disputes record the events Stripe would send
 * (stripe-events.ts builds them with the SDK's shapes); `deliver()` signs one and sends it to the
 * connected endpoint.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type Stripe from "stripe";
import {
  chargeObject,
  checkoutSessionObject,
  disputeObject,
  refundObject,
  signDelivery,
  stripeEvent,
} from "./stripe-events.ts";

export interface FakeSession {
  id: string;
  object: "checkout.session";
  livemode: boolean;
  url: string;
  mode: string;
  status: "open" | "complete" | "expired";
  /**
   * no_payment_required: a setup-mode session (from its creation), or a payment-mode one whose
   * total is 0 once Checkout completes it (a free price or a 100 % discount: no payment intent, no
   * charge). Stripe's enum (Checkout/Sessions.d.ts, PaymentStatus) has no other value.
   */
  payment_status: "unpaid" | "paid" | "no_payment_required";
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  /** Null in setup mode, which charges nothing. */
  amount_total: number | null;
  currency: string;
  payment_intent: string | null;
  /** Setup mode's intent to save a payment method, made with the session. */
  setup_intent: string | null;
  /** The Customer Checkout made: always for a session completed without a payment (no guest customers). */
  customer: string | null;
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
  automatic_tax: { enabled: boolean; liability: null; provider: string | null; status: "complete" | null };
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  customer_details: {
    email: string | null;
    name: string | null;
    /** The business name a buyer purchasing as a business typed beside its tax ID. */
    business_name: string | null;
    /** Stripe.Address: every key present, null when not collected. */
    address: {
      city: string | null;
      country: string | null;
      line1: string | null;
      line2: string | null;
      postal_code: string | null;
      state: string | null;
    } | null;
    tax_exempt: "none";
    tax_ids: { type: string; value: string }[];
  } | null;
  /** The invoice's id once paid with invoice_creation on (or the invoice itself, expanded). */
  invoice: string | null;
}

/** The fields of a payment intent the store can read (Stripe.PaymentIntent, stripe 23.1.0). */
export type FakePaymentIntent = Pick<
  Stripe.PaymentIntent,
  "id" | "object" | "amount" | "currency" | "status" | "livemode" | "metadata"
>;

export interface FakeInvoice {
  id: string;
  object: "invoice";
  status: "paid";
  hosted_invoice_url: string;
  invoice_pdf: string;
  total: number;
  total_taxes: { amount: number }[];
  metadata: Record<string, string>;
}

/** VAT rates (percent) the fake's "Stripe Tax" applies by buyer country; elsewhere none. */
const FAKE_TAX_RATES: Record<string, number> = { IT: 22, DE: 19, FR: 20, IE: 23 };

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  invoices: Map<string, FakeInvoice>;
  /** The parameters the store sent for each session it created, as Stripe received them. */
  sent: Map<string, Record<string, string>>;
  refunds: { payment_intent: string; idempotencyKey: string | undefined }[];
  /** Headers of every request, in order (idempotency keys, API version). */
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  /**
   * The next `times` calls of `route` (default: creating a session) answer with this HTTP status: an
   * outage (5xx) or Stripe's rate limit (429).
   */
  failNext(status: number, times?: number, route?: string, whileFailing?: () => void): void;
  /**
   * The customer pays: the session completes with a payment intent (or, with nothing to pay, with
   * no_payment_required and neither intent nor charge); with automatic tax on, the
   * VAT of the buyer's `country` (default IT) is computed inside the price; with invoice_creation
   * on, a paid invoice is made.
   */
  pay(
    sessionId: string,
    buyer?: {
      country?: string;
      name?: string;
      city?: string;
      line1?: string;
      postalCode?: string;
      state?: string;
      /**
       * Tax IDs the buyer typed, kept only when the session collects them (tax_id_collection), in
       * Stripe's wire format: `{ type: "eu_vat", value: "DE136695976" }`.
       */
      taxIds?: { type: string; value: string }[];
      /** The business name typed beside them (customer_details.business_name). */
      businessName?: string;
    },
  ): FakeSession;
  /**
   * A session paid through something else on the same account (a Payment Link, another
   * integration), naming whatever `client_reference_id` it was given: its charge and
   * checkout.session.completed, as Stripe makes them.
   */
  foreignSession(fields: {
    client_reference_id: string | null;
    /** 0: a no-cost order (a free price or a 100 % discount), completed with no_payment_required. */
    amount?: number;
    currency?: string;
    /** setup: a session that saves a card and charges nothing (no_payment_required too). */
    mode?: "payment" | "setup";
  }): FakeSession;
  /** Charges by id, one per paid session. */
  charges: Map<string, Stripe.Charge>;
  paymentIntents: Map<string, FakePaymentIntent>;
  /** Every refund made (by the API or the Dashboard), by id. */
  refundObjects: Map<string, Stripe.Refund>;
  disputes: Map<string, Stripe.Dispute>;
  /** Every event, oldest first. */
  events: Stripe.Event[];
  /** The newest event of a type (throws if there is none). */
  lastEvent(type: Stripe.Event.Type): Stripe.Event;
  /**
   * Stripe's clock reaches `at` (seconds): every open session whose `expires_at` has come expires
   * (checkout.session.expired, status expired, no url), as Stripe expires them.
   */
  clockReaches(at: number): FakeSession[];
  /** The buyer completes Checkout with a payment that settles later (bank debit): complete but unpaid. */
  payLater(sessionId: string): FakeSession;
  /** The delayed payment arrives or fails (checkout.session.async_payment_succeeded / _failed). */
  settleLater(sessionId: string, outcome: "succeeded" | "failed"): FakeSession;
  /**
   * A refund started in the Stripe Dashboard (no API request): the whole remainder without
   * `amount`. Card refunds succeed at once; `pending` is a refund on its way, `requires_action`
   * one that waits for the buyer's bank details (methods without native refunds).
   */
  dashboardRefund(
    paymentIntentId: string,
    amount?: number,
    status?: "pending" | "requires_action" | "succeeded",
  ): Stripe.Refund;
  /**
   * A refund moves on (refund.updated, charge.refund.updated; refund.failed too when it fails): a
   * failed or canceled one gives its amount back to the charge. Only the moves Stripe makes.
   */
  settleRefund(refundId: string, status: "succeeded" | "failed" | "canceled"): Stripe.Refund;
  /**
   * The buyer's bank opens a chargeback on the payment's charge (charge.dispute.created, then
   * charge.dispute.funds_withdrawn), or only asks (an inquiry: warning_needs_response, no funds move).
   */
  openDispute(paymentIntentId: string, reason?: string, kind?: "chargeback" | "inquiry"): Stripe.Dispute;
  /** The dispute moves on (charge.dispute.updated), e.g. to under_review once evidence is sent. */
  updateDispute(disputeId: string, status: Stripe.Dispute.Status): Stripe.Dispute;
  /** The bank decides (charge.dispute.closed; funds_reinstated when a chargeback is won), or an inquiry closes. */
  closeDispute(disputeId: string, outcome: "won" | "lost" | "warning_closed"): Stripe.Dispute;
  /** Where `deliver` sends events: a URL (fetched) or a handler given the Request (a route's action in-process). */
  connectWebhook(secret: string, target: string | ((request: Request) => Promise<Response>)): void;
  /** Signs an event (or any body, to test malformed ones) as Stripe does and delivers it. */
  deliver(event: unknown): Promise<Response>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

const invalidRequest = (res: ServerResponse, message: string, extra: Record<string, string> = {}) =>
  send(res, 400, { error: { type: "invalid_request_error", message, ...extra } });

async function readBody(req: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return body;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
  res.end(JSON.stringify(body));
}

const notFound = (res: ServerResponse, what: string) =>
  send(res, 404, {
    error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
  });

const invalid = (res: ServerResponse, message: string, param?: string) =>
  send(res, 400, { error: { type: "invalid_request_error", message, ...(param && { param }) } });

/**
 * The top-level parameters an interface of the pinned SDK declares (stripe 23.1.0,
 * node_modules/stripe/cjs/resources/{file}), read from its .d.ts: the fake accepts these and refuses
 * any other, as Stripe answers "Received unknown parameter". A store request with a parameter the
 * SDK's types do not declare therefore fails its test.
 */
export function sdkParams(file: string, name: string): Set<string> {
  const source = readFileSync(
    fileURLToPath(new URL(`../../node_modules/stripe/cjs/resources/${file}`, import.meta.url)),
    "utf8",
  );
  const lines = source.split("\n");
  const start = lines.findIndex((line) =>
    new RegExp(`^\\s*(export )?interface ${name}( extends PaginationParams)? \\{$`).test(line),
  );
  if (start < 0) throw new Error(`${name} not found in ${file}`);
  const indent = (lines[start] ?? "").search(/\S/);
  const params = new Set<string>(
    lines[start]?.includes("extends PaginationParams") ? ["limit", "starting_after", "ending_before"] : [],
  );
  for (const line of lines.slice(start + 1)) {
    if (line.search(/\S/) === indent && line.trim() === "}") break;
    const match = line.match(/^(\s*)(\w+)\??:/);
    if (match?.[1]?.length === indent + 4 && match[2]) params.add(match[2]);
  }
  return params;
}

/** Stripe's answer to a parameter its API does not have, or null when every key is declared. */
const unknownParameter = (keys: Iterable<string>, declared: Set<string>) => {
  for (const key of keys) if (!declared.has(key.replace(/\[.*$/, ""))) return key;
  return null;
};

const SESSION_PARAMS = sdkParams("Checkout/Sessions.d.ts", "SessionCreateParams");
const DECLARED = {
  sessionList: sdkParams("Checkout/Sessions.d.ts", "SessionListParams"),
  sessionRetrieve: sdkParams("Checkout/Sessions.d.ts", "SessionRetrieveParams"),
  invoiceRetrieve: sdkParams("Invoices.d.ts", "InvoiceRetrieveParams"),
  paymentIntentRetrieve: sdkParams("PaymentIntents.d.ts", "PaymentIntentRetrieveParams"),
  refundCreate: sdkParams("Refunds.d.ts", "RefundCreateParams"),
  refundList: sdkParams("Refunds.d.ts", "RefundListParams"),
  disputeList: sdkParams("Disputes.d.ts", "DisputeListParams"),
};

/**
 * The nested parameters the store sends, checked key by key as Stripe does (other top-level
 * objects are accepted whole). `*` is any metadata key, `N` a list index.
 */
const NESTED_PARAMS = [
  "metadata[*]",
  "expand[N]",
  "line_items[N][quantity]",
  "line_items[N][price]",
  "line_items[N][tax_rates][N]",
  "line_items[N][metadata][*]",
  "line_items[N][price_data][currency]",
  "line_items[N][price_data][unit_amount]",
  "line_items[N][price_data][unit_amount_decimal]",
  "line_items[N][price_data][tax_behavior]",
  "line_items[N][price_data][product]",
  "line_items[N][price_data][product_data][name]",
  "line_items[N][price_data][product_data][description]",
  "line_items[N][price_data][product_data][tax_code]",
  "line_items[N][price_data][product_data][unit_label]",
  "line_items[N][price_data][product_data][images][N]",
  "line_items[N][price_data][product_data][metadata][*]",
  "payment_intent_data[metadata][*]",
  "payment_intent_data[description]",
  "payment_intent_data[receipt_email]",
  "payment_intent_data[statement_descriptor]",
  "payment_intent_data[statement_descriptor_suffix]",
  "payment_intent_data[capture_method]",
  "payment_intent_data[setup_future_usage]",
  "automatic_tax[enabled]",
  "automatic_tax[liability][type]",
  "automatic_tax[liability][account]",
  "tax_id_collection[enabled]",
  "tax_id_collection[required]",
  "invoice_creation[enabled]",
  "invoice_creation[invoice_data][description]",
  "invoice_creation[invoice_data][footer]",
  "invoice_creation[invoice_data][metadata][*]",
  "consent_collection[terms_of_service]",
  "consent_collection[promotions]",
  "consent_collection[payment_method_reuse_agreement][position]",
];
const NESTED = new Set(NESTED_PARAMS);
const CHECKED_OBJECTS = new Set(NESTED_PARAMS.map((p) => p.slice(0, p.indexOf("["))));
const INTEGER_PARAMS =
  /^(expires_at|line_items\[N\]\[quantity\]|line_items\[N\]\[price_data\]\[unit_amount\])$/;
const BOOLEAN_PARAMS =
  /^(allow_promotion_codes|automatic_tax\[enabled\]|tax_id_collection\[enabled\]|invoice_creation\[enabled\])$/;
const ENUM_PARAMS: Record<string, string[]> = {
  mode: ["payment", "setup", "subscription"],
  billing_address_collection: ["auto", "required"],
  "line_items[N][price_data][tax_behavior]": ["exclusive", "inclusive", "unspecified"],
  "tax_id_collection[required]": ["if_supported", "never"],
  "consent_collection[terms_of_service]": ["none", "required"],
  ui_mode: ["elements", "embedded_page", "form", "hosted_page"],
};

/**
 * Parameters Stripe takes in some modes only (Checkout/Sessions.d.ts: line_items "for payment and
 * subscription mode", payment_intent_data "in payment mode", payment_method_collection "can only be
 * set in subscription mode", submit_type "payment or subscription mode", setup_intent_data "in setup
 * mode"; invoice_creation is for one-time payments).
 */
const MODE_ONLY: Record<string, string[]> = {
  line_items: ["payment", "subscription"],
  payment_intent_data: ["payment"],
  invoice_creation: ["payment"],
  submit_type: ["payment", "subscription"],
  payment_method_collection: ["subscription"],
  setup_intent_data: ["setup"],
};

/** Stripe's minimum charge amounts (cents) for the currencies the tests use. */
const MINIMUM_CHARGE: Record<string, number> = { usd: 50, eur: 50, gbp: 30 };

/** A form key with its indices and metadata keys generalised: `line_items[0][quantity]` -> `line_items[N][quantity]`. */
const shapeOf = (key: string) => key.replace(/\[\d+\]/g, "[N]").replace(/(metadata\]?)\[[^\]]*\]$/, "$1[*]");

/**
 * Stripe's checks on a new Checkout Session that the store could trip: the first problem as
 * Stripe words it, with the parameter it names, or null.
 */
export function checkSessionParams(
  form: URLSearchParams,
  nowSeconds = Math.floor(Date.now() / 1000),
): { message: string; param: string } | null {
  const metadataKeys = new Map<string, number>();
  for (const [key, value] of form) {
    const top = key.replace(/\[.*$/, "");
    const shape = shapeOf(key);
    if (!SESSION_PARAMS.has(top) || (CHECKED_OBJECTS.has(top) && shape !== top && !NESTED.has(shape)))
      return { message: `Received unknown parameter: ${key}`, param: key };
    if (INTEGER_PARAMS.test(shape) && !/^-?\d+$/.test(value))
      return { message: `Invalid integer: ${value}`, param: key };
    if (BOOLEAN_PARAMS.test(shape) && value !== "true" && value !== "false")
      return { message: `Invalid boolean: ${value}`, param: key };
    const allowed = ENUM_PARAMS[shape];
    if (allowed && !allowed.includes(value))
      return { message: `Invalid ${key}: must be one of ${allowed.join(", ")}`, param: key };
    if (shape.endsWith("metadata[*]")) {
      const prefix = key.slice(0, key.lastIndexOf("["));
      const metadataKey = key.slice(prefix.length + 1, -1);
      metadataKeys.set(prefix, (metadataKeys.get(prefix) ?? 0) + 1);
      if ((metadataKeys.get(prefix) ?? 0) > 50)
        return { message: "Invalid metadata: metadata can have up to 50 keys.", param: prefix };
      if (metadataKey.length > 40)
        return { message: "Invalid metadata: keys can be at most 40 characters.", param: key };
      if (value.length > 500)
        return {
          message: `Metadata values can have up to 500 characters, but you passed in a value that is ${value.length} characters.`,
          param: key,
        };
    }
  }
  const required = (param: string) => ({ message: `Missing required param: ${param}.`, param });
  const mode = form.get("mode");
  for (const [param, modes] of Object.entries(MODE_ONLY)) {
    const given = [...form.keys()].some((key) => key === param || key.startsWith(`${param}[`));
    if (given && !modes.includes(mode ?? ""))
      return {
        message: `You can only pass \`${param}\` in ${modes.map((m) => `\`${m}\``).join(" or ")} mode.`,
        param,
      };
  }
  if (
    mode === "setup" &&
    !form.get("currency") &&
    ![...form.keys()].some((key) => /^(allowed_)?payment_method_types\[/.test(key))
  )
    return required("currency");
  if (mode === "payment") {
    const items = new Set([...form.keys()].flatMap((key) => key.match(/^line_items\[(\d+)\]/)?.[1] ?? []));
    if (items.size === 0) return required("line_items");
    for (const index of items) {
      const item = `line_items[${index}]`;
      const quantity = form.get(`${item}[quantity]`);
      if (quantity !== null && Number(quantity) < 1)
        return { message: "This value must be greater than or equal to 1.", param: `${item}[quantity]` };
      if (form.has(`${item}[price]`)) continue;
      if (!form.get(`${item}[price_data][currency]`)) return required(`${item}[price_data][currency]`);
      const amount = form.get(`${item}[price_data][unit_amount]`);
      if (amount !== null && Number(amount) < 0)
        return {
          message: "This value must be greater than or equal to 0.",
          param: `${item}[price_data][unit_amount]`,
        };
      if (!form.has(`${item}[price_data][product]`) && !form.get(`${item}[price_data][product_data][name]`))
        return required(`${item}[price_data][product_data][name]`);
    }
    // A total of 0 is a no-cost order; a total above 0 must reach the currency's minimum charge.
    const currency = form.get("line_items[0][price_data][currency]") ?? "";
    const minimum = MINIMUM_CHARGE[currency];
    const total = [...items].reduce(
      (sum, index) =>
        sum +
        Number(form.get(`line_items[${index}][price_data][unit_amount]`) ?? 0) *
          Number(form.get(`line_items[${index}][quantity]`) ?? 1),
      0,
    );
    if (minimum && total > 0 && total < minimum)
      return {
        message: `The Checkout Session's total amount due must add up to at least ${currency === "usd" ? "$" : ""}${(minimum / 100).toFixed(2)} ${currency}`,
        param: "line_items",
      };
  }
  for (const param of ["success_url", "cancel_url"]) {
    const value = form.get(param);
    if (value !== null && !URL.canParse(value)) return { message: "Not a valid URL", param };
  }
  const email = form.get("customer_email");
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return { message: `Invalid email address: ${email}`, param: "customer_email" };
  const reference = form.get("client_reference_id");
  if (reference !== null && reference.length > 200)
    return {
      message: "Invalid string: client_reference_id must be at most 200 characters",
      param: "client_reference_id",
    };
  const expiresAt = form.get("expires_at");
  if (expiresAt !== null) {
    const seconds = Number(expiresAt) - nowSeconds;
    if (seconds < 30 * 60)
      return {
        message: "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
        param: "expires_at",
      };
    if (seconds > 24 * 3600)
      return {
        message: "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
        param: "expires_at",
      };
  }
  return null;
}

/** A fake Stripe listening on 127.0.0.1: on `port` when given (a process others reach), else on a free one. */
export async function startFakeStripe(
  port = 0,
  /** livemode: the account's live mode (the store holds an sk_live_ key): sessions cs_live_…, every object and event live. */
  options: { livemode?: boolean } = {},
): Promise<FakeStripe> {
  const livemode = options.livemode ?? false;
  const sessions = new Map<string, FakeSession>();
  const invoices = new Map<string, FakeInvoice>();
  const sent = new Map<string, Record<string, string>>();
  /** What each idempotency key was first used with, and the session it made. */
  /**
   * Each idempotency key's request and the answer Stripe saved for it (a result, or a 500): a
   * replay gets it byte for byte; a request that failed validation saves nothing, as at Stripe.
   */
  const replays = new Map<string, { body: string; status: number; response: string }>();
  /** Payment intents by id: the status Checkout left each session's payment in. */
  const paymentIntents = new Map<string, FakePaymentIntent>();
  /**
   * The session as the API returns it, with its invoice and payment intent inline when the request
   * asked to expand them (`prefix` is "data." in a list).
   */
  const expanded = (session: FakeSession, expand: string[], prefix = "") => {
    const object: Record<string, unknown> = { ...checkoutSessionObject(session) };
    if (expand.includes(`${prefix}invoice`) && session.invoice)
      object.invoice = invoices.get(session.invoice) ?? session.invoice;
    if (expand.includes(`${prefix}payment_intent`) && session.payment_intent)
      object.payment_intent = paymentIntents.get(session.payment_intent) ?? session.payment_intent;
    return object;
  };
  /** A new payment intent for the session, in `status`. */
  const intend = (session: FakeSession, status: FakePaymentIntent["status"]) => {
    const intent: FakePaymentIntent = {
      id: id("pi"),
      object: "payment_intent",
      amount: session.amount_total ?? 0,
      currency: session.currency,
      status,
      livemode,
      metadata: session.metadata.order_id ? { order_id: session.metadata.order_id } : {},
    };
    paymentIntents.set(intent.id, intent);
    return intent.id;
  };
  const intentOf = (session: FakeSession) => {
    const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (!intent) throw new Error(`no payment intent for ${session.id}`);
    return intent;
  };
  const expandOf = (query: URLSearchParams) =>
    [...query].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);
  const refunds: FakeStripe["refunds"] = [];
  const requests: FakeStripe["requests"] = [];
  let failures: { status: number; times: number; route: string; whileFailing?: () => void } | null = null;
  const charges = new Map<string, Stripe.Charge>();
  const refundObjects = new Map<string, Stripe.Refund>();
  const disputes = new Map<string, Stripe.Dispute>();
  const events: Stripe.Event[] = [];
  let webhook: { secret: string; target: string | ((request: Request) => Promise<Response>) } | null = null;

  const emit = (type: Stripe.Event.Type, object: object, request: Stripe.Event.Request | null = null) => {
    const event = stripeEvent(type, object, request);
    event.livemode = livemode;
    const eventObject = event.data.object as { livemode?: boolean };
    if ("livemode" in eventObject) eventObject.livemode = livemode;
    events.push(event);
    return event;
  };
  const chargeOf = (paymentIntentId: string) =>
    [...charges.values()].find((charge) => charge.payment_intent === paymentIntentId);
  const sessionOf = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`unknown session ${sessionId}`);
    return session;
  };
  /** The money arrives: a charge for the session's payment intent. Stripe copies the payment
   * intent's metadata (the store's payment_intent_data.metadata: its order id) to the charge. */
  const charge = (session: FakeSession) => {
    const paid = chargeObject({
      paymentIntentId: session.payment_intent ?? "",
      amount: session.amount_total ?? 0,
      currency: session.currency,
      email: session.customer_email,
      metadata: session.metadata.order_id ? { order_id: session.metadata.order_id } : {},
    });
    charges.set(paid.id, paid);
  };
  /** Refunds `amount` (default: all that is left) of a charge, as Stripe does, or says why not. */
  const refund = (
    target: Stripe.Charge,
    amount: number | undefined,
    request: Stripe.Event.Request | null,
    status: "pending" | "requires_action" | "succeeded" = "succeeded",
  ): Stripe.Refund | { message: string; code: string; param?: string } => {
    const chargeback = [...disputes.values()].some(
      (dispute) =>
        dispute.charge === target.id && !dispute.status.startsWith("warning_") && dispute.status !== "won",
    );
    if (chargeback)
      return {
        code: "charge_disputed",
        message: `Charge ${target.id} has been charged back; cannot issue a refund.`,
      };
    const left = target.amount - target.amount_refunded;
    if (left === 0)
      return { code: "charge_already_refunded", message: `Charge ${target.id} has already been refunded.` };
    const value = amount ?? left;
    if (value > left)
      return {
        code: "amount_too_large",
        param: "amount",
        message: `Refund amount ($${(value / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
      };
    const made = { ...refundObject(target, value), status };
    refundObjects.set(made.id, made);
    target.amount_refunded += value;
    target.refunded = target.amount_refunded === target.amount;
    emit("refund.created", made, request);
    emit("charge.refunded", target, request);
    return made;
  };
  const disputeOf = (disputeId: string) => {
    const dispute = disputes.get(disputeId);
    if (!dispute) throw new Error(`unknown dispute ${disputeId}`);
    return dispute;
  };

  /**
   * A new open session, as Checkout makes one: a setup-mode session needs no payment from the start
   * and comes with its setup intent.
   */
  const openSession = (fields: {
    mode: string;
    client_reference_id: string | null;
    customer_email: string | null;
    metadata: Record<string, string>;
    amount_total: number | null;
    currency: string;
    success_url: string;
    cancel_url: string;
    expires_at: number;
    automaticTax: boolean;
  }) => {
    const sessionId = id(livemode ? "cs_live" : "cs_test");
    const { automaticTax, ...rest } = fields;
    const session: FakeSession = {
      ...rest,
      id: sessionId,
      object: "checkout.session",
      livemode,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      status: "open",
      payment_status: fields.mode === "setup" ? "no_payment_required" : "unpaid",
      payment_intent: null,
      setup_intent: fields.mode === "setup" ? id("seti") : null,
      customer: null,
      created: Math.floor(Date.now() / 1000),
      automatic_tax: {
        enabled: automaticTax,
        liability: null,
        provider: automaticTax ? "stripe" : null,
        status: automaticTax ? "complete" : null,
      },
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      customer_details: null,
      invoice: null,
    };
    sessions.set(sessionId, session);
    return session;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey });
    // A key of the account's own mode only, as Stripe's test and live modes are apart.
    if (!req.headers.authorization?.startsWith(`Bearer sk_${livemode ? "live" : "test"}_`)) {
      return send(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    }
    const body = req.method === "POST" ? await readBody(req) : "";
    if (req.method === "POST" && idempotencyKey) {
      const first = replays.get(idempotencyKey);
      if (first && first.body !== body)
        return send(res, 400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      if (first) {
        res.writeHead(first.status, { "Content-Type": "application/json", "Idempotent-Replayed": "true" });
        return res.end(first.response);
      }
      const end = res.end.bind(res);
      res.end = ((chunk: string) => {
        if (res.statusCode < 400 || res.statusCode >= 500)
          replays.set(idempotencyKey, { body, status: res.statusCode, response: chunk });
        return end(chunk);
      }) as typeof res.end;
    }
    if (failures && failures.times > 0 && failures.route === `${req.method} ${url.pathname}`) {
      failures.times--;
      failures.whileFailing?.();
      return send(
        res,
        failures.status,
        failures.status === 429
          ? {
              error: {
                type: "invalid_request_error",
                code: "rate_limit",
                message: "Too many requests hit the API too quickly.",
              },
            }
          : { error: { type: "api_error", message: "Stripe is having a bad day" } },
      );
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const form = new URLSearchParams(body);
      const problem = checkSessionParams(form);
      if (problem) return invalid(res, problem.message, problem.param);
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = key.match(/^metadata\[(.+)\]$/);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const created = Math.floor(Date.now() / 1000);
      const automaticTax = form.get("automatic_tax[enabled]") === "true";
      const mode = form.get("mode") ?? "";
      const session = openSession({
        mode,
        client_reference_id: form.get("client_reference_id"),
        customer_email: form.get("customer_email"),
        metadata,
        amount_total:
          mode === "setup"
            ? null
            : Number(form.get("line_items[0][price_data][unit_amount]")) *
              Number(form.get("line_items[0][quantity]") ?? 1),
        currency:
          (mode === "setup" ? form.get("currency") : form.get("line_items[0][price_data][currency]")) ?? "",
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        expires_at: Number(form.get("expires_at") ?? created + 24 * 3600),
        automaticTax,
      });
      sent.set(session.id, Object.fromEntries(form));
      return send(res, 200, checkoutSessionObject(session));
    }
    if (req.method === "GET" && url.pathname === "/v1/checkout/sessions") {
      const unknown = unknownParameter(url.searchParams.keys(), DECLARED.sessionList);
      if (unknown) return invalid(res, `Received unknown parameter: ${unknown}`, unknown);
      const limit = Number(url.searchParams.get("limit") ?? 10);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return invalid(res, "Invalid limit: must be between 1 and 100", "limit");
      const gte = Number(url.searchParams.get("created[gte]") ?? 0);
      const status = url.searchParams.get("status");
      // Newest first, as Stripe lists.
      let list = [...sessions.values()]
        .reverse()
        .sort((a, b) => b.created - a.created)
        .filter((session) => session.created >= gte && (!status || session.status === status));
      const after = url.searchParams.get("starting_after");
      if (after) {
        const index = list.findIndex((session) => session.id === after);
        if (index < 0) return notFound(res, "checkout.session");
        list = list.slice(index + 1);
      }
      const expand = expandOf(url.searchParams);
      return send(res, 200, {
        object: "list",
        url: "/v1/checkout/sessions",
        has_more: list.length > limit,
        data: list.slice(0, limit).map((session) => expanded(session, expand, "data.")),
      });
    }
    const invoice = url.pathname.match(/^\/v1\/invoices\/([^/]+)$/);
    if (req.method === "GET" && invoice?.[1]) {
      const unknown = unknownParameter(url.searchParams.keys(), DECLARED.invoiceRetrieve);
      if (unknown) return invalid(res, `Received unknown parameter: ${unknown}`, unknown);
      const found = invoices.get(decodeURIComponent(invoice[1]));
      return found ? send(res, 200, found) : notFound(res, "invoice");
    }
    const intent = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (req.method === "GET" && intent?.[1]) {
      const unknown = unknownParameter(url.searchParams.keys(), DECLARED.paymentIntentRetrieve);
      if (unknown) return invalid(res, `Received unknown parameter: ${unknown}`, unknown);
      const found = paymentIntents.get(decodeURIComponent(intent[1]));
      return found ? send(res, 200, found) : notFound(res, "payment_intent");
    }
    const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === "GET" && retrieve?.[1]) {
      const unknown = unknownParameter(url.searchParams.keys(), DECLARED.sessionRetrieve);
      if (unknown) return invalid(res, `Received unknown parameter: ${unknown}`, unknown);
      const session = sessions.get(decodeURIComponent(retrieve[1]));
      return session
        ? send(res, 200, expanded(session, expandOf(url.searchParams)))
        : notFound(res, "checkout.session");
    }
    if (req.method === "GET" && (url.pathname === "/v1/refunds" || url.pathname === "/v1/disputes")) {
      const unknown = unknownParameter(
        url.searchParams.keys(),
        url.pathname === "/v1/refunds" ? DECLARED.refundList : DECLARED.disputeList,
      );
      if (unknown) return invalid(res, `Received unknown parameter: ${unknown}`, unknown);
      const limit = Number(url.searchParams.get("limit") ?? 10);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return invalid(res, "Invalid limit: must be between 1 and 100", "limit");
      const paymentIntent = url.searchParams.get("payment_intent");
      const chargeId = url.searchParams.get("charge");
      const all: (Stripe.Refund | Stripe.Dispute)[] =
        url.pathname === "/v1/refunds" ? [...refundObjects.values()] : [...disputes.values()];
      let list = all
        .filter(
          (item) =>
            (!paymentIntent || item.payment_intent === paymentIntent) &&
            (!chargeId || item.charge === chargeId),
        )
        .reverse();
      const after = url.searchParams.get("starting_after");
      if (after) list = list.slice(list.findIndex((item) => item.id === after) + 1);
      return send(res, 200, {
        object: "list",
        url: url.pathname,
        has_more: list.length > limit,
        data: list.slice(0, limit),
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const form = new URLSearchParams(body);
      const unknown = unknownParameter(form.keys(), DECLARED.refundCreate);
      if (unknown) return invalid(res, `Received unknown parameter: ${unknown}`, unknown);
      const paymentIntent = form.get("payment_intent");
      const charge = paymentIntent ? chargeOf(paymentIntent) : charges.get(form.get("charge") ?? "");
      if (!charge) return notFound(res, paymentIntent ? "payment_intent" : "charge");
      const amountParam = form.get("amount");
      if (amountParam !== null && !/^[1-9]\d*$/.test(amountParam))
        return invalidRequest(res, "Invalid positive integer", { param: "amount" });
      const result = refund(charge, amountParam === null ? undefined : Number(amountParam), {
        id: id("req"),
        idempotency_key: idempotencyKey ?? null,
      });
      if ("code" in result) return invalidRequest(res, result.message, result);
      refunds.push({ payment_intent: String(charge.payment_intent), idempotencyKey });
      return send(res, 200, result);
    }
    notFound(res, "route");
  });
  const pay: FakeStripe["pay"] = (sessionId, buyer = {}) => {
    const session = sessionOf(sessionId);
    // Nothing to pay (setup mode, or a total of 0): Checkout collects no payment method, makes no
    // payment intent or charge, and always makes a Customer (no guest customers).
    if (session.payment_status === "no_payment_required" || session.amount_total === 0) {
      Object.assign(session, {
        status: "complete",
        payment_status: "no_payment_required",
        customer: id("cus"),
        customer_details: {
          email: session.customer_email,
          name: null,
          business_name: null,
          address: null,
          tax_exempt: "none",
          tax_ids: [],
        },
      });
      emit("checkout.session.completed", checkoutSessionObject(session));
      return session;
    }
    const amount = session.amount_total ?? 0;
    const params = sent.get(sessionId) ?? {};
    const country = buyer.country ?? "IT";
    const rate = session.automatic_tax.enabled ? (FAKE_TAX_RATES[country] ?? 0) : 0;
    // Tax-inclusive prices: the VAT is the part of the amount above the net price.
    const tax =
      params["line_items[0][price_data][tax_behavior]"] === "inclusive"
        ? amount - Math.round((amount * 100) / (100 + rate))
        : Math.round((amount * rate) / 100);
    let invoiceId: string | null = null;
    if (params["invoice_creation[enabled]"] === "true") {
      invoiceId = id("in");
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        const match = key.match(/^invoice_creation\[invoice_data\]\[metadata\]\[(.+)\]$/);
        if (match?.[1]) metadata[match[1]] = value;
      }
      invoices.set(invoiceId, {
        id: invoiceId,
        object: "invoice",
        status: "paid",
        hosted_invoice_url: `https://invoice.stripe.test/i/acct_fake/${invoiceId}`,
        invoice_pdf: `https://pay.stripe.test/invoice/acct_fake/${invoiceId}/pdf`,
        total: amount,
        total_taxes: [{ amount: tax }],
        metadata,
      });
    }
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      payment_intent: intend(session, "succeeded"),
      total_details: { ...session.total_details, amount_tax: tax },
      customer_details: {
        email: session.customer_email,
        name: buyer.name ?? "Test Buyer",
        business_name:
          params["tax_id_collection[enabled]"] === "true" && buyer.taxIds?.length
            ? (buyer.businessName ?? null)
            : null,
        // Without the full address ("auto"), a card payment still gives its country.
        address:
          session.automatic_tax.enabled || params.billing_address_collection === "required"
            ? {
                city: buyer.city ?? "Milano",
                country,
                line1: buyer.line1 ?? "Via Roma 1",
                line2: null,
                postal_code: buyer.postalCode ?? "20121",
                state: buyer.state ?? null,
              }
            : { city: null, country, line1: null, line2: null, postal_code: null, state: null },
        tax_exempt: "none",
        tax_ids: params["tax_id_collection[enabled]"] === "true" ? (buyer.taxIds ?? []) : [],
      },
      invoice: invoiceId,
    });
    charge(session);
    emit("checkout.session.completed", checkoutSessionObject(session));
    return session;
  };
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const listening = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${listening}`,
    sessions,
    invoices,
    sent,
    refunds,
    requests,
    failNext(status, times = 1, route = "POST /v1/checkout/sessions", whileFailing) {
      failures = { status, times, route, whileFailing };
    },
    pay,
    foreignSession({ client_reference_id, amount = 1000, currency = "usd", mode = "payment" }) {
      const created = Math.floor(Date.now() / 1000);
      const session = openSession({
        mode,
        client_reference_id,
        customer_email: "someone@else.test",
        metadata: {},
        amount_total: mode === "setup" ? null : amount,
        currency,
        success_url: "https://other.test/ok",
        cancel_url: "https://other.test/",
        expires_at: created + 24 * 3600,
        automaticTax: false,
      });
      return pay(session.id);
    },
    charges,
    paymentIntents,
    refundObjects,
    disputes,
    events,
    lastEvent(type) {
      const event = events.findLast((e) => e.type === type);
      if (!event) throw new Error(`no ${type} event`);
      return event;
    },
    clockReaches(at) {
      const due = [...sessions.values()].filter(
        (session) => session.status === "open" && session.expires_at <= at,
      );
      for (const session of due) {
        session.status = "expired";
        emit("checkout.session.expired", checkoutSessionObject(session));
      }
      return due;
    },
    payLater(sessionId) {
      const session = sessionOf(sessionId);
      Object.assign(session, {
        status: "complete",
        payment_status: "unpaid",
        payment_intent: intend(session, "processing"),
      });
      emit("checkout.session.completed", checkoutSessionObject(session));
      return session;
    },
    settleLater(sessionId, outcome) {
      const session = sessionOf(sessionId);
      if (outcome === "succeeded") {
        session.payment_status = "paid";
        intentOf(session).status = "succeeded";
        charge(session);
      } else {
        // The debit was refused: the intent waits for another payment method; the session stays unpaid.
        intentOf(session).status = "requires_payment_method";
      }
      emit(`checkout.session.async_payment_${outcome}`, checkoutSessionObject(session));
      return session;
    },
    dashboardRefund(paymentIntentId, amount, status) {
      const target = chargeOf(paymentIntentId);
      if (!target) throw new Error(`no charge for ${paymentIntentId}`);
      const result = refund(target, amount, null, status);
      if ("code" in result) throw new Error(result.message);
      return result;
    },
    settleRefund(refundId, status) {
      const moved = refundObjects.get(refundId);
      if (!moved) throw new Error(`unknown refund ${refundId}`);
      const target = charges.get(String(moved.charge));
      if (!target) throw new Error(`no charge for refund ${refundId}`);
      // pending and requires_action move on; a succeeded refund can still fail (the card is gone).
      const from: Record<typeof status, string[]> = {
        succeeded: ["pending", "requires_action"],
        canceled: ["pending", "requires_action"],
        failed: ["pending", "succeeded"],
      };
      if (!from[status].includes(moved.status ?? ""))
        throw new Error(`Stripe does not move a ${moved.status} refund to ${status}`);
      moved.status = status;
      if (status === "failed") moved.failure_reason = "expired_or_canceled_card";
      if (status !== "succeeded") {
        target.amount_refunded -= moved.amount;
        target.refunded = false;
      }
      emit("charge.refund.updated", moved);
      emit("refund.updated", moved);
      if (status === "failed") emit("refund.failed", moved);
      return moved;
    },
    openDispute(paymentIntentId, reason, kind = "chargeback") {
      const target = chargeOf(paymentIntentId);
      if (!target) throw new Error(`no charge for ${paymentIntentId}`);
      const dispute = disputeObject(
        target,
        reason,
        kind === "inquiry" ? "warning_needs_response" : "needs_response",
      );
      disputes.set(dispute.id, dispute);
      target.disputed = true;
      emit("charge.dispute.created", dispute);
      if (kind === "chargeback") emit("charge.dispute.funds_withdrawn", dispute);
      return dispute;
    },
    updateDispute(disputeId, status) {
      const dispute = disputeOf(disputeId);
      dispute.status = status;
      emit("charge.dispute.updated", dispute);
      return dispute;
    },
    closeDispute(disputeId, outcome) {
      const dispute = disputeOf(disputeId);
      const inquiry = dispute.status.startsWith("warning_");
      if (inquiry !== (outcome === "warning_closed"))
        throw new Error(`Stripe does not close a ${dispute.status} dispute as ${outcome}`);
      dispute.status = outcome;
      emit("charge.dispute.closed", dispute);
      if (outcome === "won") emit("charge.dispute.funds_reinstated", dispute);
      return dispute;
    },
    connectWebhook(secret, target) {
      webhook = { secret, target };
    },
    async deliver(event) {
      if (!webhook) throw new Error("connectWebhook() first");
      const { body, signature } = signDelivery(event, webhook.secret);
      const url = typeof webhook.target === "string" ? webhook.target : "http://shop.test/webhooks/stripe";
      const request = new Request(url, {
        method: "POST",
        body,
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
      });
      return typeof webhook.target === "string" ? fetch(request) : webhook.target(request);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
