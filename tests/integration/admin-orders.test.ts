import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadOverview } from "#app/lib/admin/overview.server.ts";
import { findPaidOrder } from "#app/lib/checkout/find-paid-order.server.ts";
import { processOutbox } from "#app/lib/mail/outbox.server.ts";
import {
  failedEmails,
  freshDownloadLink,
  listOrders,
  ORDERS_PAGE_SIZE,
  refundOrder,
  resendDeliveryEmail,
} from "#app/lib/orders/admin-orders.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { emailOutbox, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { ordersCsvText } from "../setup/orders-csv.ts";
import { type TestServices, testServices } from "../setup/services.ts";

for (const backend of testBackends()) {
  describe(`admin orders on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const db = () => services.database.db;
    async function order(
      email: string,
      opts: { paid?: boolean; amountCents?: number; discountApplied?: boolean } = {},
    ) {
      const [row] = await db()
        .insert(orders)
        .values({
          email,
          amountCents: opts.amountCents ?? 4700,
          discountApplied: opts.discountApplied ?? false,
          provider: "test",
          providerSessionId: `test_cs_${crypto.randomUUID()}`,
        })
        .returning();
      if (opts.paid) await fulfilOrder(db(), services.links, { orderId: row!.id });
      return row!;
    }

    it("lists sales newest first, pages, and finds by e-mail or number; unpaid attempts behind their filter", async () => {
      for (let i = 0; i < ORDERS_PAGE_SIZE + 3; i++) await order(`buyer${i}@example.com`, { paid: true });
      await order("attempt@example.com");
      const attempts = await listOrders(db(), { filter: "tentativi" });
      expect(attempts.items.map((o) => [o.email, o.status])).toEqual([["attempt@example.com", "pending"]]);
      expect((await listOrders(db(), { query: "attempt@" })).total).toBe(0);
      const first = await listOrders(db());
      expect(first).toMatchObject({ total: ORDERS_PAGE_SIZE + 3, page: 1, pages: 2 });
      expect(first.items).toHaveLength(ORDERS_PAGE_SIZE);
      expect(first.items[0]!.number).toBeGreaterThan(first.items[1]!.number);
      expect((await listOrders(db(), { page: 2 })).items).toHaveLength(3);
      expect((await listOrders(db(), { query: "buyer7@" })).items.map((o) => o.email)).toEqual([
        "buyer7@example.com",
      ]);
      expect((await listOrders(db(), { query: "#1003" })).items.map((o) => o.number)).toEqual([1003]);
      // The reference a buyer quotes finds the order too, however it is typed.
      const quoted = first.items[4]!;
      expect(quoted.reference).toMatch(/^LCT-[0-9A-F]{10}$/);
      for (const query of [quoted.reference, quoted.reference.toLowerCase(), ` ${quoted.reference} `]) {
        expect((await listOrders(db(), { query })).items.map((o) => o.number)).toEqual([quoted.number]);
      }
      expect((await listOrders(db(), { query: "100%_\\'; drop table orders;--" })).total).toBe(0);
      const paid = first.items.find((o) => o.status === "paid")!;
      expect(paid).toMatchObject({ emailState: "pending", downloads: 0 });
    });

    it("Panoramica: sums the revenue kept from paid orders only, and counts the refunds of each period", async () => {
      await order("a@x.co", { paid: true });
      await order("b@x.co", { paid: true, amountCents: 3525 });
      await order("c@x.co");
      const refunded = await order("d@x.co", { paid: true });
      await refundOrder(services, refunded.id);
      const { periods } = await loadOverview(db(), 7);
      for (const period of ["today", "7", "30", "90"] as const) {
        expect(periods[period]).toEqual({ keptCents: 8225, sales: 2, refunds: 1, refundedCents: 4700 });
      }
    });

    /** The links of the order's e-mails still waiting to go out (a sent or cancelled one keeps none). */
    const mailedTokens = async (orderId: string) =>
      (await db().select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)))
        .filter((mail) => (mail.payload as { link: string | null }).link)
        .map((mail) => new URL(String((mail.payload as { link: string }).link)).searchParams.get("t")!);
    /** A mailer that keeps the link of every e-mail it sends. */
    const linkCatcher = (links: string[]) => ({
      kind: "smtp" as const,
      send: async (message: { text: string }) => {
        links.push(message.text.match(/[?&]t=([\w-]+)/)![1]!);
        return "250 OK";
      },
      close() {},
    });

    it("resends the delivery e-mail with a new link that joins the old one, and refuses unpaid orders", async () => {
      const paid = await order("a@x.co", { paid: true });
      const tokens: string[] = [];
      await processOutbox(db(), linkCatcher(tokens));
      expect(await resendDeliveryEmail(services, paid.id)).toBe(true);
      await processOutbox(db(), linkCatcher(tokens));
      expect(tokens).toHaveLength(2);
      expect(tokens[0]).not.toBe(tokens[1]);
      for (const token of tokens) expect((await findPaidOrder(services, { token }))?.id).toBe(paid.id);
      expect(await resendDeliveryEmail(services, (await order("b@x.co")).id)).toBe(false);
    });

    it("'Reinvia e-mail' while SMTP is down cancels the unsent e-mail: only the newest goes out, with a working link", async () => {
      const paid = await order("late@x.co", { paid: true });
      const down = {
        kind: "smtp" as const,
        send: async () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:25")),
        close() {},
      };
      await processOutbox(db(), down);
      expect(await resendDeliveryEmail(services, paid.id)).toBe(true);
      const newest = (await mailedTokens(paid.id)).at(-1)!;
      // SMTP is back and everything is due: only the resent e-mail is sent.
      await db()
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(0) });
      const sent: string[] = [];
      while ((await processOutbox(db(), linkCatcher(sent))) > 0) {}
      expect(sent).toEqual([newest]);
      expect((await findPaidOrder(services, { token: newest }))?.id).toBe(paid.id);
      const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.orderId, paid.id));
      expect(rows.map((r) => [r.sentAt !== null, r.cancelledAt !== null])).toEqual([
        [false, true],
        [true, false],
      ]);
      // The cancelled e-mail is neither "failing" in the admin nor listed among failed e-mails.
      expect(await failedEmails(db())).toEqual([]);
      expect((await listOrders(db())).items[0]).toMatchObject({ emailState: "sent" });
    });

    it("makes a fresh download link for paid orders only", async () => {
      const paid = await order("a@x.co", { paid: true });
      expect(await freshDownloadLink(services, paid.id)).toMatch(
        /^http:\/\/shop\.test\/download\/[\w-]+\.[\w-]+$/,
      );
      expect(await freshDownloadLink(services, (await order("b@x.co")).id)).toBeNull();
    });

    it("refunds through the provider and revokes the e-mail link", async () => {
      const paid = await order("a@x.co", { paid: true });
      expect(await refundOrder(services, paid.id)).toMatchObject({ status: "succeeded" });
      const [row] = await db().select().from(orders).where(eq(orders.id, paid.id));
      expect(row?.status).toBe("refunded");
      const [token] = await mailedTokens(paid.id);
      expect(await findPaidOrder(services, { token })).toBeNull();
      expect(await refundOrder(services, paid.id)).toBeNull();
      expect(await freshDownloadLink(services, paid.id)).toBeNull();
    });

    it("shows e-mails that failed with their error", async () => {
      const paid = await order("a@x.co", { paid: true });
      const failing = {
        kind: "smtp" as const,
        send: async () => Promise.reject(new Error("550 mailbox unavailable")),
        close() {},
      };
      await processOutbox(db(), failing);
      const failed = await failedEmails(db());
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({
        to: "a@x.co",
        attempts: 1,
        lastError: "550 mailbox unavailable",
        orderNumber: paid.number,
      });
      expect((await listOrders(db())).items[0]).toMatchObject({
        emailState: "failing",
        lastEmailError: "550 mailbox unavailable",
      });
    });

    it("exports every order as CSV with formulas neutralised, its reference and no session id", async () => {
      const evil = await order('=HYPERLINK("http://evil")@x.co', { paid: true });
      await order("plain@x.co");
      await order("promo@x.co", { paid: true, amountCents: 3525, discountApplied: true });
      const csv = await ordersCsvText(db());
      const lines = csv.trimEnd().split("\r\n");
      expect(lines[0]).toBe(
        '"Numero","Creato il (UTC)","E-mail","Importo (USD)","Di cui IVA (USD)","Paese","Sconto","Stato","Pagato il (UTC)","Rimborsato il (UTC)","Fornitore","Riferimento"',
      );
      // A session id opens the buyer's success page: it stays out of a file that travels.
      expect(csv).not.toContain(evil.providerSessionId!);
      expect(csv).not.toContain("test_cs_");
      expect(lines[1]).toMatch(new RegExp(`^"${evil.number}",.*,"test","${evil.reference}"$`));
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")@x.co","47.00","","","no","paid"`);
      expect(lines[2]).toContain('"plain@x.co","47.00","","","no","pending"');
      // The discount column speaks the admin's Italian, as its header does.
      expect(lines[3]).toContain('"promo@x.co","35.25","","","sì","paid"');
    });
  });
}
