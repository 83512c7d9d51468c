/**
 * The seller the store names on every public page, in every e-mail and on each buyer's licence
 * (ADR 041): the business name, its address and its VAT number (partita IVA), and the REA entry
 * and PEC address when set. A live store cannot start without the first three (env.server.ts);
 * a test-mode store shows what is missing as clearly marked placeholders.
 */
import type { Env } from "#app/lib/env.server.ts";

export interface Seller {
  name: string;
  address: string;
  vatId: string;
  rea?: string;
  pec?: string;
}

/** What a test-mode store without the settings shows in their place. */
export const UNNAMED_SELLER = {
  name: "Seller name not set (test mode)",
  address: "address not set (test mode)",
  vatId: "not set (test mode)",
} as const;

type SellerSettings = Pick<
  Env,
  "SELLER_NAME" | "SELLER_ADDRESS" | "SELLER_VAT_ID" | "SELLER_REA" | "SELLER_PEC"
>;

export function sellerOf(env: SellerSettings): Seller {
  return {
    name: env.SELLER_NAME ?? UNNAMED_SELLER.name,
    address: env.SELLER_ADDRESS ?? UNNAMED_SELLER.address,
    vatId: env.SELLER_VAT_ID ?? UNNAMED_SELLER.vatId,
    ...(env.SELLER_REA && { rea: env.SELLER_REA }),
    ...(env.SELLER_PEC && { pec: env.SELLER_PEC }),
  };
}

/** The seller in one line, as the footer, the legal pages, the e-mails and the licence print it. */
export function sellerLine(seller: Seller): string {
  return [
    `${seller.name}, ${seller.address}`,
    `VAT ID ${seller.vatId}`,
    ...(seller.rea ? [`REA ${seller.rea}`] : []),
    ...(seller.pec ? [`PEC ${seller.pec}`] : []),
  ].join(" · ");
}
