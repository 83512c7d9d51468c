/**
 * The one-page license PDF each buyer's copy of the pack carries: the product, the seller, the
 * buyer's address, the order reference and date, what the license grants (site.ts) and the
 * support address. The same order always gives the same bytes: pdf-lib's dates and producer are
 * set here (to the payment's time and a fixed name), and it writes no random document ID, so a
 * download can be resumed and its Content-Length and ETag hold.
 */
import pLimit from "p-limit";
import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { LICENSE, PRODUCT } from "#app/content/site.ts";
import type { Env } from "#app/lib/env.server.ts";
import { printable, wrap } from "#app/lib/pdf-text.server.ts";
import { sellerLine, sellerOf } from "#app/lib/seller.server.ts";

/** Who grants the license and answers about it: the same on every buyer's license. */
export interface LicenceIssuer {
  /** The seller's line (seller.server.ts). */
  seller: string;
  supportEmail: string;
}

/** The issuer the store's settings name. */
export const licenceIssuer = (env: Env): LicenceIssuer => ({
  seller: sellerLine(sellerOf(env)),
  supportEmail: env.SUPPORT_EMAIL,
});

export interface LicenceDetails extends LicenceIssuer {
  reference: string;
  email: string;
  paidAt: Date;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };

/**
 * Licences made at once. Making one is the main thread's work (0.7 ms warm, a few ms cold), so
 * more at once finish no sooner and only hold more half-made documents in memory: 200 buyers
 * starting their downloads together held 39 MB more than one at a time; two at a time hold what
 * one does.
 */
const making = pLimit(2);

/** The licence for one order, as PDF bytes; waits its turn behind the licences being made. */
export function licencePdf(details: LicenceDetails): Promise<Buffer> {
  return making(() => makeLicencePdf(details));
}

async function makeLicencePdf(details: LicenceDetails): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`${LICENSE.title} - ${details.reference}`);
  pdf.setProducer(PRODUCT.brand);
  pdf.setCreator(PRODUCT.brand);
  pdf.setCreationDate(details.paidAt);
  pdf.setModificationDate(details.paidAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin;
  const draw = (text: string, font: PDFFont, size: number, after = 6) => {
    for (const line of wrap(printable(text), font, size, width)) {
      y -= size * 1.3;
      page.drawText(line, { x: PAGE.margin, y, size, font });
    }
    y -= after;
  };

  draw(LICENSE.title, bold, 22, 14);
  draw(PRODUCT.name, bold, 14, 18);
  draw(`Licensed by: ${details.seller}`, regular, 11, 2);
  draw(`Licensed to: ${details.email}`, regular, 11, 2);
  draw(`Order reference: ${details.reference}`, regular, 11, 2);
  draw(`Date: ${details.paidAt.toISOString().slice(0, 10)}`, regular, 11, 18);
  draw(LICENSE.heading, bold, 13, 4);
  for (const grant of LICENSE.grants) draw(grant, regular, 11, 8);
  y -= 10;
  draw(`Questions: ${details.supportEmail}`, regular, 11);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
