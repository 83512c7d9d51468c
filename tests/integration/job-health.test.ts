import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import type { JobFailure } from "#app/lib/job-health.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { RETENTION, startMaintenanceJob } from "#app/lib/maintenance.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import { signInCookie } from "#app/routes/admin/guard.server.ts";
import * as secret from "#app/routes/secret.tsx";
import { jobFailures, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const ORIGIN = "http://shop.test";
const ADMIN = "job-health-secret-0123456789";

for (const backend of testBackends()) {
  describe(`a failing background job on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend, { ADMIN_PATH: ADMIN });
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const db = () => services.database.db;

    async function panoramicaFailures(): Promise<JobFailure[]> {
      const cookie = (await signInCookie(services, new Request(ORIGIN))).split(";")[0]!;
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, "198.51.100.1");
      const request = new Request(`${ORIGIN}/${ADMIN}`, { headers: { cookie } });
      const page = (await secret.loader({
        request,
        context,
        params: { secret: ADMIN },
        unstable_pattern: "",
      } as never)) as { data: { failing: JobFailure[] } };
      return page.data.failing;
    }

    /**
     * An old unpaid order that a row without a delete rule points to: the maintenance's one
     * statement that deletes old unpaid orders then fails on the foreign key, as it did every hour
     * after the first abandoned checkout with an invoice request.
     */
    async function blockMaintenance() {
      const [old] = await db()
        .insert(orders)
        .values({
          email: "a@b.co",
          amountCents: 4700,
          provider: "test",
          createdAt: new Date(Date.now() - RETENTION.unpaidOrderMs - 60_000),
        })
        .returning();
      await db().execute(sql`create table blocker (order_id uuid references orders(id))`);
      await db().execute(sql`insert into blocker values (${old!.id})`);
    }

    it("is logged at error once per kind of failure, shown on the Panoramica with its count until it runs again, then cleared", async () => {
      await blockMaintenance();
      const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
      const job = startMaintenanceJob(db(), 30, 3_600_000);
      try {
        for (let run = 0; run < 3; run++) await job.runNow();
        expect(errors.mock.calls.filter(([, message]) => message === "maintenance failed")).toHaveLength(1);

        const [failure] = await panoramicaFailures();
        expect(failure).toMatchObject({ job: "maintenance", failures: 3 });
        expect(failure!.message).toMatch(/foreign key/);
        expect(failure!.lastFailedAt.getTime()).toBeGreaterThanOrEqual(failure!.firstFailedAt.getTime());
        expect(ADMIN_PAGES_COPY.overview.jobs[failure!.job]).toMatch(/manutenzione/);

        // Another kind of failure is news: logged at error again.
        await db().execute(sql`drop table blocker`);
        await db().execute(sql`alter table rate_limits rename to rate_limits_away`);
        await job.runNow();
        expect(errors.mock.calls.filter(([, message]) => message === "maintenance failed")).toHaveLength(2);
        expect((await panoramicaFailures())[0]).toMatchObject({
          failures: 4,
          message: expect.stringMatching(/rate_limits/),
        });

        await db().execute(sql`alter table rate_limits_away rename to rate_limits`);
        await job.runNow();
        expect(await panoramicaFailures()).toEqual([]);
        expect(await db().select().from(jobFailures)).toEqual([]);
      } finally {
        errors.mockRestore();
        await job.stop();
      }
    });

    it("a failure a previous process recorded is cleared by this process's first successful run", async () => {
      const at = new Date();
      await db().insert(jobFailures).values({
        job: "maintenance",
        kind: "23503: x",
        message: "x",
        firstFailedAt: at,
        lastFailedAt: at,
        failures: 7,
      });
      expect(await panoramicaFailures()).toHaveLength(1);
      const job = startMaintenanceJob(db(), 30, 3_600_000);
      try {
        await job.runNow();
        expect(await panoramicaFailures()).toEqual([]);
      } finally {
        await job.stop();
      }
    });
  });
}
