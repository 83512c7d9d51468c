/**
 * Fault suite: the paths a payment takes to the buyer's e-mail, against the built store as a child
 * process, on PGlite and on PostgreSQL (issue 16). Stripe's events delivered three times each,
 * concurrently and out of order; the success page before the webhook; no webhook at all (the
 * success page alone, then reconciliation); the SMTP server refusing, then down, then back. After
 * each, the test counts orders and the e-mails as the SMTP server received them: one each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#db/schema.ts";
import { startSmtp, type TestSmtp } from "../mocks/smtp.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import type { RunningServer } from "../setup/server.ts";

const WEBHOOK_SECRET = "whsec_faults_delivery";
const ADMIN_PATH = "faults-admin-0123456789";
const SUCCESS_PATH = "faults-success-0123456789";

for (const backend of testBackends()) {
  describe(`fault: webhooks, success page, reconciliation and SMTP on ${backend.name}`, () => {
    /** Every SMTP server the test ran (it is stopped and started again), so every e-mail is counted. */
    const smtps: TestSmtp[] = [];
    let stripe: FakeStripe;
    let seeded: Awaited<ReturnType<typeof startSeededServer>>;
    let store: RunningServer;
    let cookie: string;
    let buyers = 0;

    const received = () =>
      smtps.flatMap((s) => s.messages).map((m) => (m.to && "text" in m.to ? m.to.text : ""));
    const receivedBy = (email: string) => received().filter((to) => to === email).length;

    beforeAll(async () => {
      smtps.push(await startSmtp());
      stripe = await startFakeStripe();
      seeded = await startSeededServer(backend, {
        SMTP_URL: smtps[0]!.url,
        STRIPE_SECRET_KEY: "sk_test_faults",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        ADMIN_PATH,
        SUCCESS_PATH,
        TRUST_PROXY: "1",
        RECONCILE_INTERVAL_S: "0",
      });
      store = seeded.server;
      stripe.connectWebhook(WEBHOOK_SECRET, `${store.url}/webhooks/stripe`);
      cookie = (
        await fetch(`${store.url}/${ADMIN_PATH}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "sign-in", password: "seeded-admin-password" }),
          headers: { origin: store.url },
          redirect: "manual",
        })
      ).headers
        .get("set-cookie")!
        .split(";")[0]!;
    }, 180_000);
    afterAll(async () => {
      await store?.stop();
      await Promise.all(smtps.map((s) => s.close()));
      await stripe?.close();
      await backend.cleanup();
    });

    /** A buyer checks out and pays on Stripe; returns the e-mail and the session. */
    async function buyAndPay() {
      const email = `buyer-${++buyers}@example.com`;
      const checkout = await fetch(`${store.url}/checkout`, {
        method: "POST",
        body: new URLSearchParams({ intent: "buy", email, consent: "on" }),
        headers: { "x-forwarded-for": `198.51.100.${buyers}` },
        redirect: "manual",
      });
      expect(checkout.status).toBe(303);
      const session = stripe.pay([...stripe.sessions.values()].at(-1)!.id);
      return { email, session, completed: stripe.lastEvent("checkout.session.completed") };
    }

    const admin = (form: Record<string, string>) =>
      fetch(`${store.url}/${ADMIN_PATH}`, {
        method: "POST",
        body: new URLSearchParams(form),
        headers: { origin: store.url, cookie },
        redirect: "manual",
      });

    /** Waits for the e-mail, then a little longer to see that no second copy follows. */
    async function expectOneEmail(email: string) {
      await expect.poll(() => receivedBy(email), { timeout: 20_000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(receivedBy(email)).toBe(1);
    }

    it("each Stripe event delivered three times, concurrently and out of order: one paid order and one e-mail each", async () => {
      const bought = [await buyAndPay(), await buyAndPay(), await buyAndPay()];
      const deliveries = bought.flatMap((b) => [b.completed, b.completed, b.completed]).reverse();
      // Out of order: the last payment's events first, interleaved, all at once.
      const shuffled = deliveries.map((_event, i) => deliveries[(i * 4) % deliveries.length]!);
      const answers = await Promise.all(shuffled.map((event) => stripe.deliver(event)));
      expect(answers.map((a) => a.status)).toEqual(shuffled.map(() => 200));
      for (const { email } of bought) await expectOneEmail(email);
    });

    it("the success page before the webhook: the page shows the download, the late events add nothing", async () => {
      const { email, session, completed } = await buyAndPay();
      const page = await fetch(`${store.url}/${SUCCESS_PATH}?session_id=${session.id}`);
      expect(await page.text()).toContain("Payment Successful!");
      const late = await Promise.all([1, 2, 3].map(() => stripe.deliver(completed)));
      expect(late.map((a) => a.status)).toEqual([200, 200, 200]);
      await expectOneEmail(email);
    });

    it("no webhook at all: the success page alone delivers, and reconciliation delivers the order nobody returned to", async () => {
      const returned = await buyAndPay();
      const page = await fetch(`${store.url}/${SUCCESS_PATH}?session_id=${returned.session.id}`);
      expect(await page.text()).toContain("Payment Successful!");
      const walkedAway = await buyAndPay();
      expect((await admin({ intent: "reconcile" })).status).toBe(200);
      await expectOneEmail(returned.email);
      await expectOneEmail(walkedAway.email);
      // A second pass finds nothing left to do and sends nothing.
      expect((await admin({ intent: "reconcile" })).status).toBe(200);
      await expectOneEmail(walkedAway.email);
    });

    it("SMTP refusing, then down, then back: the e-mail goes out exactly once", async () => {
      const first = smtps[0]!;
      first.refuse = "Mailbox temporarily unavailable";
      const { email, completed } = await buyAndPay();
      expect((await stripe.deliver(completed)).status).toBe(200);
      const failedIds = async () => {
        const html = await (await fetch(`${store.url}/${ADMIN_PATH}/ordini`, { headers: { cookie } })).text();
        return [...html.matchAll(/name="emailId" value="(\d+)"/g)].map((m) => m[1]!);
      };
      await expect.poll(failedIds, { timeout: 20_000 }).toHaveLength(1);
      const [emailId] = await failedIds();
      // Down: the owner's retry meets a closed port.
      const port = new URL(first.url).port;
      await first.close();
      expect((await admin({ intent: "retry-email", emailId: emailId! })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2_000));
      // Back, at the same address: the next retry delivers it, once.
      smtps.push(await startSmtp(Number(port)));
      expect((await admin({ intent: "retry-email", emailId: emailId! })).status).toBe(200);
      await expectOneEmail(email);
      await expect.poll(failedIds, { timeout: 10_000 }).toEqual([]);
    });

    it("in the end: every order paid once, one e-mail per buyer", async () => {
      await store.stop();
      const services = await seeded.open();
      try {
        const rows = await services.database.db.select().from(orders);
        expect(rows.every((o) => o.status === "paid")).toBe(true);
        expect(rows).toHaveLength(buyers + 1);
        const expected = [
          "buyer@example.com",
          ...Array.from({ length: buyers }, (_, i) => `buyer-${i + 1}@example.com`),
        ];
        expect(received().sort()).toEqual(expected.sort());
      } finally {
        await services.close();
      }
    });
  });
}
