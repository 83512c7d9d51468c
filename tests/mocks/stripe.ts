/**
 * A local stand-in for the Stripe API that speaks its wire format (form-encoded requests, JSON
 * objects and errors) for the calls the store makes: create and retrieve Checkout Sessions, and
 * create refunds. Tests drive the "customer" side with `pay()` and read what the store sent.
 * Payments, refunds and disputes record the events Stripe would send (stripe-events.ts builds
 * them with the SDK's shapes); `deliver()` signs one and sends it to the connected endpoint.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
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
  url: string;
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  refunds: { payment_intent: string; idempotencyKey: string | undefined }[];
  /** Headers of every request, in order (idempotency keys, API version). */
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** The next create-session calls answer with this HTTP status (simulates an outage). */
  failNext(status: number, times?: number): void;
  /** The customer pays: the session completes with a payment intent and a charge (event checkout.session.completed). */
  pay(sessionId: string): FakeSession;
  /** Charges by id, one per paid session. */
  charges: Map<string, Stripe.Charge>;
  /** Every refund made (by the API or the Dashboard), by id. */
  refundObjects: Map<string, Stripe.Refund>;
  disputes: Map<string, Stripe.Dispute>;
  /** Every event, oldest first. */
  events: Stripe.Event[];
  /** The newest event of a type (throws if there is none). */
  lastEvent(type: Stripe.Event.Type): Stripe.Event;
  /** The buyer completes Checkout with a payment that settles later (bank debit): complete but unpaid. */
  payLater(sessionId: string): FakeSession;
  /** The delayed payment arrives or fails (checkout.session.async_payment_succeeded / _failed). */
  settleLater(sessionId: string, outcome: "succeeded" | "failed"): FakeSession;
  /** A refund started in the Stripe Dashboard (no API request): the whole remainder without `amount`. */
  dashboardRefund(paymentIntentId: string, amount?: number): Stripe.Refund;
  /** A refund that the bank later returns (refund.failed, charge.refund.updated): the charge is unrefunded by its amount. */
  failRefund(refundId: string): Stripe.Refund;
  /** The buyer's bank opens a dispute on the payment's charge (charge.dispute.created). */
  openDispute(paymentIntentId: string, reason?: string): Stripe.Dispute;
  /** The dispute moves on (charge.dispute.updated), e.g. to under_review once evidence is sent. */
  updateDispute(disputeId: string, status: Stripe.Dispute.Status): Stripe.Dispute;
  /** The bank decides (charge.dispute.closed). */
  closeDispute(disputeId: string, outcome: "won" | "lost"): Stripe.Dispute;
  /** Where `deliver` sends events: a URL (fetched) or a handler given the Request (a route's action in-process). */
  connectWebhook(secret: string, target: string | ((request: Request) => Promise<Response>)): void;
  /** Signs an event (or any body, to test malformed ones) as Stripe does and delivers it. */
  deliver(event: unknown): Promise<Response>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

const invalidRequest = (res: ServerResponse, message: string, extra: Record<string, string> = {}) =>
  send(res, 400, { error: { type: "invalid_request_error", message, ...extra } });

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
  res.end(JSON.stringify(body));
}

