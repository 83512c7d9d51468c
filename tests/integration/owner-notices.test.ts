import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { processOutbox } from "#app/lib/mail/outbox.server.ts";
import { refundOrder } from "#app/lib/orders/admin-orders.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { dailyFigures, queueDailySummary } from "#app/lib/owner/daily-summary.server.ts";
import { ownerNotices, setOwnerNotices } from "#app/lib/owner/owner-notices.server.ts";
import { emailOutbox, orders } from "#db/schema.ts";
import { startSmtp } from "../mocks/smtp.ts";
import { testBackends } from "../setup/databases.ts";
import { ordersCsvText } from "../setup/orders-csv.ts";
import { type TestServices, testServices } from "../setup/services.ts";

for (const backend of testBackends()) {
  describe(`owner notices on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());
    const db = () => services.database.db;
    const ownerMail = async (template: string) =>
      db().select().from(emailOutbox).where(eq(emailOutbox.template, template));
    async function paidOrder(email: string, paidAt?: Date) {
      const [row] = await db()
        .insert(orders)
        .values({
          email,
          amountCents: 4700,
          provider: "test",
          providerSessionId: `test_cs_${crypto.randomUUID()}`,
        })
        .returning();
      await fulfilOrder(db(), services.links, { orderId: row!.id });
      if (paidAt) await db().update(orders).set({ paidAt }).where(eq(orders.id, row!.id));
      return row!;
    }

    it("sends no sale notice until the owner turns it on, then one per order however often it is fulfilled", async () => {
      expect(await ownerNotices(db())).toEqual({ sale: false, dailySummary: false });
      await paidOrder("first@x.co");
      expect(await ownerMail("owner-sale")).toHaveLength(0);
      await setOwnerNotices(db(), { sale: true, dailySummary: false });
      const order = await paidOrder("second@x.co");
      await fulfilOrder(db(), services.links, { orderId: order.id });
      const notices = await ownerMail("owner-sale");
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ to: "help@shop.test", orderId: order.id });
    });

    it("delivers the Italian notice through the outbox to a real SMTP server", async () => {
      const smtp = await startSmtp();
      try {
        const mailer = (await import("#app/lib/mail/mailer.server.ts")).createMailer({
          smtpUrl: smtp.url,
          from: "shop@shop.test",
          mailDir: "",
          seller: "Coaching Shop Srl, Via Roma 1, Milano · VAT ID IT12345678903",
        });
        await setOwnerNotices(db(), { sale: true, dailySummary: false });
        const order = await paidOrder("buyer@x.co");
        await processOutbox(db(), mailer);
        const mail = smtp.messages.find((m) => m.subject?.startsWith("Nuova vendita"));
        expect(mail?.subject).toContain(
          `ordine #${(await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.number}`,
        );
        expect(mail?.text).toContain("Cliente: buyer@x.co");
        mailer.close();
      } finally {
        await smtp.close();
      }
    });

    it("queues one daily summary per day, whoever checks and however often, with the day's figures", async () => {
      const now = new Date("2026-11-24T08:00:00Z");
      await paidOrder("a@x.co", new Date("2026-11-23T10:00:00Z"));
      const refunded = await paidOrder("b@x.co", new Date("2026-11-23T11:00:00Z"));
      await refundOrder(services, refunded.id);
      await db()
        .update(orders)
        .set({ refundedAt: new Date("2026-11-23T12:00:00Z") })
        .where(eq(orders.id, refunded.id));
      await paidOrder("c@x.co", new Date("2026-11-22T10:00:00Z"));
      await db()
        .insert(emailOutbox)
        .values({ to: "x@x.co", template: "delivery", payload: {}, lastError: "550" });
      expect(await queueDailySummary(db(), "help@shop.test", now)).toBe(false);
      await setOwnerNotices(db(), { sale: false, dailySummary: true });
      const checks = await Promise.all([
        queueDailySummary(db(), "help@shop.test", now),
        queueDailySummary(db(), "help@shop.test", now),
      ]);
      expect(checks.filter(Boolean)).toHaveLength(1);
      expect(await queueDailySummary(db(), "help@shop.test", new Date("2026-11-24T23:00:00Z"))).toBe(false);
      const summaries = await ownerMail("daily-summary");
      expect(summaries).toHaveLength(1);
      expect(summaries[0]!.dedupeKey).toBe("daily-summary:2026-11-23");
      expect(await dailyFigures(db(), "2026-11-23")).toEqual({
        day: "2026-11-23",
        orders: 1,
        revenueCents: 4700,
        refunds: 1,
        refundedCents: 4700,
        failedEmails: 1,
      });
    });

    it("exports Italian headers, and for Excel semicolons and decimal commas", async () => {
      await paidOrder("x@x.co", new Date("2026-11-23T10:00:00Z"));
      const csv = await ordersCsvText(db());
      expect(csv.split("\r\n")[0]).toBe(
        '"Numero","Creato il (UTC)","E-mail","Importo (USD)","Di cui IVA (USD)","Paese","Sconto","Stato","Pagato il (UTC)","Rimborsato il (UTC)","Fornitore","Riferimento"',
      );
      const excel = (await ordersCsvText(db(), ";")).split("\r\n");
      expect(excel[0]).toMatch(/^"Numero";"Creato il \(UTC\)";"E-mail";/);
      expect(excel[1]).toContain('"x@x.co";"47,00";"";"";"no";"paid";"2026-11-23 10:00:00"');
    });
  });
}
