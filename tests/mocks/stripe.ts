/**
 * A local stand-in for the Stripe API that speaks its wire format (form-encoded requests, JSON
 * objects and errors) for the calls the store makes: create and retrieve Checkout Sessions, and
 * create refunds. Tests drive the "customer" side with `pay()` and read what the store sent.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

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
  /** The customer pays: the session completes with a payment intent. */
  pay(sessionId: string): FakeSession;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

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
      const paymentIntent = form.get("payment_intent") ?? "";
      if (![...sessions.values()].some((s) => s.payment_intent === paymentIntent))
        return notFound(res, "payment_intent");
      refunds.push({ payment_intent: paymentIntent, idempotencyKey });
      return send(res, 200, {
        id: id("re"),
        object: "refund",
        payment_intent: paymentIntent,
        status: "succeeded",
      });
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
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`unknown session ${sessionId}`);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: id("pi") });
      return session;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
