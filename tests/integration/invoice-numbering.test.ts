import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { takeInvoiceNumber } from "#app/lib/books/numbering.server.ts";
import type { Database } from "#app/lib/db/database.server.ts";
import { testBackends } from "../setup/databases.ts";

/** Records a document with the next number inside one transaction; `fail` rolls it back after the number was taken. */
async function issue(database: Database, series: string, year: number, fail = false): Promise<number> {
  return database.db.transaction(async (tx) => {
    const number = await takeInvoiceNumber(tx, series, year);
    if (fail) throw new Error("the invoice could not be recorded");
    return number;
  });
}

for (const backend of testBackends()) {
  describe(`invoice numbers on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("start at 1 for each series and year and go up by one", async () => {
      const database = await backend.open();
      expect([
        await issue(database, "FT", 2026),
        await issue(database, "FT", 2026),
        await issue(database, "FT", 2026),
      ]).toEqual([1, 2, 3]);
      expect(await issue(database, "NC", 2026)).toBe(1);
      expect(await issue(database, "FT", 2027)).toBe(1);
      expect(await issue(database, "FT", 2026)).toBe(4);
      await database.close();
    });

    it("never give the same number twice when 20 invoices are issued at once, and leave no gap", async () => {
      const database = await backend.open();
      const numbers = await Promise.all(Array.from({ length: 20 }, () => issue(database, "FT", 2026)));
      expect(numbers.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      await database.close();
    });

    it("make a second invoice wait while the first is still being recorded, then give it the next number", async () => {
      const database = await backend.open();
      let finishFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => {
        finishFirst = resolve;
      });
      let firstTook!: (n: number) => void;
      const firstNumber = new Promise<number>((resolve) => {
        firstTook = resolve;
      });
      const first = database.db.transaction(async (tx) => {
        firstTook(await takeInvoiceNumber(tx, "FT", 2026));
        await firstMayCommit;
      });
      expect(await firstNumber).toBe(1);
      let secondNumber: number | undefined;
      const second = issue(database, "FT", 2026).then((n) => {
        secondNumber = n;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondNumber).toBeUndefined();
      finishFirst();
      await Promise.all([first, second]);
      expect(secondNumber).toBe(2);
      await database.close();
    });

    it("give a rolled-back invoice's number to the next one, also while others are issued at once", async () => {
      const database = await backend.open();
      expect(await issue(database, "FT", 2026)).toBe(1);
      await expect(issue(database, "FT", 2026, true)).rejects.toThrow("the invoice could not be recorded");
      expect(await issue(database, "FT", 2026)).toBe(2);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) => issue(database, "FT", 2026, i % 3 === 0)),
      );
      const issued = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(4);
      expect(issued.toSorted((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
      const row = await database.db.execute<{ next_number: number }>(
        sql`select next_number from invoice_series where series = 'FT' and year = 2026`,
      );
      expect(Number(row.rows[0]?.next_number)).toBe(11);
      await database.close();
    });

    it("refuse a series name or a year that is not one", async () => {
      const database = await backend.open();
      await expect(issue(database, "ft'; drop table invoice_series; --", 2026)).rejects.toThrow(
        /Not a series name/,
      );
      await expect(issue(database, "FT", 26)).rejects.toThrow(/Not a year/);
      expect(await issue(database, "FT", 2026)).toBe(1);
      await database.close();
    });
  });
}
