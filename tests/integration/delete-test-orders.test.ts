import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadOverview } from "#app/lib/admin/overview.server.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { countTestOrders, deleteTestOrders } from "#app/lib/orders/delete-test-orders.server.ts";
import { completeTestPayment } from "#app/lib/payments/complete-test-payment.server.ts";
import { accessLinks, emailOutbox, invoices, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { seedInvoice } from "../setup/seed-invoices.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { testServices } from "../setup/services.ts";

/**
 * "Elimina gli ordini di prova": the test orders go with what points to them, live ones stay, and a
 * test purchase in progress can still be paid.
 */
for (const backend of testBackends()) {
  describe(`deleting the test orders on ${backend.name}`, { timeout: 120_000 }, () => {
    afterAll(() => backend.cleanup());

    it("deletes the finished test orders with their e-mails, links and test documents, keeps live orders, and lets a test purchase in progress be paid", async () => {
      const services = await testServices(backend);
      try {
        await seedProduct(services);
        const { db } = services.database;
        // A finished test purchase (paid, its delivery e-mail and link), and one in progress.
        const finished = await createOrder(services, { email: "tried@example.com" });
        const [paid] = await db.select().from(orders).where(eq(orders.id, finished.orderId));
        await completeTestPayment(services, paid!.providerSessionId!);
        const inProgress = await createOrder(services, { email: "trying@example.com" });
        // A test document of the finished one, and a live sale with its invoice.
        await seedInvoice(db, { orderId: finished.orderId, date: "2026-11-02", series: "PROVA" });
        const live = await seedInvoice(db, { date: "2026-11-03", creditNoteOn: "2026-11-04" });

        expect(await countTestOrders(db)).toEqual({ deletable: 1, inProgress: 1 });
        expect(await deleteTestOrders(db)).toBe(1);

        const left = await db.select({ id: orders.id, livemode: orders.livemode }).from(orders);
        expect(left.map((order) => order.id).sort()).toEqual([inProgress.orderId, live.orderId].sort());
        expect(await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, finished.orderId))).toEqual(
          [],
        );
        expect(await db.select().from(accessLinks).where(eq(accessLinks.orderId, finished.orderId))).toEqual(
          [],
        );
        expect(
          (
            await db
              .select()
              .from(invoices)
              .where(inArray(invoices.orderId, [live.orderId]))
          ).length,
        ).toBe(2);
        expect(await countTestOrders(db)).toEqual({ deletable: 0, inProgress: 1 });

        // The purchase in progress goes on: its payment page still pays it.
        const [pending] = await db.select().from(orders).where(eq(orders.id, inProgress.orderId));
        expect(await completeTestPayment(services, pending!.providerSessionId!)).toMatchObject({
          status: "paid",
        });
      } finally {
        await services.dispose();
      }
    });

    it("leaves test orders out of a live store's Panoramica figures", async () => {
      const services = await testServices(backend);
      try {
        const { db } = services.database;
        const paid = (livemode: boolean, email: string) => ({
          email,
          amountCents: 4700,
          provider: livemode ? "stripe" : "test",
          livemode,
          status: "paid" as const,
          paidAt: new Date(),
        });
        await db.insert(orders).values([paid(true, "live@example.com"), paid(false, "tried@example.com")]);
        const live = await loadOverview(db, 7, new Date(), { liveOnly: true });
        expect(live.periods["7"]).toMatchObject({ sales: 1, keptCents: 4700 });
        // Test mode shows its own tries.
        expect((await loadOverview(db, 7)).periods["7"]).toMatchObject({ sales: 2, keptCents: 9400 });
      } finally {
        await services.dispose();
      }
    });
  });
}
