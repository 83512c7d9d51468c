/**
 * The storefront copy of the download confirmation (ADR 020): once an order's download link looked
 * shared, the buyer confirms their address from their inbox before a download. Beyond the spec.
 */
export const DOWNLOAD_CONFIRMATION_COPY = {
  documentTitle: "Confirm your download",
  sent: {
    title: "Check your inbox",
    text: "To keep your purchase yours, we've sent a confirmation link to the e-mail address you used for this order. Open it to continue your download.",
    validity: (hours: number) => `The link works once, for ${hours} hours.`,
  },
  confirm: {
    title: "Confirm your download",
    text: "Thanks for confirming your e-mail address. Press the button and your download starts.",
    button: "Confirm and download",
  },
  refused: {
    invalid: {
      title: "This link is not valid",
      text: "This confirmation link is not one we sent, or it was copied incompletely.",
    },
    used: {
      title: "This link was already used",
      text: "Each confirmation link works once.",
    },
    expired: {
      title: "This link has expired",
      text: "Confirmation links work for a limited time.",
    },
    "not-paid": {
      title: "No active download",
      text: "This order has no active download.",
    },
  },
  again: "To get a new link, open your download page from your purchase e-mail and press Download Now again.",
  help: "Didn't get an e-mail? Check your spam folder, or write to",
  helpAfter: "and quote your order reference.",
} as const;
