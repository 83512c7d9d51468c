import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { courtesyCopyPath } from "#app/lib/books/courtesy-copy-link.server.ts";
import { signToken } from "#app/lib/signed-token.server.ts";
import { invoices, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { fillBooks, openStore, storeEnv } from "../setup/ops-store.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { startServer } from "../setup/server.ts";

/**
 * `/invoice/{token}`: the courtesy copy of an invoice or credit note for whoever holds its signed
 * link, and a 404 in a plain sentence for any other token.
 */
for (const backend of testBackends()) {
  describe(`the courtesy copy's link on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("answers the PDF for a signed link, and 404 for a forged, truncated, huge, expired, unknown or other-purpose token", async () => {
      const env = await storeEnv(backend);
      const secrets = [env.TOKEN_SECRET!];
      const store = await openStore(env);
      await seedProduct(store);
      const [order] = await store.database.db
        .insert(orders)
        .values({
          email: "buyer@example.com",
          amountCents: 4700,
          provider: "test",
          livemode: true,
          providerSessionId: "test_cs_invoice_pdf",
          status: "paid",
          paidAt: new Date(),
        })
        .returning();
      await fillBooks(store, order!.id);
      const documents = await store.database.db.select().from(invoices);
      await store.close();
      const invoice = documents.find((d) => d.kind === "invoice")!;
      const note = documents.find((d) => d.kind === "credit-note")!;

      const server = await startServer({ ...env, LOG_LEVEL: "info" });
      try {
        const path = courtesyCopyPath(secrets, invoice.id);
        const response = await fetch(`${server.url}${path}`);
        expect(response.status).toBe(200);
        expect(Object.fromEntries(response.headers)).toMatchObject({
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="fattura-FT-${invoice.year}-1.pdf"`,
          "cache-control": "private, no-store",
          "x-robots-tag": "noindex",
        });
        const pdf = Buffer.from(await response.arrayBuffer());
        expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
        expect(Number(response.headers.get("content-length"))).toBe(pdf.length);

        const head = await fetch(`${server.url}${path}`, { method: "HEAD" });
        expect(head.status).toBe(200);
        expect(head.headers.get("content-type")).toBe("application/pdf");
        expect((await head.arrayBuffer()).byteLength).toBe(0);

        const credit = await fetch(`${server.url}${courtesyCopyPath(secrets, note.id)}`);
        expect(credit.headers.get("content-disposition")).toBe(
          `attachment; filename="nota-di-credito-FT-${note.year}-2.pdf"`,
        );

        // Ten at once get the same bytes.
        const many = await Promise.all(
          Array.from({ length: 10 }, () => fetch(`${server.url}${path}`).then((r) => r.arrayBuffer())),
        );
        for (const body of many) expect(Buffer.from(body).equals(pdf)).toBe(true);

        const token = path.slice("/invoice/".length);
        const forged = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
        const refused = {
          forged,
          truncated: token.slice(0, 20),
          huge: "A".repeat(10_000),
          html: encodeURIComponent("<script>alert(1)</script>"),
          expired: courtesyCopyPath(secrets, invoice.id, Date.now() - 11 * 366 * 86_400_000).slice(9),
          unknown: courtesyCopyPath(secrets, randomUUID()).slice(9),
          "not an id": signToken(secrets, "invoice", { id: "1 or 1=1" }, Date.now() + 60_000),
          "another purpose": signToken(secrets, "review", { id: invoice.id }, Date.now() + 60_000),
          "another secret": courtesyCopyPath(["x".repeat(40)], invoice.id).slice(9),
        };
        for (const [what, bad] of Object.entries(refused)) {
          const answer = await fetch(`${server.url}/invoice/${bad}`);
          expect(answer.status, what).toBe(404);
          expect(answer.headers.get("content-type"), what).toBe("text/plain; charset=utf-8");
          expect(answer.headers.get("cache-control"), what).toBe("private, no-store");
          expect(await answer.text(), what).toBe(
            "This invoice link is invalid. Use the link in your invoice e-mail, or write to support@localhost.",
          );
        }
        expect((await fetch(`${server.url}/invoice/${forged}`, { method: "HEAD" })).status).toBe(404);
        expect((await fetch(`${server.url}${path}`, { method: "POST" })).status).toBe(405);
        // The link grants the PDF: the log names the route, never the token.
        expect(server.output()).toContain('"url":"/invoice/{token}"');
        expect(server.output()).not.toContain(token);
      } finally {
        await server.stop();
      }
    });
  });
}
