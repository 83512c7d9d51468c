import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  CONFIRMATION,
  checkConfirmation,
  redeemConfirmation,
} from "#app/lib/downloads/download-confirmation.server.ts";
import { PROGRESS_EVERY_MS } from "#app/lib/downloads/download-record.server.ts";
import { copyEtag } from "#app/lib/downloads/personal-copy.server.ts";
import {
  createDownloadToken,
  type DownloadRequest,
  prepareDownload,
  RESUME_MS,
} from "#app/lib/downloads/prepare-download.server.ts";
import { processOutbox } from "#app/lib/mail/outbox.server.ts";
import { runMaintenance } from "#app/lib/maintenance.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { forget } from "#app/lib/rate-limit.server.ts";
import { downloadConfirmations, downloads, emailOutbox, orders } from "#db/schema.ts";
import { startSmtp, type TestSmtp } from "../mocks/smtp.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const MINUTE = 60_000;

for (const backend of testBackends()) {
  describe(`download access on ${backend.name}`, () => {
    let services: TestServices;
    let smtp: TestSmtp;
    let productId: string;
    /** The current product's SHA-256: a buyer's copy has its own ETag from it and the order. */
    let productSha: string;
    const db = () => services.database.db;

    beforeAll(async () => {
      smtp = await startSmtp();
      services = await testServices(backend, { SMTP_URL: smtp.url });
      const { product } = await seedProduct(services);
      productId = product.id;
      productSha = product.sha256;
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

    async function paidOrder(email = "buyer@example.com") {
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

    const linkFor = (orderId: string, now = Date.now()) =>
      createDownloadToken(services.settings.tokenSecrets, { orderId, productId }, now);

    const rows = (orderId: string) => db().select().from(downloads).where(eq(downloads.orderId, orderId));

    async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
      for (let i = 0; i < 200; i++) {
        const value = await read();
        if (ok(value)) return value;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error("timed out waiting for the database");
    }

    /** A download as the route runs it: the decision, then the transfer's first `bytes` and a cut. */
    async function download(token: string, ip: string, request: DownloadRequest = {}, bytes = 1000) {
      const plan = await prepareDownload(services, token, ip, request);
      if (plan.kind !== "copy") return plan;
      const record = plan.startRecord();
      record.sent(bytes);
      record.closed();
      return plan;
    }

    it("records a transfer when it starts, its bytes as they go, and when it finished", async () => {
      const orderId = await paidOrder();
      const start = Date.now();
      clockAt(start);
      const plan = await prepareDownload(services, linkFor(orderId), "198.51.100.7");
      if (plan.kind !== "copy") throw new Error(plan.kind);
      const record = plan.startRecord();
      const [started] = await until(
        () => rows(orderId),
        (r) => r.length === 1,
      );
      expect(started).toMatchObject({ bytes: 0, finishedAt: null, network: "198.51.100.0/24" });
      expect(started!.linkHash).toMatch(/^[0-9a-f]{64}$/);
      record.sent(64 * 1024);
      // Not per chunk: nothing is written before PROGRESS_EVERY_MS.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await rows(orderId))[0]!.bytes).toBe(0);
      vi.setSystemTime(start + PROGRESS_EVERY_MS + 1);
      record.sent(64 * 1024);
      await until(
        () => rows(orderId),
        (r) => r[0]!.bytes === 128 * 1024,
      );
      expect((await rows(orderId))[0]!.finishedAt).toBeNull();
      record.sent(100);
      record.finished();
      record.closed();
      const [finished] = await until(
        () => rows(orderId),
        (r) => r[0]!.finishedAt !== null,
      );
      expect(finished!.bytes).toBe(128 * 1024 + 100);
    });

    it("writes the counts of all running transfers together, and never lowers one", async () => {
      const [first, second] = [await paidOrder(), await paidOrder()];
      const start = Date.now();
      clockAt(start);
      const plans = await Promise.all(
        [first, second].map((orderId) => prepareDownload(services, linkFor(orderId), "198.51.100.7")),
      );
      const [a, b] = plans.map((plan) => {
        if (plan.kind !== "copy") throw new Error(plan.kind);
        return plan.startRecord();
      });
      await until(
        async () => [...(await rows(first)), ...(await rows(second))],
        (r) => r.length === 2,
      );
      a!.sent(1000);
      b!.sent(2000);
      vi.setSystemTime(start + PROGRESS_EVERY_MS + 1);
      // One transfer's chunk after the interval writes every running transfer's count.
      a!.sent(10);
      const [written] = await until(
        () => rows(second),
        (r) => r[0]!.bytes === 2000,
      );
      expect(written!.finishedAt).toBeNull();
      expect((await rows(first))[0]!.bytes).toBe(1010);
      // Its last write sets the end; a finished transfer is no longer in the next progress write.
      b!.sent(500);
      b!.finished();
      const [ended] = await until(
        () => rows(second),
        (r) => r[0]!.finishedAt !== null,
      );
      expect(ended!.bytes).toBe(2500);
      vi.setSystemTime(start + 2 * PROGRESS_EVERY_MS + 2);
      a!.sent(5);
      await until(
        () => rows(first),
        (r) => r[0]!.bytes === 1015,
      );
      expect((await rows(second))[0]!.bytes).toBe(2500);
      a!.closed();
    });

    it("lets a download started in time be resumed with the same link for 24 hours", async () => {
      const orderId = await paidOrder();
      const made = Date.now();
      clockAt(made);
      const link = linkFor(orderId);
      await download(link, "198.51.100.7");
      await until(
        () => rows(orderId),
        // A resume continues the bytes the transfer sent: wait for its last write.
        (r) => r[0]?.bytes === 1000,
      );
      // Five minutes on, the link has expired: a resume (Range) goes on, a fresh start does not.
      vi.setSystemTime(made + 5 * MINUTE + 1);
      expect((await prepareDownload(services, link, "198.51.100.7", { range: "bytes=1000-" })).kind).toBe(
        "copy",
      );
      expect(
        (
          await prepareDownload(services, link, "198.51.100.7", {
            range: "bytes=1000-",
            ifRange: copyEtag(productSha, orderId),
          })
        ).kind,
      ).toBe("copy");
      for (const request of [{}, { range: "bytes=0-1,5-6" }, { range: "bytes=abc" }]) {
        expect(await prepareDownload(services, link, "198.51.100.7", request)).toEqual({
          kind: "refuse",
          reason: "invalid-link",
        });
      }
      // A client resuming another file (its If-Range names it) is not handed this one.
      expect(
        await prepareDownload(services, link, "198.51.100.7", { range: "bytes=10-", ifRange: '"older"' }),
      ).toEqual({ kind: "refuse", reason: "invalid-link" });
      vi.setSystemTime(made + RESUME_MS - MINUTE);
      expect((await prepareDownload(services, link, "198.51.100.7", { range: "bytes=10-" })).kind).toBe(
        "copy",
      );
      vi.setSystemTime(made + RESUME_MS + 1);
      expect(await prepareDownload(services, link, "198.51.100.7", { range: "bytes=10-" })).toEqual({
        kind: "refuse",
        reason: "invalid-link",
      });
    });

    it("refuses a resume of a link that was never started in time", async () => {
      const orderId = await paidOrder();
      const made = Date.now();
      clockAt(made);
      const link = linkFor(orderId);
      vi.setSystemTime(made + 5 * MINUTE + 1);
      expect(await prepareDownload(services, link, "198.51.100.7", { range: "bytes=0-" })).toEqual({
        kind: "refuse",
        reason: "invalid-link",
      });
      // Started only after it expired does not count either (it was refused, so nothing is recorded).
      expect(await rows(orderId)).toEqual([]);
    });

    it("resumes only the file the link was made for", async () => {
      const orderId = await paidOrder();
      const made = Date.now();
      clockAt(made);
      const link = linkFor(orderId);
      await download(link, "198.51.100.7");
      await until(
        () => rows(orderId),
        (r) => r.length === 1,
      );
      const { product: newer } = await seedProduct(services, "tests/fixtures/toolkit-v2.zip");
      try {
        // Within its 300 s the link gets the new file whole, as before.
        const fresh = await prepareDownload(services, link, "198.51.100.7", {
          range: "bytes=10-",
          ifRange: copyEtag(productSha, orderId),
        });
        expect(fresh).toMatchObject({ kind: "copy", product: { sha256: newer.sha256 } });
        vi.setSystemTime(made + 5 * MINUTE + 1);
        expect(await prepareDownload(services, link, "198.51.100.7", { range: "bytes=10-" })).toEqual({
          kind: "refuse",
          reason: "invalid-link",
        });
      } finally {
        vi.useRealTimers();
        const { product } = await seedProduct(services);
        productId = product.id;
        productSha = product.sha256;
      }
    });

    it("notices a link used from six networks in a day: one flag, one alert, and the buyer confirms", async () => {
      const orderId = await paidOrder("sharer@example.com");
      const sentBefore = smtp.messages.length;
      for (let i = 1; i <= 5; i++) {
        // Two addresses of one /24 are one network.
        expect((await download(linkFor(orderId), `203.0.${i}.10`)).kind).toBe("copy");
        expect((await download(linkFor(orderId), `203.0.${i}.99`)).kind).toBe("copy");
      }
      await until(
        () => rows(orderId),
        (r) => r.length === 10,
      );
      expect(
        (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.sharingFlaggedAt,
      ).toBeNull();
      expect(await prepareDownload(services, linkFor(orderId), "2001:db8:6::1")).toEqual({ kind: "confirm" });
      const [flagged] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(flagged!.sharingFlaggedAt).not.toBeNull();
      // From now on every download of the order asks, from a known network too; one alert only.
      expect(await prepareDownload(services, linkFor(orderId), "203.0.1.10")).toEqual({ kind: "confirm" });
      expect(await prepareDownload(services, linkFor(orderId), "2001:db8:7::1")).toEqual({ kind: "confirm" });
      while ((await processOutbox(db(), services.mailer)) > 0) {}
      const received = smtp.messages.slice(sentBefore);
      const alerts = received.filter((m) => m.subject?.includes("sembra condiviso"));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.to).toMatchObject({ text: "help@shop.test" });
      expect(alerts[0]!.text).toContain(`#${flagged!.number}`);
      // The buyer got one confirmation e-mail: the later asks fell in its 5-minute window.
      const confirmations = received.filter((m) => m.subject?.startsWith("Confirm your download"));
      expect(confirmations).toHaveLength(1);
      expect(confirmations[0]!.to).toMatchObject({ text: "sharer@example.com" });
      const token = /\/confirm-download\/([A-Za-z0-9_-]{43})/.exec(confirmations[0]!.text ?? "")?.[1];
      expect(token).toBeDefined();
      // Only the token's hash is kept, and the sent e-mail's link is cleared from the outbox.
      const [stored] = await db()
        .select()
        .from(downloadConfirmations)
        .where(eq(downloadConfirmations.orderId, orderId));
      expect(stored!.tokenHash).not.toBe(token);
      const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
      expect(JSON.stringify(mails)).not.toContain(token!);

      expect(await checkConfirmation(services, token!)).toBe("valid");
      const redeemed = await redeemConfirmation(services, token!);
      if (!redeemed.ok) throw new Error(redeemed.state);
      const confirmedLink = redeemed.path.replace("/download/", "");
      expect((await download(confirmedLink, "2001:db8:8::1")).kind).toBe("copy");
      // Used once: a replay, or a second press, gets nothing.
      expect(await redeemConfirmation(services, token!)).toEqual({ ok: false, state: "used" });
      expect(await checkConfirmation(services, token!)).toBe("used");
      // The order still asks for the next download: a confirmation unlocks one link.
      expect(await prepareDownload(services, linkFor(orderId), "203.0.1.10")).toEqual({ kind: "confirm" });
    });

    it("answers forged, expired, refunded and other orders' confirmation links clearly", async () => {
      const orderA = await paidOrder("a@example.com");
      const orderB = await paidOrder("b@example.com");
      await db().update(orders).set({ sharingFlaggedAt: new Date() }).where(eq(orders.id, orderB));
      for (const forged of ["", "x", "a".repeat(43), `${"a".repeat(43)}.b`, "../../etc/passwd"]) {
        expect(await checkConfirmation(services, forged)).toBe("invalid");
        expect(await redeemConfirmation(services, forged)).toEqual({ ok: false, state: "invalid" });
      }
      const sentBefore = smtp.messages.length;
      await db().update(orders).set({ sharingFlaggedAt: new Date() }).where(eq(orders.id, orderA));
      const made = Date.now();
      clockAt(made);
      expect(await prepareDownload(services, linkFor(orderA), "192.0.2.1")).toEqual({ kind: "confirm" });
      while ((await processOutbox(db(), services.mailer)) > 0) {}
      const mail = smtp.messages.slice(sentBefore).find((m) => m.subject?.includes("Confirm your download"));
      const tokenA = /\/confirm-download\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")![1]!;
      // Order A's link gives order A's download, never order B's: B still asks.
      const redeemed = await redeemConfirmation(services, tokenA);
      if (!redeemed.ok) throw new Error(redeemed.state);
      const plan = await prepareDownload(services, redeemed.path.replace("/download/", ""), "192.0.2.1");
      expect(plan).toMatchObject({ kind: "copy" });
      expect(await prepareDownload(services, linkFor(orderB), "192.0.2.1")).toEqual({ kind: "confirm" });

      // A second link for A, after the e-mail window: it expires after CONFIRMATION.validMs.
      await forget(db(), `download-confirmation:${orderA}`);
      const before = smtp.messages.length;
      expect(await prepareDownload(services, linkFor(orderA), "192.0.2.1")).toEqual({ kind: "confirm" });
      while ((await processOutbox(db(), services.mailer)) > 0) {}
      const second = /\/confirm-download\/([A-Za-z0-9_-]{43})/.exec(smtp.messages[before]?.text ?? "")![1]!;
      vi.setSystemTime(made + CONFIRMATION.validMs + 1);
      expect(await checkConfirmation(services, second)).toBe("expired");
      expect(await redeemConfirmation(services, second)).toEqual({ ok: false, state: "expired" });

      // A refunded order's confirmation gives no download.
      vi.setSystemTime(made);
      await forget(db(), `download-confirmation:${orderA}`);
      const third = smtp.messages.length;
      expect(await prepareDownload(services, linkFor(orderA), "192.0.2.1")).toEqual({ kind: "confirm" });
      while ((await processOutbox(db(), services.mailer)) > 0) {}
      const refundedToken = /\/confirm-download\/([A-Za-z0-9_-]{43})/.exec(
        smtp.messages[third]?.text ?? "",
      )![1]!;
      await db().update(orders).set({ status: "refunded" }).where(eq(orders.id, orderA));
      expect(await redeemConfirmation(services, refundedToken)).toEqual({ ok: false, state: "not-paid" });
    });

    it("clears a download's network together with its IP address after the retention period", async () => {
      const orderId = await paidOrder();
      await db()
        .insert(downloads)
        .values({
          orderId,
          ip: "198.51.100.7",
          network: "198.51.100.0/24",
          ipHash: "h",
          at: new Date(Date.now() - 400 * 24 * 60 * MINUTE),
        });
      await runMaintenance(db(), 180);
      const [row] = await rows(orderId);
      expect(row).toMatchObject({ ip: null, network: null, ipHash: "h" });
    });
  });
}
