/**
 * Fault suite: the built store killed for real (SIGKILL) and started again on the same data, on
 * PGlite and on PostgreSQL (issue 16). Killed during fulfilment while the SMTP server holds the
 * delivery e-mail, during a 300 MB upload, and during 20 concurrent downloads; after each restart
 * the test counts what a buyer and the owner would: one paid order, one e-mail that arrives within
 * seconds (not a lease later), the previous product current and intact, no file left behind.
 */
import { createHash } from "node:crypto";
import { mkdtemp, readdir, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orders, products } from "#db/schema.ts";
import { startSmtp, type TestSmtp } from "../mocks/smtp.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import type { RunningServer } from "../setup/server.ts";
import { buildZip } from "../setup/zip-fixtures.ts";

const PRODUCT_BYTES = 40 * 1024 * 1024;
const UPLOAD_BYTES = 300 * 1024 * 1024;
const WEBHOOK_SECRET = "whsec_faults_crash";
const ADMIN_PATH = "faults-admin-0123456789";

const recipients = (smtp: TestSmtp) => smtp.messages.map((m) => (m.to && "text" in m.to ? m.to.text : ""));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

for (const backend of testBackends()) {
  describe(`fault: SIGKILL and restart on ${backend.name}`, () => {
    let smtp: TestSmtp;
    let stripe: FakeStripe;
    let seeded: Awaited<ReturnType<typeof startSeededServer>>;
    let store: RunningServer;
    let productSha: string;

    beforeAll(async () => {
      smtp = await startSmtp();
      stripe = await startFakeStripe();
      // A product large enough that a download or an upload is still under way when the store is killed.
      const productFile = join(await mkdtemp(join(tmpdir(), "faults-product-")), "toolkit.zip");
      const product = buildZip([{ name: "templates.bin", data: Buffer.alloc(PRODUCT_BYTES, 7) }]);
      await writeFile(productFile, product);
      productSha = sha256(product);
      seeded = await startSeededServer(
        backend,
        {
          SMTP_URL: smtp.url,
          STRIPE_SECRET_KEY: "sk_test_faults",
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: stripe.url,
          ADMIN_PATH,
          TRUST_PROXY: "1",
          LOG_LEVEL: "info",
          RECONCILE_INTERVAL_S: "0",
        },
        productFile,
      );
      store = seeded.server;
    }, 180_000);
    afterAll(async () => {
      await store?.stop();
      await smtp?.close();
      await stripe?.close();
      await backend.cleanup();
    });

    const kill = async () => {
      expect(await store.stop("SIGKILL")).toBeNull();
      store = await seeded.restart();
    };

    it("killed during fulfilment while the SMTP server holds the e-mail: one paid order, one e-mail, seconds late", async () => {
      // The seeded order's own delivery e-mail goes out first.
      await expect.poll(() => recipients(smtp), { timeout: 20_000 }).toEqual(["buyer@example.com"]);
      const checkout = await fetch(`${store.url}/checkout`, {
        method: "POST",
        body: new URLSearchParams({ intent: "buy", email: "killed@example.com", consent: "on" }),
        headers: { "x-forwarded-for": "198.51.100.1" },
        redirect: "manual",
      });
      expect(checkout.status).toBe(303);
      const session = stripe.pay([...stripe.sessions.values()].at(-1)!.id);
      const completed = stripe.lastEvent("checkout.session.completed");
      let release = () => {};
      smtp.hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      stripe.connectWebhook(WEBHOOK_SECRET, `${store.url}/webhooks/stripe`);
      expect((await stripe.deliver(completed)).status).toBe(200);
      // The outbox has claimed the e-mail and is talking to the SMTP server when the store dies.
      await expect.poll(() => smtp.arriving, { timeout: 10_000 }).toBe(2);
      await kill();
      release();
      smtp.hold = null;
      // Stripe delivers the event again, three times at once, to the restarted store.
      stripe.connectWebhook(WEBHOOK_SECRET, `${store.url}/webhooks/stripe`);
      const again = await Promise.all([1, 2, 3].map(() => stripe.deliver(completed)));
      expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
      const restartedAt = Date.now();
      await expect
        .poll(() => recipients(smtp).filter((to) => to === "killed@example.com").length, {
          timeout: 15_000,
        })
        .toBe(1);
      // Taken back at start, not after the two-minute claim.
      expect(Date.now() - restartedAt).toBeLessThan(15_000);
      expect(session.payment_status).toBe("paid");
    });

    it("killed during a 300 MB upload: the previous product stays current and intact, the sweep removes the leftover and says so", async () => {
      const cookie = (
        await fetch(`${store.url}/${ADMIN_PATH}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "sign-in", password: "seeded-admin-password" }),
          headers: { origin: store.url },
          redirect: "manual",
        })
      ).headers
        .get("set-cookie")!
        .split(";")[0]!;
      const boundary = "----faults-upload";
      const head = new TextEncoder().encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      );
      const chunk = new Uint8Array(1024 * 1024).fill(9);
      let sent = 0;
      // Made as it is sent (never whole in memory or committed), 300 MB of it.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(head);
        },
        pull(controller) {
          if (sent >= UPLOAD_BYTES) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const upload = fetch(`${store.url}/${ADMIN_PATH}/upload`, {
        method: "POST",
        body,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie, origin: store.url },
        duplex: "half",
      } as RequestInit).catch((error: unknown) => error);
      const temporary = join(store.dataDir, "files", ".tmp");
      const partSize = async () => {
        const names = await readdir(temporary).catch(() => []);
        const sizes = await Promise.all(names.map((n) => stat(join(temporary, n)).then((s) => s.size)));
        return Math.max(0, ...sizes);
      };
      await expect.poll(partSize, { timeout: 60_000, interval: 100 }).toBeGreaterThan(50 * 1024 * 1024);
      await kill();
      expect(await upload).toBeInstanceOf(Error);

      expect(store.output()).toMatch(/"files":1,"bytes":\d+,"msg":"removed files left by failed uploads"/);
      expect(await readdir(temporary)).toEqual([]);
      expect(await readdir(join(store.dataDir, "files", "products"))).toHaveLength(1);
      // The buyer still downloads their copy of the previous product, byte for byte.
      const download = await fetch(`${store.url}/download/${seeded.token()}`);
      expect(download.status).toBe(200);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(seeded.copy.bytes));
    }, 120_000);

    it("killed during 20 concurrent downloads: the product is intact and downloads again", async () => {
      const readers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const res = await fetch(`${store.url}/download/${seeded.token()}`, {
            headers: { "x-forwarded-for": `198.51.100.${10 + i}` },
          });
          expect(res.status).toBe(200);
          const reader = res.body!.getReader();
          await reader.read();
          return reader;
        }),
      );
      await kill();
      // Each cut download ends in an error, never in a short file that looks whole.
      for (const reader of readers) {
        const ended = await (async () => {
          for (;;) {
            const { done } = await reader.read();
            if (done) return "done";
          }
        })().catch(() => "cut");
        expect(ended).toBe("cut");
      }
      const download = await fetch(`${store.url}/download/${seeded.token()}`);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(seeded.copy.bytes));
    }, 120_000);

    it("after every kill: one paid order per buyer, one e-mail each, nothing unsent, one product and its file", async () => {
      await store.stop();
      const services = await seeded.open();
      try {
        const db = services.database.db;
        const paid = await db.select({ email: orders.email, status: orders.status }).from(orders);
        expect(paid.map((o) => `${o.email}:${o.status}`).sort()).toEqual([
          "buyer@example.com:paid",
          "killed@example.com:paid",
        ]);
        expect(recipients(smtp).sort()).toEqual(["buyer@example.com", "killed@example.com"]);
        const unsent = (await db.select().from(emailOutbox)).filter((m) => m.sentAt === null);
        expect(unsent).toEqual([]);
        const current = (await db.select().from(products)).filter((p) => p.current);
        expect(current.map((p) => p.sha256)).toEqual([productSha]);
        expect(await services.files.list("products/")).toEqual([
          expect.objectContaining({ key: current[0]!.fileKey, size: current[0]!.size }),
        ]);
      } finally {
        await services.close();
      }
    }, 60_000);
  });
}
