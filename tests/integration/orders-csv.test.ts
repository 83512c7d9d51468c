import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { CSV_BATCH_ROWS, ordersCsv } from "#app/lib/admin/orders-csv.server.ts";
import { testBackends } from "../setup/databases.ts";
import { ordersCsvText } from "../setup/orders-csv.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const ORDERS = 2_500;

for (const backend of testBackends()) {
  describe(`orders CSV on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
      await services.database.db.execute(sql`
        insert into orders (email, amount_cents, provider)
        select 'buyer' || g || '@example.com', 4700, 'test' from generate_series(1, ${ORDERS}) g`);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    it("streams 2,500 orders a bounded batch at a time, each once and in order", async () => {
      const chunks: string[] = [];
      for await (const chunk of ordersCsv(services.database.db)) chunks.push(chunk);
      const linesOf = (chunk: string) => chunk.split("\r\n").slice(0, -1);
      // The header, then batches: no chunk (and no query) holds more than CSV_BATCH_ROWS orders.
      expect(linesOf(chunks[0]!)).toHaveLength(1);
      expect(chunks).toHaveLength(1 + Math.ceil(ORDERS / CSV_BATCH_ROWS));
      for (const chunk of chunks.slice(1)) expect(linesOf(chunk).length).toBeLessThanOrEqual(CSV_BATCH_ROWS);
      const numbers = chunks
        .slice(1)
        .flatMap(linesOf)
        .map((line) => Number(line.split(",")[0]!.slice(1, -1)));
      expect(numbers).toEqual(Array.from({ length: ORDERS }, (_, i) => 1001 + i));
      expect(chunks.join("")).toBe(await ordersCsvText(services.database.db));
    });

    it("includes an order placed while the export runs, once", async () => {
      const rows: string[] = [];
      let placed = false;
      for await (const chunk of ordersCsv(services.database.db)) {
        rows.push(...chunk.split("\r\n").slice(0, -1));
        if (!placed && rows.length > 1) {
          placed = true;
          await services.database.db.execute(sql`
            insert into orders (email, amount_cents, provider) values ('late@example.com', 4700, 'test')`);
        }
      }
      expect(rows.filter((line) => line.includes("late@example.com"))).toHaveLength(1);
      expect(rows).toHaveLength(1 + ORDERS + 1);
    });
  });
}
