/**
 * Issue 32, item 2: after its 300 s a download link only continues what it already sent, for the
 * same file (`Range: bytes=0-`, which download managers send first, is a fresh download), and a
 * link the buyer confirmed after a sharing alert still goes through the network check (ADR 035).
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { redeemConfirmation } from "#app/lib/downloads/download-confirmation.server.ts";
import { IN_FLIGHT_BYTES } from "#app/lib/downloads/link-use.server.ts";
import {
  createDownloadToken,
  type DownloadRequest,
  prepareDownload,
} from "#app/lib/downloads/prepare-download.server.ts";
import { processOutbox } from "#app/lib/mail/outbox.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { downloads, orders } from "#db/schema.ts";
import { startSmtp, type TestSmtp } from "../mocks/smtp.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const EXPIRED = 5 * 60_000 + 1;
const REFUSED = { kind: "refuse", reason: "invalid-link" };

for (const backend of testBackends()) {
  describe(`expired and confirmed download links on ${backend.name}`, () => {
    let services: TestServices;
    let smtp: TestSmtp;
    let productId: string;
    const db = () => services.database.db;

    beforeAll(async () => {
      smtp = await startSmtp();
      services = await testServices(backend, { SMTP_URL: smtp.url });
      productId = (await seedProduct(services)).product.id;
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    afterAll(async () => {
      await services.dispose();
      await smtp.close();
      await backend.cleanup();
    });

    /** Only Date is faked: the database drivers keep their real timers. */
    const clockAt = (time: number) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(time);
    };

    async function paidOrder(email: string) {
      const [order] = await db()
        .insert(orders)
        .values({
          email,
          amountCents: 4700,
          provider: "test",
          providerSessionId: `test_cs_${crypto.randomUUID()}`,
        })
        .returning();
      await fulfilOrder(db(), services.links, { orderId: order!.id });
      return order!.id;
    }

    /** Waits until the order's transfers have all been written (their last write is asynchronous). */
    async function written(orderId: string, count: number) {
      for (let i = 0; i < 200; i++) {
        const rows = await db().select().from(downloads).where(eq(downloads.orderId, orderId));
        if (rows.length === count && rows.every((row) => row.bytes > 0)) return rows;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error("timed out waiting for the transfers");
    }

    /** A download as the route runs it: the decision, then `bytes` sent from the range's start and a cut. */
    async function download(token: string, ip: string, request: DownloadRequest, bytes: number) {
      const plan = await prepareDownload(services, token, ip, request);
      if (plan.kind !== "copy") return plan;
      const record = plan.startRecord({
        startByte: Number(/^bytes=(\d+)-/.exec(request.range ?? "")?.[1] ?? 0),
      });
      record.sent(bytes);
      record.closed();
      return plan;
    }

    it("refuses bytes=0- and every range that does not continue the link's own bytes once it expired", async () => {
      const orderId = await paidOrder("resume@example.com");
      const made = Date.now();
      clockAt(made);
      const link = createDownloadToken(services.settings.tokenSecrets, { orderId, productId }, made);
      const sent = IN_FLIGHT_BYTES + 5000;
      expect((await download(link, "198.51.100.7", {}, sent)).kind).toBe("copy");
      await written(orderId, 1);
      vi.setSystemTime(made + EXPIRED);
      const ask = (range: string) => prepareDownload(services, link, "198.51.100.7", { range });
      // A fresh start, a suffix, a range going back over what was sent, or past it: refused.
      for (const range of [
        "bytes=0-",
        "bytes=0-99",
        "bytes=-500",
        "bytes=1-",
        "bytes=4999-",
        `bytes=${sent + 1}-`,
      ]) {
        expect(await ask(range), range).toEqual(REFUSED);
      }
      // Where the cut transfer left off, or up to IN_FLIGHT_BYTES before it (bytes lost in flight).
      for (const range of [`bytes=${sent}-`, `bytes=${sent}-${sent + 99}`, "bytes=5000-"]) {
        expect((await ask(range)).kind, range).toBe("copy");
      }
    });

    it("lets each of a download manager's parallel ranges, and a resume of a resume, continue", async () => {
      const orderId = await paidOrder("parallel@example.com");
      const made = Date.now();
      clockAt(made);
      const link = createDownloadToken(services.settings.tokenSecrets, { orderId, productId }, made);
      // Two parallel ranges started in time, each cut after 1,000 bytes.
      await download(link, "198.51.100.7", { range: "bytes=0-49999" }, 1000);
      await download(link, "198.51.100.7", { range: "bytes=50000-" }, 1000);
      await written(orderId, 2);
      vi.setSystemTime(made + EXPIRED);
      expect((await download(link, "198.51.100.7", { range: "bytes=1000-49999" }, 2000)).kind).toBe("copy");
      expect((await download(link, "198.51.100.7", { range: "bytes=51000-" }, 500)).kind).toBe("copy");
      await written(orderId, 4);
      // The resumes are the link's bytes too: the next resume continues them.
      expect((await download(link, "198.51.100.7", { range: "bytes=3000-49999" }, 1)).kind).toBe("copy");
      expect((await download(link, "198.51.100.7", { range: "bytes=51500-" }, 1)).kind).toBe("copy");
      // A stretch already resumed, or a range starting over, is not resumed again.
      for (const range of ["bytes=1000-49999", "bytes=51000-", "bytes=0-"]) {
        expect(await prepareDownload(services, link, "198.51.100.7", { range }), range).toEqual(REFUSED);
      }
    });

    it("serves a link confirmed after a sharing alert to the network that started it, and asks every other one", async () => {
      const orderId = await paidOrder("shared@example.com");
      await db().update(orders).set({ sharingFlaggedAt: new Date() }).where(eq(orders.id, orderId));
      const made = Date.now();
      clockAt(made);
      expect(
        await prepareDownload(
          services,
          createDownloadToken(services.settings.tokenSecrets, { orderId, productId }),
          "203.0.113.5",
        ),
      ).toEqual({ kind: "confirm" });
      while ((await processOutbox(db(), services.mailer)) > 0) {}
      const mail = smtp.messages.findLast((m) => m.subject?.startsWith("Confirm your download"));
      const token = /\/confirm-download\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
      const redeemed = await redeemConfirmation(services, token!);
      if (!redeemed.ok) throw new Error(redeemed.state);
      const confirmed = redeemed.path.replace("/download/", "");
      expect((await download(confirmed, "203.0.113.5", {}, 1000)).kind).toBe("copy");
      await written(orderId, 1);
      // Within its 300 s another network is asked, as the order is.
      expect(await prepareDownload(services, confirmed, "198.51.100.9", {})).toEqual({ kind: "confirm" });
      // After them, twelve networks resuming the link are asked; the buyer's own network resumes.
      vi.setSystemTime(Date.now() + EXPIRED);
      for (let i = 1; i <= 12; i++) {
        expect(await prepareDownload(services, confirmed, `192.0.${i}.20`, { range: "bytes=1000-" })).toEqual(
          {
            kind: "confirm",
          },
        );
      }
      expect(
        (await prepareDownload(services, confirmed, "203.0.113.77", { range: "bytes=1000-" })).kind,
      ).toBe("copy");
      expect(await prepareDownload(services, confirmed, "203.0.113.77", { range: "bytes=0-" })).toEqual(
        REFUSED,
      );
    });
  });
}
