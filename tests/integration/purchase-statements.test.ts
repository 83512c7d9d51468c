import { PGlite, type Transaction } from "@electric-sql/pglite";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hitBoth } from "#app/lib/rate-limit.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import * as checkout from "#app/routes/checkout.tsx";
import * as payTest from "#app/routes/pay-test.tsx";
import { emailOutbox, orders, rateLimits } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

/**
 * What one purchase costs the database (issue 16, checkout capacity, ADR 027): on PGlite every
 * statement runs on the store's one thread, on PostgreSQL every write is a commit. The checkout
 * POST and the test payment POST together made 16 statements; they make 13.
 */
const STATEMENTS_PER_PURCHASE = 13;

/** Counts the statements sent to the database, BEGIN and COMMIT included, for either driver. */
function countStatements(): { count: () => number; stop: () => void } {
  let count = 0;
  const query = pg.Client.prototype.query;
  const liteQuery = PGlite.prototype.query;
  const transaction = PGlite.prototype.transaction;
  const spies = [
    vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      count++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as never),
    vi.spyOn(PGlite.prototype, "query").mockImplementation(function (this: PGlite, ...args: unknown[]) {
      count++;
      return (liteQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as never),
    vi.spyOn(PGlite.prototype, "transaction").mockImplementation(function <T>(
      this: PGlite,
      callback: (tx: Transaction) => Promise<T>,
    ) {
      count += 2; // BEGIN and COMMIT
      return transaction.call(this, (tx) =>
        callback({
          ...tx,
          query: (...args: Parameters<Transaction["query"]>) => {
            count++;
            return tx.query(...args);
          },
        } as Transaction),
      );
    } as never),
  ];
  return {
    count: () => count,
    stop: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

for (const backend of testBackends()) {
  describe(`one purchase's statements on ${backend.name}`, () => {
    let services: TestServices;
    afterAll(() => backend.cleanup());
    beforeEach(async () => {
      services = await testServices(backend);
      await seedProduct(services);
    });
    afterEach(() => services.dispose());

    const post = async (
      route: { action: (args: never) => unknown },
      url: string,
      fields: Record<string, string>,
      params: Record<string, string> = {},
    ) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, "203.0.113.7");
      const request = new Request(url, { method: "POST", body: new URLSearchParams(fields) });
      try {
        return (await route.action({ request, context, params, unstable_pattern: "" } as never)) as Response;
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };

    it(`checks out and pays in at most ${STATEMENTS_PER_PURCHASE} statements, and the order is paid with one e-mail`, async () => {
      const statements = countStatements();
      const bought = await post(checkout, "http://shop.test/checkout", {
        intent: "buy",
        email: "buyer@example.com",
        consent: "on",
      });
      expect(bought.status).toBe(303);
      const session = new URL(bought.headers.get("location")!).pathname.split("/").at(-1)!;
      const paid = await post(
        payTest,
        `http://shop.test/pay/test/${session}`,
        { intent: "pay" },
        { session },
      );
      expect(paid.status).toBe(303);
      statements.stop();
      expect(statements.count()).toBeLessThanOrEqual(STATEMENTS_PER_PURCHASE);

      const db = services.database.db;
      const [order] = await db.select().from(orders);
      expect(order).toMatchObject({ status: "paid", email: "buyer@example.com" });
      expect(order!.consentAt).not.toBeNull();
      const mails = await db.select().from(emailOutbox);
      expect(mails.map((m) => [m.template, m.orderId])).toEqual([["delivery", order!.id]]);
    });

    it("counts the second key only while the first is within its limit, in one statement", async () => {
      const db = services.database.db;
      const ip = { key: "t:ip", rule: { limit: 2, windowMs: 60_000 } };
      const email = (n: number) => ({ key: `t:email:${n}`, rule: { limit: 1, windowMs: 60_000 } });
      const statements = countStatements();
      const first = await hitBoth(db, ip, email(1));
      const counted = statements.count();
      statements.stop();
      expect(counted).toBe(1);
      expect(first).toEqual({
        first: { allowed: true, retryAfterMs: 0 },
        second: { allowed: true, retryAfterMs: 0 },
      });
      const again = await hitBoth(db, ip, email(1));
      expect(again.first.allowed).toBe(true);
      expect(again.second?.allowed).toBe(false);
      expect(again.second?.retryAfterMs).toBeGreaterThan(59_000);
      // Over the first limit: the second key is not counted at all.
      const refused = await hitBoth(db, ip, email(3));
      expect(refused.first.allowed).toBe(false);
      expect(refused.second).toBeNull();
      const keys = (await db.select().from(rateLimits)).map((row) => [row.key, row.count]).sort();
      expect(keys).toEqual([
        ["t:email:1", 2],
        ["t:ip", 3],
      ]);
    });
  });
}
