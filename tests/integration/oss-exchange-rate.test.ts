import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureRateOnOrAfter } from "#app/lib/books/exchange-rates.server.ts";
import type { Database } from "#app/lib/db/database.server.ts";
import { exchangeRates } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";

/** An ECB eurofxref file with these days' dollar rates. */
const ecbFile = (rates: Record<string, number>) =>
  `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube>${Object.entries(
    rates,
  )
    .map(([day, rate]) => `<Cube time='${day}'><Cube currency='USD' rate='${rate}'/></Cube>`)
    .join("")}</Cube></gesmes:Envelope>`;

for (const backend of testBackends()) {
  describe(`the OSS return's exchange rate on ${backend.name}`, () => {
    let database: Database;
    let ecb: Server;
    let url: string;
    let served: Record<string, number>;
    let fetches: number;
    beforeEach(async () => {
      database = await backend.open();
      served = {};
      fetches = 0;
      ecb = createServer((_request, response) => {
        fetches += 1;
        response.end(ecbFile(served));
      });
      await new Promise<void>((resolve) => ecb.listen(0, "127.0.0.1", resolve));
      // A new address per test: the fetch is throttled per address.
      url = `http://127.0.0.1:${(ecb.address() as AddressInfo).port}/eurofxref-hist-90d.xml`;
    });
    afterEach(async () => {
      await database.close();
      await new Promise((resolve) => ecb.close(resolve));
    });
    afterAll(() => backend.cleanup());

    const store = (rates: Record<string, number>) =>
      database.db
        .insert(exchangeRates)
        .values(Object.entries(rates).map(([day, perEuro]) => ({ day, currency: "USD", perEuro })));

    it("takes the rate published for the period's last day", async () => {
      await store({ "2026-09-29": 1.07, "2026-09-30": 1.0644, "2026-10-01": 1.06 });
      expect(await ensureRateOnOrAfter(database.db, url, "usd", "2026-09-30")).toEqual({
        perEuro: 1.0644,
        day: "2026-09-30",
      });
      expect(fetches).toBe(0);
    });

    it("takes the next publication when the ECB published none that day, never the one before", async () => {
      // 31 October 2026 is a Saturday.
      await store({ "2026-10-30": 1.071, "2026-11-02": 1.0733, "2026-11-03": 1.08 });
      expect(await ensureRateOnOrAfter(database.db, url, "USD", "2026-10-31")).toEqual({
        perEuro: 1.0733,
        day: "2026-11-02",
      });
    });

    it("fetches the ECB's file while no publication since the day is stored, and says none until there is one", async () => {
      await store({ "2026-12-30": 1.05 });
      served = { "2026-12-30": 1.05 };
      expect(await ensureRateOnOrAfter(database.db, url, "USD", "2026-12-31")).toBeNull();
      expect(fetches).toBe(1);
      // Asked again within ten minutes: the ECB is not asked again.
      expect(await ensureRateOnOrAfter(database.db, url, "USD", "2026-12-31")).toBeNull();
      expect(fetches).toBe(1);
    });

    it("fetches the next publication from the ECB when it is not stored yet", async () => {
      served = { "2027-01-04": 1.049 };
      expect(await ensureRateOnOrAfter(database.db, url, "USD", "2026-12-31")).toEqual({
        perEuro: 1.049,
        day: "2027-01-04",
      });
      expect(fetches).toBe(1);
    });

    it("the euro needs no rate", async () => {
      expect(await ensureRateOnOrAfter(database.db, url, "EUR", "2026-12-31")).toEqual({
        perEuro: 1,
        day: "2026-12-31",
      });
      expect(fetches).toBe(0);
    });
  });
}
