import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { eraseBuyer, exportBuyer } from "#app/lib/ops/buyer-data.server.ts";
import { invoiceRequests, invoices, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { fillBooks, openStore, storeEnv } from "../setup/ops-store.ts";

/** A buyer's invoices and credit notes outlive the erasure of their data: the law keeps them ten years. */
for (const backend of testBackends()) {
  describe(`a buyer's invoices and their erasure on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("exports the invoices, keeps them whole through the erasure, clears the request's buyer and drops a request never invoiced", async () => {
      const env = await storeEnv(backend);
      const store = await openStore(env);
      const db = store.database.db;
      try {
        const paid = async (session: string, extra: Partial<typeof orders.$inferInsert> = {}) => {
          const [order] = await db
            .insert(orders)
            .values({
              email: "Invoiced@Example.com",
              amountCents: 4700,
              provider: "test",
              livemode: true,
              providerSessionId: session,
              status: "paid",
              paidAt: new Date(),
              ...extra,
            })
            .returning();
          return order!;
        };
        const invoiced = await paid("test_cs_erase_invoiced");
        await fillBooks(store, invoiced.id);
        // A request whose order was never paid: no invoice will come of it.
        const unpaid = await paid("test_cs_erase_unpaid", { status: "expired", paidAt: null });
        await db.insert(invoiceRequests).values({
          orderId: unpaid.id,
          buyerType: "consumer",
          via: "checkout",
          buyer: {
            name: { first: "Ann", last: "Lee" },
            address: { street: "1 Main St", postcode: "1", city: "X", country: "US" },
          },
        });
        const documents = await db.select().from(invoices).orderBy(invoices.number);
        expect(documents.map((d) => d.kind)).toEqual(["invoice", "credit-note"]);

        const exported = await exportBuyer(db, "invoiced@example.com");
        expect(exported.invoices.map((d) => d.id).sort()).toEqual(documents.map((d) => d.id).sort());
        expect(exported.invoices[0]!.xml).toContain(
          "<Denominazione>Coaching &amp; Co. S.r.l.</Denominazione>",
        );
        expect(exported.invoiceRequests).toHaveLength(2);

        const erased = await eraseBuyer(db, "invoiced@example.com", join(env.DATA_DIR!, "mail"));
        expect(erased.invoiceRequests).toBe(2);
        expect(await db.select().from(invoices).orderBy(invoices.number)).toEqual(documents);
        const requests = await db.select().from(invoiceRequests);
        expect(requests).toEqual([expect.objectContaining({ orderId: invoiced.id, buyer: {} })]);
        const [order] = await db.select().from(orders).where(eq(orders.id, invoiced.id));
        expect(order!.email).toMatch(/^erased-LCT-/);
        // Nothing is found under the address any more.
        const again = await exportBuyer(db, "invoiced@example.com");
        expect(again.invoices).toEqual([]);
      } finally {
        await store.close();
      }
    });
  });
}
