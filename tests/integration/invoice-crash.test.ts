import { afterAll, describe, expect, it } from "vitest";
import { saveFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { issueDueDocuments } from "#app/lib/books/issue-invoices.server.ts";
import { openDatabase } from "#app/lib/db/database.server.ts";
import { invoiceRequests, invoices, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { TEST_FISCAL_SETTINGS } from "../setup/seed-invoices.ts";
import { TEST_SELLER } from "../setup/seller.ts";
import { startServer } from "../setup/server.ts";

/**
 * The built store killed (SIGKILL) while it issues an invoice, after it took the number and before
 * the invoice was recorded: the transaction dies with it, and the number goes to the next invoice.
 * PostgreSQL only: the test holds a lock on `invoices` from beside the store to stop it there,
 * which an embedded database, open in the store's process alone, does not allow.
 */
const postgres = testBackends().find((backend) => backend.freshUrl);
describe.runIf(postgres)("an invoice interrupted by SIGKILL", () => {
  afterAll(() => postgres!.cleanup());

  it("leaves no number skipped: the next invoice takes the one the killed store had taken", async () => {
    const url = await postgres!.freshUrl!();
    const beside = await openDatabase({ url, dataDir: null });
    const { db } = beside;
    await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
    const [order] = await db
      .insert(orders)
      .values({
        email: "buyer@example.com",
        amountCents: 4700,
        currency: "eur",
        provider: "test",
        livemode: true,
        status: "paid",
        paidAt: new Date(),
      })
      .returning();
    await db.insert(invoiceRequests).values({
      orderId: order!.id,
      buyerType: "business",
      via: "checkout",
      buyer: {
        name: { company: "Coaching & Co. S.r.l." },
        vatNumber: "IT00743110157",
        address: { street: "Via Torino 2", postcode: "10121", city: "Torino", province: "TO", country: "IT" },
        delivery: { codiceDestinatario: "M5UXCR1" },
      },
    });

    // The store's first pass takes number 1, then waits to write the invoice behind this lock.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = db.transaction(async (tx) => {
      await tx.execute("lock table invoices in exclusive mode");
      locked();
      await released;
    });
    await isLocked;
    const server = await startServer({
      DATABASE_URL: url,
      TOKEN_SECRET: "k".repeat(40),
      ADMIN_PASSWORD: "crash-admin-password",
      RECONCILE_INTERVAL_S: "0",
      ...TEST_SELLER,
    });
    try {
      await expect
        .poll(
          async () =>
            (
              await db.execute<{ n: number }>(
                `select count(*)::int as n from pg_stat_activity
                 where wait_event_type = 'Lock' and query ilike 'insert into "invoices"%'`,
              )
            ).rows[0]!.n,
          { timeout: 20_000 },
        )
        .toBe(1);
      const series = await db.execute<{ next_number: number }>(
        "select next_number from invoice_series where series = 'FT'",
      );
      // The store's number is taken but not committed: from beside, the series is still untouched.
      expect(series.rows).toEqual([]);
      expect(await server.stop("SIGKILL")).toBeNull();
    } finally {
      release();
      await holding;
      await server.stop();
    }

    expect(
      await issueDueDocuments({
        database: beside,
        env: {
          ...TEST_SELLER,
          ECB_RATES_URL: "http://127.0.0.1:9/",
          VIES_URL: "http://127.0.0.1:9",
          PUBLIC_URL: "https://shop.test",
          SUPPORT_EMAIL: "help@shop.test",
        },
        settings: { tokenSecrets: ["k".repeat(40)] },
      }),
    ).toEqual({ issued: 1, waiting: 0 });
    const [invoice] = await db.select().from(invoices);
    expect(invoice).toMatchObject({ number: 1, series: "FT", orderId: order!.id });
    await beside.close();
  });
});