const notFound = (res: ServerResponse, what: string) =>
  send(res, 404, {
    error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
  });

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, FakeSession>();
  const refunds: FakeStripe["refunds"] = [];
  const requests: FakeStripe["requests"] = [];
  let failures: { status: number; times: number } | null = null;
  const charges = new Map<string, Stripe.Charge>();
  const refundObjects = new Map<string, Stripe.Refund>();
  const refundsByKey = new Map<string, { body: string; refund: Stripe.Refund }>();
  const disputes = new Map<string, Stripe.Dispute>();
  const events: Stripe.Event[] = [];
  let webhook: { secret: string; target: string | ((request: Request) => Promise<Response>) } | null = null;

  const emit = (type: Stripe.Event.Type, object: object, request: Stripe.Event.Request | null = null) => {
    const event = stripeEvent(type, object, request);
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
      amount: session.amount_total,
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
  ) => {
    const left = target.amount - target.amount_refunded;
    if (left === 0) return `Charge ${target.id} has already been refunded.`;
    const value = amount ?? left;
    if (value > left)
      return `Refund amount ($${(value / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`;
    const made = refundObject(target, value);
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

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey });
    if (!req.headers.authorization?.startsWith("Bearer sk_test_")) {
      return send(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (failures && failures.times > 0) {
        failures.times--;
        return send(res, failures.status, {
          error: { type: "api_error", message: "Stripe is having a bad day" },
        });
      }
      const form = await readForm(req);
      const existing = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (existing) return send(res, 200, existing);
      const sessionId = id("cs_test");
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = key.match(/^metadata\[(.+)\]$/);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const session: FakeSession = {
        id: sessionId,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        mode: form.get("mode") ?? "",
        status: "open",
        payment_status: "unpaid",
        client_reference_id: form.get("client_reference_id"),
        customer_email: form.get("customer_email"),
        metadata,
        amount_total:
          Number(form.get("line_items[0][price_data][unit_amount]")) *
          Number(form.get("line_items[0][quantity]") ?? 1),
        currency: form.get("line_items[0][price_data][currency]") ?? "",
        payment_intent: null,
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
      };
      sessions.set(sessionId, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      return send(res, 200, session);
    }
    const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === "GET" && retrieve?.[1]) {
      const session = sessions.get(decodeURIComponent(retrieve[1]));
      return session ? send(res, 200, session) : notFound(res, "checkout.session");
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const form = await readForm(req);
      const body = form.toString();
      const replay = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      if (replay) {
        if (replay.body !== body)
          return send(res, 400, {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        return send(res, 200, replay.refund);
      }
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
      if (typeof result === "string") return invalidRequest(res, result, { param: "amount" });
      refunds.push({ payment_intent: String(charge.payment_intent), idempotencyKey });
      if (idempotencyKey) refundsByKey.set(idempotencyKey, { body, refund: result });
      return send(res, 200, result);
    }
    notFound(res, "route");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    requests,
    failNext(status, times = 1) {
      failures = { status, times };
    },
    pay(sessionId) {
      const session = sessionOf(sessionId);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: id("pi") });
      charge(session);
      emit("checkout.session.completed", checkoutSessionObject(session));
      return session;
    },
    charges,
    refundObjects,
    disputes,
    events,
    lastEvent(type) {
      const event = events.findLast((e) => e.type === type);
      if (!event) throw new Error(`no ${type} event`);
      return event;
    },
    payLater(sessionId) {
      const session = sessionOf(sessionId);
      Object.assign(session, { status: "complete", payment_status: "unpaid", payment_intent: id("pi") });
      emit("checkout.session.completed", checkoutSessionObject(session));
      return session;
    },
    settleLater(sessionId, outcome) {
      const session = sessionOf(sessionId);
      if (outcome === "succeeded") {
        session.payment_status = "paid";
        charge(session);
      }
      emit(`checkout.session.async_payment_${outcome}`, checkoutSessionObject(session));
      return session;
    },
    dashboardRefund(paymentIntentId, amount) {
      const target = chargeOf(paymentIntentId);
      if (!target) throw new Error(`no charge for ${paymentIntentId}`);
      const result = refund(target, amount, null);
      if (typeof result === "string") throw new Error(result);
      return result;
    },
    failRefund(refundId) {
      const failed = refundObjects.get(refundId);
      if (!failed) throw new Error(`unknown refund ${refundId}`);
      const target = charges.get(String(failed.charge));
      if (!target) throw new Error(`no charge for refund ${refundId}`);
      Object.assign(failed, { status: "failed", failure_reason: "expired_or_canceled_card" });
      target.amount_refunded -= failed.amount;
      target.refunded = false;
      emit("charge.refund.updated", failed);
      emit("refund.updated", failed);
      emit("refund.failed", failed);
      return failed;
    },
    openDispute(paymentIntentId, reason) {
      const target = chargeOf(paymentIntentId);
      if (!target) throw new Error(`no charge for ${paymentIntentId}`);
      const dispute = disputeObject(target, reason);
      disputes.set(dispute.id, dispute);
      target.disputed = true;
      emit("charge.dispute.created", dispute);
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
      dispute.status = outcome;
      emit("charge.dispute.closed", dispute);
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
