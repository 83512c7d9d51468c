/**
 * `/invoice/{token}`: the courtesy copy (PDF) of one invoice or credit note, for whoever holds the
 * signed link the buyer's e-mail and success page give (courtesy-copy-link.server.ts). A forged,
 * expired or unknown token is a 404 in a plain sentence, as the download route answers a bad link;
 * nothing is cached or indexed.
 */
import { eq } from "drizzle-orm";
import { courtesyCopyPdf } from "#app/lib/books/courtesy-copy.server.ts";
import { invoiceIdOfToken } from "#app/lib/books/courtesy-copy-link.server.ts";
import { courtesyCopyFileName } from "#app/lib/books/issue-invoices.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import { invoices } from "#db/schema.ts";
import type { Route } from "./+types/invoice-pdf";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** The answer to a token that names no document. */
function invalidLink(supportEmail: string): Response {
  logger.warn("invoice link refused");
  return new Response(
    `This invoice link is invalid. Use the link in your invoice e-mail, or write to ${supportEmail}.`,
    { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE } },
  );
}

export const loader = needsDatabase(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const id = invoiceIdOfToken(services.settings.tokenSecrets, params.token);
  if (!id || !UUID.test(id)) return invalidLink(services.env.SUPPORT_EMAIL);
  const [invoice] = await services.database.db
    .select({
      kind: invoices.kind,
      series: invoices.series,
      year: invoices.year,
      number: invoices.number,
      xml: invoices.xml,
    })
    .from(invoices)
    .where(eq(invoices.id, id));
  if (!invoice) return invalidLink(services.env.SUPPORT_EMAIL);
  const pdf = await courtesyCopyPdf(invoice.xml);
  return new Response(request.method === "HEAD" ? null : new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="${courtesyCopyFileName(invoice)}"`,
      ...PRIVATE,
    },
  });
});
