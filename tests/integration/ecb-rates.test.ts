import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { salesWithoutRate, startBooksJob } from "#app/lib/books/books-job.server.ts";
import { fetchEcbRates, parseEcbRates, rateOn, toEuroCents } from "#app/lib/books/exchange-rates.server.ts";
import { saveFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { exchangeRates, invoiceRequests, invoices, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { TEST_FISCAL_SETTINGS } from "../setup/seed-invoices.ts";
import { TEST_SELLER } from "../setup/seller.ts";

const FILE = readFileSync("tests/fixtures/ecb/eurofxref-hist-90d.xml", "utf8");

/** The ECB as the tests need it: each path answers its own way. */
const answers: Record<string, (response: ServerResponse) => void> = {
  "/eurofxref-hist-90d.xml": (response) => response.writeHead(200, { "Content-Type": "text/xml" }).end(FILE),
  "/html": (response) =>
    response
      .writeHead(200, { "Content-Type": "text/html" })
      .end("<!doctype html><html><body><h1>Maintenance</h1></body></html>"),
  "/huge-declared": (response) =>
    response.writeHead(200, { "Content-Type": "text/xml", "Content-Length": "50000000" }).end(),
  "/huge-streamed": (response) => {
    response.writeHead(200, { "Content-Type": "text/xml" });
    const chunk = `<Cube time="2026-11-27">${" ".repeat(64 * 1024)}`;
    let sent = 0;
    const more = () => {
      while (sent < 100 && !response.destroyed) {
        sent++;
        if (!response.write(chunk)) return void response.once("drain", more);
      }
      response.end();
    };
    more();
  },
  "/silent": () => {},
  "/unavailable": (response) => response.writeHead(503).end("Service Unavailable"),
};
const server = createServer((request, response) =>
  (answers[request.url ?? ""] ?? ((r: ServerResponse) => r.writeHead(404).end()))(response),
);
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the ECB's reference rates file", () => {
  it("is read in the ECB's own format: every day, currency and rate", () => {
    const rates = parseEcbRates(FILE);
    expect(rates).toHaveLength(12);
    expect(rates[0]).toEqual({ day: "2026-11-27", currency: "USD", perEuro: 1.0542 });
    expect(rates).toContainEqual({ day: "2026-11-25", currency: "JPY", perEuro: 162.04 });
    expect(parseEcbRates("<html><body>Not here</body></html>")).toEqual([]);
  });

  it("converts to euro cents rounding halves up", () => {
    expect(toEuroCents(4700, 1.0542)).toBe(4458);
    expect(toEuroCents(1000, 1.0542)).toBe(949);
    expect(toEuroCents(3, 2)).toBe(2);
    expect(toEuroCents(1, 2)).toBe(1);
    expect(toEuroCents(1, 3)).toBe(0);
    expect(toEuroCents(4700, 1)).toBe(4700);
  });
});

for (const backend of testBackends()) {
  describe(`fetching the ECB's rates on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("keeps each day's rates once, and finds a weekend day's rate on the Friday before", async () => {
      const database = await backend.open();
      const url = `${base}/eurofxref-hist-90d.xml`;
      expect(await fetchEcbRates(database.db, url)).toBe(12);
      expect(await fetchEcbRates(database.db, url)).toBe(0);
      expect(await rateOn(database.db, "usd", "2026-11-29")).toEqual({ perEuro: 1.0542, day: "2026-11-27" });
      expect(await rateOn(database.db, "USD", "2026-11-26")).toEqual({ perEuro: 1.0498, day: "2026-11-26" });
      // More than a week after the last rate: a missed fetch, not a holiday.
      expect(await rateOn(database.db, "USD", "2026-12-05")).toBeNull();
      await database.close();
    });

    it("refuses an HTML page, a huge body, an error and a server that does not answer, storing nothing", async () => {
      const database = await backend.open();
      await expect(fetchEcbRates(database.db, `${base}/html`)).rejects.toThrow(
        "The ECB's rates file has no rates",
      );
      await expect(fetchEcbRates(database.db, `${base}/huge-declared`)).rejects.toThrow(
        "The ECB's rates file is too large: 50000000 bytes",
      );
      await expect(fetchEcbRates(database.db, `${base}/huge-streamed`)).rejects.toThrow(
        "The ECB's rates file is too large: over 2000000 bytes",
      );
      await expect(fetchEcbRates(database.db, `${base}/unavailable`)).rejects.toThrow(
        "The ECB's rates answered HTTP 503",
      );
      await expect(fetchEcbRates(database.db, `${base}/silent`, { timeoutMs: 200 })).rejects.toThrow(
        /aborted due to timeout/,
      );
      expect(await database.db.select().from(exchangeRates)).toEqual([]);
      await database.close();
    });

    it("only a live sale needs a rate: a store with only test payments never fetches the ECB's file", async () => {
      const database = await backend.open();
      const { db } = database;
      const sale = (livemode: boolean) => ({
        email: "a@example.com",
        amountCents: 4700,
        currency: "usd",
        provider: "test",
        livemode,
        status: "paid" as const,
        paidAt: new Date(Date.now() - 86_400_000),
      });
      await db.insert(orders).values(sale(false));
      expect(await salesWithoutRate(db)).toBe(false);
      await db.insert(orders).values(sale(true));
      expect(await salesWithoutRate(db)).toBe(true);
      await database.close();
    });

    it("the books job fetches the rates a recent dollar sale lacks and issues its invoice; a failing ECB is only a warning", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      const paidAt = new Date(Date.now() - 2 * 86_400_000);
      const [euro] = await db
        .insert(orders)
        .values([
          {
            email: "a@example.com",
            amountCents: 4700,
            currency: "eur",
            provider: "test",
            livemode: true,
            status: "paid",
            paidAt,
          },
          {
            email: "b@example.com",
            amountCents: 4700,
            currency: "usd",
            provider: "test",
            livemode: true,
            status: "paid",
            paidAt,
          },
        ])
        .returning();
      await db.insert(invoiceRequests).values({
        orderId: euro!.id,
        buyerType: "business",
        via: "checkout",
        buyer: {
          name: { company: "Coaching & Co. S.r.l." },
          vatNumber: "IT00743110157",
          address: {
            street: "Via Torino 2",
            postcode: "10121",
            city: "Torino",
            province: "TO",
            country: "IT",
          },
          delivery: { codiceDestinatario: "M5UXCR1" },
        },
      });
      const services = (url: string) => ({
        database,
        env: {
          ...TEST_SELLER,
          ECB_RATES_URL: url,
          VIES_URL: "http://127.0.0.1:9",
          PUBLIC_URL: "https://shop.test",
          SUPPORT_EMAIL: "help@shop.test",
        },
        settings: { tokenSecrets: ["s".repeat(40)] },
      });

      // The ECB is down: the run logs a warning and still issues the euro invoice.
      const kicks = vi.fn();
      const failing = startBooksJob(services(`${base}/unavailable`), { kickOutbox: kicks });
      await vi.waitFor(async () => expect(await db.select().from(invoices)).toHaveLength(1));
      await failing.stop();
      expect(kicks).toHaveBeenCalled();
      expect(await db.select().from(exchangeRates)).toEqual([]);

      // The dollar sale's day has no rate yet: the job fetches the file.
      const working = startBooksJob(services(`${base}/eurofxref-hist-90d.xml`), { kickOutbox: () => {} });
      await vi.waitFor(async () => expect(await db.select().from(exchangeRates)).toHaveLength(12));
      await working.stop();
      await database.close();
    });
  });
}
