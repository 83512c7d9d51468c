/**
 * The success page's guarantee section and its answers (English, storefront). The promise is the
 * landing page's, as the specification has it: a full refund within 30 days, and the buyer keeps
 * what they downloaded (ADR 021).
 */
export const GUARANTEE_COPY = {
  /** The longest reason the form takes and the server keeps. */
  reasonMax: 1000,
  title: "30-Day Money-Back Guarantee",
  open: (until: string) =>
    `Not happy with the toolkit? Ask for a full refund here until ${until}, and keep what you downloaded.`,
  reasonLabel: "What didn't work for you? (optional)",
  reasonHint: (max: number) => `Up to ${max} characters. It helps us improve the toolkit.`,
  request: "Request a refund",
  confirmTitle: "Refund this order?",
  confirmText: (amount: string) =>
    `${amount} goes back to the card or account you paid with. Your download link stops working; the files you downloaded are yours to keep.`,
  confirmReason: "Your reason",
  confirm: "Yes, refund my order",
  cancel: "Keep my order",
  requested: (at: string) =>
    `We received your refund request on ${at}. We'll confirm by e-mail once it's done; the files you downloaded are yours to keep.`,
  declined: (at: string, support: string) =>
    `We answered your refund request by e-mail on ${at}. Questions? Write to ${support}.`,
  expired: (until: string, support: string) =>
    `The 30-day guarantee for this order ended on ${until}. If something went wrong, write to ${support} and we'll look at it together.`,
  backToOrder: "Back to your order",
  backHome: "Back to Home",
  /** The answer to a confirmed request, by outcome. */
  answers: {
    refunded: {
      title: "Your refund is on its way",
      message:
        "We've refunded your order to the card or account you paid with; depending on your bank it shows within 5 to 10 business days. A confirmation e-mail is on its way. Your download link no longer works, and the files you downloaded are yours to keep.",
    },
    requested: {
      title: "Refund requested",
      message:
        "Thank you, we've received your request. We'll confirm by e-mail once the refund is made; the files you downloaded are yours to keep.",
    },
    "already-requested": {
      title: "Request already received",
      message:
        "We already have a refund request for this order, so there's nothing more to do. We'll confirm by e-mail once it's done.",
    },
    "already-refunded": {
      title: "Already refunded",
      message: "This order has already been refunded. Questions? Write to {support}.",
    },
    declined: {
      title: "Request already answered",
      message:
        "We've already answered the refund request for this order by e-mail. Questions? Write to {support}.",
    },
    disputed: {
      title: "Payment disputed with your bank",
      message:
        "This payment is disputed with your bank, so the money comes back through the bank's dispute process, not a refund from us. Questions? Write to {support}.",
    },
    expired: {
      title: "The 30-day guarantee has ended",
      message:
        "The 30-day guarantee for this order has ended. If something went wrong, write to {support} and we'll look at it together.",
    },
    "invalid-link": {
      title: "This link is not valid",
      message: "Open this page from the link in your order e-mail; you can ask for a new link there.",
    },
    "rate-limited": {
      title: "Too many requests",
      message: "Too many requests. Please wait a few minutes and try again.",
    },
    "reason-too-long": {
      title: "Reason too long",
      message: "Please keep the reason under 1000 characters.",
    },
  },
} as const;
