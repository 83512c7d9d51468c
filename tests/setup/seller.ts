/** The seller a test store names: what a live store (Stripe keys, even the fake's) must be given to start. */
export const TEST_SELLER = {
  SELLER_NAME: "Coaching Shop Srl",
  SELLER_ADDRESS: "Via Roma 1, 20121 Milano, Italy",
  SELLER_VAT_ID: "IT12345678903",
} as const;

/** TEST_SELLER's line, as the store prints it. */
export const TEST_SELLER_LINE = "Coaching Shop Srl, Via Roma 1, 20121 Milano, Italy · VAT ID IT12345678903";
