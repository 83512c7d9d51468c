import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import {
  MAINTENANCE_INTERVAL_MS,
  RETENTION,
  runMaintenance,
  startMaintenanceJob,
} from "#app/lib/maintenance.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { accessLinks, downloads, invoiceRequests, orders, rateLimits } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const DAY_MS = 24 * 60 * 60_000;
/** RETENTION_DAYS as an owner may set it (the default is 180). */
const IP_DAYS = 30;

/**
 * The hourly job (issue 13, item 10; issue 12, item 2): unpaid orders are deleted once nothing can
 * pay them, never a paid order or one that an e-mail, a download or an access link names; expired
 * rate-limit rows go; download IPs and networks are cleared after RETENTION_DAYS (issue 14, item 7),
 * the rows stay.
 */
for (const backend of testBackends()) {
  describe(`maintenance on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
    });
    afterEach(async () => {
      vi.useRealTimers();
      await services.dispose();
    });
    afterAll(() => backend.cleanup());

    const db = () => services.database.db;
    const ago = (ms: number) => new Date(Date.now() - ms);
    async function order(status: "pending" | "expired" | "failed" | "processing", createdAt: Date) {
      const [row] = await db()
        .insert(orders)
        .values({ email: "a@b.co", amountCents: 4700, provider: "test", status, createdAt })
        .returning();
      return row!;
    }

    it("runs on its interval and removes only what has expired", async () => {
      const old = ago(RETENTION.unpaidOrderMs + 60_000);
      const oldPending = await order("pending", old);
      const oldExpired = await order("expired", old);
      const oldFailed = await order("failed", old);
      const recentPending = await order("pending", ago(DAY_MS));
      const oldProcessing = await order("processing", old);
      const oldPaid = await order("pending", old);
      await fulfilOrder(db(), services.links, { orderId: oldPaid.id });
      // Unpaid orders that something points to are kept.
      const withEmail = await order("pending", old);
      await enqueueEmail(db(), {
        to: "a@b.co",
        template: "delivery",
        payload: { orderNumber: withEmail.number } as never,
        orderId: withEmail.id,
      });
      const withDownload = await order("expired", old);
      await db().insert(downloads).values({ orderId: withDownload.id, bytes: 1 });
      const withLink = await order("failed", old);
      await db()
        .insert(accessLinks)
        .values({ tokenHash: "h".repeat(64), orderId: withLink.id });

      await db()
        .insert(rateLimits)
        .values([
          { key: "checkout:ip:expired", count: 3, resetAt: ago(1_000) },
          { key: "checkout:ip:live", count: 3, resetAt: new Date(Date.now() + 60_000) },
        ]);
      const [oldIp, recentIp] = await db()
        .insert(downloads)
        .values([
          {
            orderId: oldPaid.id,
            at: ago((IP_DAYS + 1) * DAY_MS),
            ip: "198.51.100.1",
            network: "198.51.100.0/24",
            ipHash: "old",
            bytes: 10,
          },
          {
            orderId: oldPaid.id,
            at: ago((IP_DAYS - 1) * DAY_MS),
            ip: "198.51.100.2",
            network: "198.51.100.0/24",
            ipHash: "new",
            bytes: 20,
          },
        ])
        .returning();

      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const idle = startMaintenanceJob(db(), IP_DAYS);
      vi.advanceTimersByTime(MAINTENANCE_INTERVAL_MS - 1);
      await idle.stop();
      expect(await db().select().from(orders)).toHaveLength(9);

      const job = startMaintenanceJob(db(), IP_DAYS);
      vi.advanceTimersByTime(MAINTENANCE_INTERVAL_MS);
      await job.stop();

      const left = new Set((await db().select({ id: orders.id }).from(orders)).map((o) => o.id));
      for (const gone of [oldPending, oldExpired, oldFailed]) expect(left.has(gone.id)).toBe(false);
      for (const kept of [recentPending, oldProcessing, oldPaid, withEmail, withDownload, withLink])
        expect(left.has(kept.id)).toBe(true);

      expect((await db().select().from(rateLimits)).map((r) => r.key)).toEqual(["checkout:ip:live"]);

      const [oldRow] = await db().select().from(downloads).where(eq(downloads.id, oldIp!.id));
      expect(oldRow).toMatchObject({ ip: null, network: null, ipHash: "old", bytes: 10 });
      const [recentRow] = await db().select().from(downloads).where(eq(downloads.id, recentIp!.id));
      expect(recentRow).toMatchObject({
        ip: "198.51.100.2",
        network: "198.51.100.0/24",
        ipHash: "new",
        bytes: 20,
      });
    });

    it("removes an abandoned checkout that asked for an invoice, with its request, and keeps going", async () => {
      const old = ago(RETENTION.unpaidOrderMs + 60_000);
      const abandoned = await order("expired", old);
      const paid = await order("pending", old);
      await fulfilOrder(db(), services.links, { orderId: paid.id });
      const buyer = { name: "Anna Rossi", country: "IT", fiscalCode: "RSSNNA80A41F205X" };
      await db()
        .insert(invoiceRequests)
        .values([
          { orderId: abandoned.id, buyerType: "consumer", buyer, via: "checkout" },
          { orderId: paid.id, buyerType: "consumer", buyer, via: "checkout" },
        ]);

      expect(await runMaintenance(db(), IP_DAYS)).toMatchObject({ orders: 1 });
      expect(await runMaintenance(db(), IP_DAYS)).toMatchObject({ orders: 0 });

      const left = await db().select({ orderId: invoiceRequests.orderId }).from(invoiceRequests);
      expect(left).toEqual([{ orderId: paid.id }]);
    });
  });
}
