/**
 * The fake Stripe of tests/mocks/stripe.ts as a process, for the live store of the e2e tests
 * (playwright.config.ts, E2E.live): the store's STRIPE_API_BASE points at FAKE_STRIPE_PORT, and
 * its events go to STORE_URL/webhooks/stripe signed with STRIPE_WEBHOOK_SECRET, as Stripe sends
 * them. A test plays the buyer on Stripe's side through a small control server on CONTROL_PORT:
 *
 *   GET  /sessions          every Checkout Session the store created, newest last (id, amount_total, status)
 *   POST /sessions/:id/pay  the buyer pays: the session completes and checkout.session.completed
 *                           is delivered to the store; answers the session and the store's status.
 *                           An optional JSON body is what the buyer typed on Stripe's page (the
 *                           `buyer` of FakeStripe.pay: country, name, address, taxIds, businessName)
 *
 * Run by Playwright's webServer command: `node --import tsx tests/e2e/fake-stripe-server.ts`.
 */
import { createServer } from "node:http";
import { startFakeStripe } from "../mocks/stripe.ts";

const { FAKE_STRIPE_PORT, CONTROL_PORT, STORE_URL, STRIPE_WEBHOOK_SECRET } = process.env;
if (!FAKE_STRIPE_PORT || !CONTROL_PORT || !STORE_URL || !STRIPE_WEBHOOK_SECRET)
  throw new Error("FAKE_STRIPE_PORT, CONTROL_PORT, STORE_URL and STRIPE_WEBHOOK_SECRET must be set");

const stripe = await startFakeStripe(Number(FAKE_STRIPE_PORT));
stripe.connectWebhook(STRIPE_WEBHOOK_SECRET, `${STORE_URL}/webhooks/stripe`);

const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

const control = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://control");
  if (req.method === "GET" && url.pathname === "/healthz") return json(res, 200, { ok: true });
  if (req.method === "GET" && url.pathname === "/sessions") {
    return json(
      res,
      200,
      [...stripe.sessions.values()].map(({ id, amount_total, status }) => ({ id, amount_total, status })),
    );
  }
  const pay = url.pathname.match(/^\/sessions\/([^/]+)\/pay$/);
  if (req.method === "POST" && pay) {
    const id = decodeURIComponent(pay[1]!);
    if (!stripe.sessions.has(id)) return json(res, 404, { error: "No such session" });
    let text = "";
    for await (const chunk of req) text += chunk;
    const session = stripe.pay(id, text ? JSON.parse(text) : {});
    const delivered = await stripe.deliver(stripe.lastEvent("checkout.session.completed"));
    return json(res, 200, { session, webhookStatus: delivered.status });
  }
  json(res, 404, { error: "No such route" });
});
control.listen(Number(CONTROL_PORT), "127.0.0.1");
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    control.close();
    void stripe.close().then(() => process.exit(0));
  });
