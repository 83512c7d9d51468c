import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdminSession } from "#app/lib/admin/admin-session.server.ts";
import { createDownloadToken, prepareDownload } from "#app/lib/downloads/prepare-download.server.ts";
import { processOutbox } from "#app/lib/mail/outbox.server.ts";
import { collectDeliveryEvidence } from "#app/lib/orders/delivery-evidence.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import * as evidencePage from "#app/routes/admin/order-evidence.tsx";
import * as evidenceJson from "#app/routes/admin/order-evidence-json.ts";
import { downloads, emailOutbox, orders } from "#db/schema.ts";
import { startSmtp, type TestSmtp } from "../mocks/smtp.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const BUYER_IP = "203.0.113.9";

/**
 * The delivery evidence pack (issue 12, item 2): the payment, the delivery e-mail with the SMTP
 * server's acceptance (a real SMTP server), every download with time, raw IP and bytes, the offer
 * and the terms, as JSON and as a printable page, for the signed-in admin only, never cached.
 */
for (const backend of testBackends()) {
  describe(`delivery evidence on ${backend.name}`, () => {
    let smtp: TestSmtp;
    let services: TestServices;
    beforeAll(async () => {
      smtp = await startSmtp();
    });
    afterAll(async () => {
      await smtp.close();
      await backend.cleanup();
    });
    beforeEach(async () => {
      services = await testServices(backend, { SMTP_URL: smtp.url });
      await seedProduct(services);
    });
    afterEach(() => services.dispose());

    const db = () => services.database.db;

    /** A discounted, taxed order, paid, its e-mail sent over SMTP and the file downloaded once. */
    async function deliveredOrder() {
      const consentAt = new Date("2026-11-20T09:59:00.000Z");
      const [order] = await db()
        .insert(orders)
        .values({
          email: "buyer@example.com",
          amountCents: 3525,
          discountApplied: true,
          provider: "stripe",
          providerSessionId: "cs_test_evidence",
          paymentIntentId: "pi_evidence_1",
          taxCents: 636,
          country: "IT",
          consentAt,
        })
        .returning();
      await fulfilOrder(db(), services.links, { orderId: order!.id });
      expect(await processOutbox(db(), services.mailer)).toBe(1);
      const plan = await prepareDownload(
        services,
        createDownloadToken(services.settings.tokenSecrets, { orderId: order!.id, productId: null }),
        BUYER_IP,
      );
      if (plan.kind !== "copy") throw new Error(`expected a copy, got ${plan.kind}`);
      const record = plan.startRecord();
      record.sent(4321);
      record.closed();
      // The record is written at start and its bytes when it closes, each as it happens: wait for
      // the bytes, not for the row (a loaded machine showed the row with 0 bytes between the two).
      await expect
        .poll(
          async () => (await db().select().from(downloads).where(eq(downloads.orderId, order!.id)))[0]?.bytes,
          { timeout: 10_000 },
        )
        .toBe(4321);
      return order!;
    }

    const args = (path: string, id: string, cookie?: string) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      const request = new Request(`http://shop.test${path}`, { headers: cookie ? { cookie } : {} });
      return { request, context, params: { secret: services.settings.adminPath, id } } as never;
    };

    it("keeps the SMTP server's reply and the download's raw IP beside its hash", async () => {
      const order = await deliveredOrder();
      const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
      expect(mail?.smtpResponse).toMatch(/^250 /);
      const [download] = await db().select().from(downloads).where(eq(downloads.orderId, order.id));
      expect(download).toMatchObject({ ip: BUYER_IP, bytes: 4321 });
      expect(download?.ipHash).toMatch(/^[0-9a-f]{32}$/);
    });

    it("collects the payment, the e-mail, the downloads, the offer and the terms", async () => {
      const order = await deliveredOrder();
      const evidence = await collectDeliveryEvidence(db(), order.id, services.env.PUBLIC_URL);
      expect(evidence?.payment).toMatchObject({
        reference: order.reference,
        number: order.number,
        amountCents: 3525,
        currency: "usd",
        taxCents: 636,
        country: "IT",
        provider: "stripe",
        paymentIntentId: "pi_evidence_1",
        status: "paid",
        refundedCents: 0,
        disputeStatus: null,
      });
      expect(evidence?.payment.paidAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(evidence?.emails).toHaveLength(1);
      expect(evidence?.emails[0]).toMatchObject({ to: "buyer@example.com", template: "delivery" });
      expect(evidence?.emails[0]?.smtpResponse).toMatch(/^250 /);
      expect(evidence?.emails[0]?.sentAt).toMatch(/^\d{4}-/);
      expect(evidence?.downloads).toEqual([
        expect.objectContaining({ ip: BUYER_IP, bytes: 4321, at: expect.stringMatching(/^\d{4}-/) }),
      ]);
      expect(evidence?.offer).toMatchObject({
        priceCents: 3525,
        standardPriceCents: 4700,
        discountApplied: true,
      });
      expect(evidence?.terms).toEqual({
        url: "http://shop.test/terms",
        consentAt: "2026-11-20T09:59:00.000Z",
      });
      expect(await collectDeliveryEvidence(db(), crypto.randomUUID(), services.env.PUBLIC_URL)).toBeNull();
    });

    it("serves the JSON and the printable page to the signed-in admin only, never cached", async () => {
      const order = await deliveredOrder();
      const base = `/${services.settings.adminPath}/orders/${order.id}/evidence`;
      await expect(evidencePage.loader(args(base, order.id))).rejects.toMatchObject({
        init: { status: 401 },
      });
      await expect(evidenceJson.loader(args(`${base}.json`, order.id))).rejects.toMatchObject({
        init: { status: 401 },
      });

      const cookie = `admin_session=${await createAdminSession(db(), "test")}`;
      const page = await evidencePage.loader(args(base, order.id, cookie));
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const html = await page.text();
      expect(html).toMatch(/^<!DOCTYPE html><html lang="it">/);
      expect(html).toContain(`Prove di consegna: ordine #${order.number} (${order.reference})`);
      expect(html).toContain(BUYER_IP);
      expect(html).toContain("pi_evidence_1");
      expect(html).toMatch(/<td>250 [^<]+<\/td>/);
      expect(html).toContain('href="http://shop.test/terms"');
      expect(html).toContain("@media print");
      expect(html).not.toContain("<script");

      const json = await evidenceJson.loader(args(`${base}.json`, order.id, cookie));
      expect(json.headers.get("cache-control")).toBe("no-store");
      expect(json.headers.get("content-disposition")).toBe(
        `attachment; filename="prove-consegna-${order.reference}.json"`,
      );
      const body = await json.json();
      expect(body.payment.reference).toBe(order.reference);
      expect(body.downloads[0]).toMatchObject({ ip: BUYER_IP, bytes: 4321 });

      for (const id of ["not-a-uuid", crypto.randomUUID()]) {
        await expect(evidencePage.loader(args(base, id, cookie))).rejects.toMatchObject({
          init: { status: 404 },
        });
      }
    });
  });
}
