import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { addCounts, dayOf } from "#app/lib/funnel/count-step.server.ts";
import { funnelRows } from "#app/lib/funnel/funnel-rows.ts";
import { eraseBuyer } from "#app/lib/ops/buyer-data.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import { signInCookie } from "#app/routes/admin/guard.server.ts";
import * as orderRoute from "#app/routes/admin/order.tsx";
import * as ordersRoute from "#app/routes/admin/orders.tsx";
import * as productRoute from "#app/routes/admin/product.tsx";
import * as settingsRoute from "#app/routes/admin/settings.tsx";
import * as secret from "#app/routes/secret.tsx";
import { emailOutbox, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const ORIGIN = "http://shop.test";
const ADMIN = "admin-pages-secret-0123456789";
const NO_ATTRIBUTION = { source: "", campaign: "", device: "", article: "" };

/** What a route's loader or action answered: its body and status, thrown or returned alike. */
async function answer<T>(
  run: () => Promise<unknown>,
): Promise<{ status: number; body: T; location?: string | null }> {
  try {
    const result = await run();
    if (result instanceof Response)
      return { status: result.status, body: null as T, location: result.headers.get("location") };
    if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
      const init = result as unknown as { data: T; init: { status?: number } | null };
      return { status: init.init?.status ?? 200, body: init.data };
    }
    return { status: 200, body: result as T };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, body: null as T, location: thrown.headers.get("location") };
    const init = thrown as { data: T; init: { status?: number } | null };
    if (init && typeof init === "object" && "init" in init)
      return { status: init.init?.status ?? 500, body: init.data };
    throw thrown;
  }
}

