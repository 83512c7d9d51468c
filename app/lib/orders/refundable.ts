/**
 * Whether the owner may refund what is left of an order: a paid one, or one whose refunds already
 * took its access (more than the owner's share, REFUND_REVOKES_SETTING) but not its whole price.
 * A chargeback's order cannot: the bank decides.
 */
export const refundable = (order: { status: string; amountCents: number; refundedCents: number }) =>
  order.status === "paid" || (order.status === "refunded" && order.refundedCents < order.amountCents);
