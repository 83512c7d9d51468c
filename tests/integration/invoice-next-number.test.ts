import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  nextInvoiceNumber,
  setNextInvoiceNumber,
  takeInvoiceNumber,
} from "#app/lib/books/numbering.server.ts";
import type { Database } from "#app/lib/db/database.server.ts";
import { testBackends } from "../setup/databases.ts";
import { seedInvoice } from "../setup/seed-invoices.ts";

const issue = (database: Database, series = "FT", year = 2026) =>
  database.db.transaction((tx) => takeInvoiceNumber(tx, series, year));

const nextNumberRow = async (database: Database, series = "FT", year = 2026) =>
  Number(
    (
      await database.db.execute<{ next_number: number }>(
        sql`select next_number from invoice_series where series = ${series} and year = ${year}`,
      )
    ).rows[0]?.next_number,
  );

for (const backend of testBackends()) {
  describe(`the next invoice number set by the owner on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("lets an owner moving from another program go on at 15, and the year's next invoices follow it", async () => {
      const database = await backend.open();
      expect(await nextInvoiceNumber(database.db, "FT", 2026)).toEqual({ next: 1, highestUsed: 0 });
      expect(await setNextInvoiceNumber(database.db, "FT", 2026, 15, { gapConfirmed: true })).toEqual({
        ok: true,
        next: 15,
      });
      expect([await issue(database), await issue(database)]).toEqual([15, 16]);
      // Another series and another year are not moved.
      expect(await issue(database, "NC")).toBe(1);
      expect(await issue(database, "FT", 2027)).toBe(1);
      expect(await nextInvoiceNumber(database.db, "FT", 2026)).toEqual({ next: 17, highestUsed: 0 });
      await database.close();
    });

    it("refuses a number a document of the series and year already has, or one below it", async () => {
      const database = await backend.open();
      const first = await seedInvoice(database.db, { date: "2026-03-02", creditNoteOn: "2026-03-20" });
      expect([first.invoice.number, first.creditNote?.number]).toEqual([1, 2]);
      for (const next of [1, 2])
        expect(await setNextInvoiceNumber(database.db, "FT", 2026, next)).toEqual({
          ok: false,
          reason: "used",
          highestUsed: 2,
          current: 3,
        });
      expect(await setNextInvoiceNumber(database.db, "FT", 2026, 3)).toEqual({ ok: true, next: 3 });
      expect(await nextInvoiceNumber(database.db, "FT", 2026)).toEqual({ next: 3, highestUsed: 2 });
      // The same number in 2025 is free: numbers start again each year.
      expect(await setNextInvoiceNumber(database.db, "FT", 2025, 2, { gapConfirmed: true })).toEqual({
        ok: true,
        next: 2,
      });
      await database.close();
    });

    it("sets a number that would skip some (120 after FT/12) only once the owner confirms the gap", async () => {
      const database = await backend.open();
      for (let i = 0; i < 12; i++) await seedInvoice(database.db, { date: "2026-03-02" });
      expect(await setNextInvoiceNumber(database.db, "FT", 2026, 120)).toEqual({
        ok: false,
        reason: "gap",
        highestUsed: 12,
        current: 13,
      });
      expect(await nextNumberRow(database)).toBe(13);
      // The number that follows the last needs no confirmation: it skips none.
      expect(await setNextInvoiceNumber(database.db, "FT", 2026, 13)).toEqual({ ok: true, next: 13 });
      expect(await setNextInvoiceNumber(database.db, "FT", 2026, 120, { gapConfirmed: true })).toEqual({
        ok: true,
        next: 120,
      });
      // Set again as it is, nothing more is skipped; a number past it asks again.
      expect(await setNextInvoiceNumber(database.db, "FT", 2026, 120)).toEqual({ ok: true, next: 120 });
      expect(await setNextInvoiceNumber(database.db, "FT", 2026, 121)).toMatchObject({
        ok: false,
        reason: "gap",
      });
      expect(await issue(database)).toBe(120);
      await database.close();
    });

    it("never lowers the next number, even where no document has the numbers in between", async () => {
      const database = await backend.open();
      await setNextInvoiceNumber(database.db, "FT", 2026, 40, { gapConfirmed: true });
      expect(await setNextInvoiceNumber(database.db, "FT", 2026, 15)).toEqual({
        ok: false,
        reason: "lower",
        highestUsed: 0,
        current: 40,
      });
      expect(await nextNumberRow(database)).toBe(40);
      expect(await issue(database)).toBe(40);
      await database.close();
    });

    it("waits for an invoice being recorded, then refuses the number it took", async () => {
      const database = await backend.open();
      let commit!: () => void;
      const mayCommit = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let took!: (n: number) => void;
      const taken = new Promise<number>((resolve) => {
        took = resolve;
      });
      const invoice = database.db.transaction(async (tx) => {
        const number = await takeInvoiceNumber(tx, "FT", 2026);
        took(number);
        await mayCommit;
        return number;
      });
      expect(await taken).toBe(1);
      let answer: unknown;
      const set = setNextInvoiceNumber(database.db, "FT", 2026, 1).then((result) => {
        answer = result;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answer).toBeUndefined();
      commit();
      await Promise.all([invoice, set]);
      // The invoice's number is now taken (next is 2): 1 would lower it.
      expect(answer).toEqual({ ok: false, reason: "lower", highestUsed: 0, current: 2 });
      await database.close();
    });

    it("gives no number twice when invoices are issued while the owner sets the next number", async () => {
      const database = await backend.open();
      const [numbers, set] = await Promise.all([
        Promise.all(Array.from({ length: 10 }, () => issue(database))),
        setNextInvoiceNumber(database.db, "FT", 2026, 100, { gapConfirmed: true }),
      ]);
      expect(new Set(numbers).size).toBe(10);
      expect(set.ok).toBe(true);
      const before = numbers.filter((n) => n < 100).toSorted((a, b) => a - b);
      const after = numbers.filter((n) => n >= 100).toSorted((a, b) => a - b);
      // Those issued before the change run from 1 without a gap, those after it from 100.
      expect(before).toEqual(before.map((_, i) => i + 1));
      expect(after).toEqual(after.map((_, i) => i + 100));
      expect(await nextNumberRow(database)).toBe(after.length > 0 ? 100 + after.length : 100);
      await database.close();
    });

    it("refuses a series, year or number that is not one", async () => {
      const database = await backend.open();
      await expect(setNextInvoiceNumber(database.db, "ft'; --", 2026, 2)).rejects.toThrow(/Not a series/);
      await expect(setNextInvoiceNumber(database.db, "FT", 26, 2)).rejects.toThrow(/Not a year/);
      for (const next of [0, -1, 1.5, 1_000_000, Number.NaN])
        await expect(setNextInvoiceNumber(database.db, "FT", 2026, next)).rejects.toThrow(
          /Not an invoice number/,
        );
      expect(await issue(database)).toBe(1);
      await database.close();
    });
  });
}