for (const backend of testBackends()) {
  describe(`admin pages on ${backend.name}`, () => {
    let services: TestServices;
    let cookie: string;
    beforeEach(async () => {
      services = await testServices(backend, { ADMIN_PATH: ADMIN });
      cookie = (await signInCookie(services, new Request(ORIGIN))).split(";")[0]!;
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const db = () => services.database.db;
    const args = (
      path: string,
      init: RequestInit & { signedIn?: boolean } = {},
      params: Record<string, string> = {},
    ) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, "198.51.100.1");
      const headers = new Headers(init.headers);
      if (init.signedIn !== false) headers.set("cookie", cookie);
      if (init.method === "POST") headers.set("origin", ORIGIN);
      const request = new Request(`${ORIGIN}/${path}`, { ...init, headers });
      const secretSegment = path.split(/[/?]/)[0]!;
      return {
        request,
        context,
        params: { secret: secretSegment, ...params },
        unstable_pattern: "",
        url: new URL(request.url),
      } as never;
    };
    async function order(email: string, opts: { paid?: boolean } = {}) {
      const [row] = await db()
        .insert(orders)
        .values({
          email,
          amountCents: 4700,
          provider: "test",
          providerSessionId: `test_cs_${crypto.randomUUID()}`,
        })
        .returning();
      if (opts.paid) await fulfilOrder(db(), services.links, { orderId: row!.id });
      return (await db().select().from(orders).where(eq(orders.id, row!.id)))[0]!;
    }
    const refund = (reference: string, orderId: string) =>
      answer<{ ok: boolean; message: string }>(() =>
        orderRoute.action(
          args(
            `${ADMIN}/ordini/${reference}`,
            { method: "POST", body: new URLSearchParams({ intent: "refund", orderId }) },
            { reference },
          ),
        ),
      );

    it("Panoramica: the sign-in without a session; revenue, needs and a funnel no step of which exceeds the one before", async () => {
      const signedOut = await answer<{ page: string; data: { signedIn: boolean } }>(() =>
        secret.loader(args(ADMIN, { signedIn: false })),
      );
      expect(signedOut.body.data).toEqual({ signedIn: false });
      // More checkout visits than arrivals (reloads, links from e-mails), more starts than checkouts.
      const day = dayOf(new Date());
      await addCounts(db(), [
        { day, step: "visit_landing", ...NO_ATTRIBUTION, count: 4 },
        { day, step: "visit_checkout", ...NO_ATTRIBUTION, count: 6 },
        { day, step: "payment_started", ...NO_ATTRIBUTION, count: 7 },
        { day, step: "payment_completed", ...NO_ATTRIBUTION, count: 2 },
      ]);
      await order("paid@example.com", { paid: true });
      const page = await answer<{
        data: {
          signedIn: true;
          notices: string[];
          overview: Awaited<ReturnType<typeof import("#app/lib/admin/overview.server.ts").loadOverview>>;
        };
      }>(() => secret.loader(args(`${ADMIN}?giorni=30`)));
      const { overview, notices } = page.body.data;
      expect(notices).toEqual([]);
      expect(overview.periods.today).toMatchObject({ keptCents: 4700, sales: 1 });
      expect(overview.figures.days).toBe(30);
      const rows = funnelRows(overview.figures.steps);
      expect(rows.map((row) => [row.stage, row.inPath, row.outside])).toEqual([
        ["arrivals", 4, 0],
        ["visit_checkout", 4, 2],
        ["payment_started", 4, 3],
        // The paid order's fulfilment counted one more.
        ["payment_completed", 3, 0],
        ["download", 0, 0],
      ]);
      for (const [i, row] of rows.entries()) {
        if (i > 0) expect(row.inPath).toBeLessThanOrEqual(rows[i - 1]!.inPath);
        if (row.share !== null) expect(row.share).toBeLessThanOrEqual(1);
      }
      expect(overview.needs).toEqual({ disputes: 0, refundRequests: 0, failedEmails: 0, sharedLinks: 0 });
      // Test mode is for trying: its configuration keeps nothing from buyers, and the checklist shows.
      expect(page.body.data).toMatchObject({ delivery: { problems: [] }, checklist: { purchase: true } });
      const badPeriod = await answer<{ data: { notices: string[] } }>(() =>
        secret.loader(args(`${ADMIN}?giorni=abc`)),
      );
      expect(badPeriod.body.data.notices).toEqual([ADMIN_PAGES_COPY.overview.badPeriod]);
    });

    it("Panoramica of a live store without SMTP_URL, on http: says buyers receive no e-mail and the links reach none, with the checklist", async () => {
      const live = await testServices(backend, {
        ADMIN_PATH: ADMIN,
        STRIPE_SECRET_KEY: "sk_test_admin_pages",
        STRIPE_WEBHOOK_SECRET: "whsec_admin_pages",
      });
      try {
        const liveCookie = (await signInCookie(live, new Request(ORIGIN))).split(";")[0]!;
        const context = new RouterContextProvider();
        context.set(servicesContext, live);
        context.set(clientIpContext, "198.51.100.1");
        const request = new Request(`${ORIGIN}/${ADMIN}`, { headers: { cookie: liveCookie } });
        const page = await answer<{
          data: {
            delivery: { problems: string[]; publicUrl: string };
            checklist: Record<string, boolean> | null;
          };
        }>(() =>
          secret.loader({ request, context, params: { secret: ADMIN }, unstable_pattern: "" } as never),
        );
        expect(page.body.data.delivery).toEqual({ problems: ["mail", "publicUrl"], publicUrl: ORIGIN });
        expect(page.body.data.checklist).toMatchObject({
          stripe: true,
          mail: false,
          publicUrl: false,
          purchase: false,
        });
        expect(live.takeWelcome().filter((line) => line.startsWith("Warning:"))).toHaveLength(2);
      } finally {
        await live.dispose();
      }
    });

    it("Ordini: sales by default, attempts behind their filter; malformed and out-of-range pages and filters said on the page", async () => {
      await order("sale@example.com", { paid: true });
      await order("attempt@example.com");
      type Orders = {
        filter: string;
        notices: string[];
        orders: { items: { email: string }[]; page: number; pages: number };
      };
      const list = async (query: string) =>
        (await answer<Orders>(() => ordersRoute.loader(args(`${ADMIN}/ordini${query}`)))).body;
      expect((await list("")).orders.items.map((o) => o.email)).toEqual(["sale@example.com"]);
      expect((await list("?filtro=tentativi")).orders.items.map((o) => o.email)).toEqual([
        "attempt@example.com",
      ]);
      expect((await list("?q=ATTEMPT@example.com&filtro=tentativi")).orders.items).toHaveLength(1);
      for (const page of ["abc", "-1", "0", "1e999", "Infinity", "99999999"]) {
        const body = await list(`?pagina=${page}`);
        expect(body.notices).toEqual([ADMIN_PAGES_COPY.orders.badPage]);
        expect(body.orders.page).toBe(1);
      }
      expect((await list("?pagina=7")).notices).toEqual([ADMIN_PAGES_COPY.orders.pageOutOfRange(7, 1)]);
      const unknown = await list("?filtro=tutti");
      expect(unknown.filter).toBe("vendite");
      expect(unknown.notices).toEqual([ADMIN_PAGES_COPY.orders.badFilter]);
      // Without a session a page sends to the sign-in; another segment is a 404.
      const signedOut = await answer(() => ordersRoute.loader(args(`${ADMIN}/ordini`, { signedIn: false })));
      expect(signedOut).toMatchObject({ status: 302, location: `/${ADMIN}` });
      expect((await answer(() => ordersRoute.loader(args("not-the-admin/ordini")))).status).toBe(404);
    });

    it("the order page: one timeline; an unknown, malformed or erased reference is a 404 said in Italian", async () => {
      const paid = await order("buyer@example.com", { paid: true });
      type Page = { found: string; timeline?: { kind: string }[] };
      const page = (reference: string) =>
        answer<Page>(() => orderRoute.loader(args(`${ADMIN}/ordini/${reference}`, {}, { reference })));
      const shown = await page(paid.reference.toLowerCase());
      expect(shown.status).toBe(200);
      // The delivery e-mail is queued in the payment's transaction: its time may come first.
      expect(shown.body.timeline!.map((event) => event.kind).sort()).toEqual(["created", "email", "paid"]);
      for (const reference of ["LCT-0000000000", "nonsense", "x".repeat(5000)]) {
        expect(await page(reference)).toMatchObject({ status: 404, body: { found: "unknown" } });
      }
      await eraseBuyer(db(), "buyer@example.com", `${services.env.DATA_DIR}/mail`);
      expect(await page(paid.reference)).toMatchObject({ status: 404, body: { found: "erased" } });
    });

    it("refund from the order page: done once, the buyer told in one e-mail; again, or for a disputed order, refused with its reason", async () => {
      const paid = await order("refund@example.com", { paid: true });
      expect(await refund(paid.reference, paid.id)).toMatchObject({ status: 200, body: { ok: true } });
      expect(await refund(paid.reference, paid.id)).toMatchObject({
        status: 409,
        body: { ok: false, message: ADMIN_COPY.orders.alreadyRefunded },
      });
      const told = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, paid.id), eq(emailOutbox.template, "refund-confirmed")));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        to: "refund@example.com",
        payload: { orderReference: paid.reference, amountCents: paid.amountCents, guarantee: false },
      });
      const disputed = await order("dispute@example.com", { paid: true });
      await db()
        .update(orders)
        .set({ status: "disputed", disputeStatus: "needs_response" })
        .where(eq(orders.id, disputed.id));
      expect(await refund(disputed.reference, disputed.id)).toMatchObject({
        status: 409,
        body: { ok: false, message: ADMIN_COPY.orders.disputedNoRefund },
      });
      const malformed = await refund(paid.reference, "not-a-uuid");
      expect(malformed.status).toBe(400);
    });

    it("Prodotto: no product, no preview; with one, its files counted without folders", async () => {
      type Product = { product: { fileName: string } | null; files: { name: string }[] | null };
      const load = async () =>
        (await answer<Product>(() => productRoute.loader(args(`${ADMIN}/prodotto`)))).body;
      expect(await load()).toMatchObject({ product: null, files: null });
      await seedProduct(services);
      const loaded = await load();
      expect(loaded.product?.fileName).toBe("toolkit.zip");
      expect(loaded.files!.map((file) => file.name).sort()).toEqual([
        "Canva links.pdf",
        "README.txt",
        "intake.pdf",
      ]);
    });

    it("Impostazioni: the test mode's checklist and no reconciliation card; no secret in the page's data", async () => {
      await seedProduct(services);
      const settings = await answer<{
        store: { mode: string };
        checklist: Record<string, boolean>;
        reconcile: unknown;
      }>(() => settingsRoute.loader(args(`${ADMIN}/impostazioni`)));
      expect(settings.body.store.mode).toBe("test");
      expect(settings.body.checklist).toEqual({
        product: true,
        support: true,
        seller: true,
        stripe: false,
        webhook: false,
        mail: false,
        publicUrl: false,
        purchase: false,
        fiscal: false,
      });
      expect(settings.body.reconcile).toBeNull();
      const text = JSON.stringify(settings.body);
      for (const secretValue of ["s".repeat(40), "test-admin-password"])
        expect(text).not.toContain(secretValue);
    });
  });
}
