/**
 * The withdrawal function's words (CRD art. 11a; Codice del Consumo art. 54-bis): the link's label
 * on every buyer-facing page, the two steps of `/withdraw` and the one answer every confirmed
 * statement gets, whether or not it matches an order.
 */
export const WITHDRAW_PATH = "/withdraw";

/** The 14 days of CRD art. 9, counted from the payment (the contract's conclusion). */
export const WITHDRAWAL_DAYS = 14;

export const WITHDRAWAL_COPY = {
  /** The label the law names, on every buyer-facing page, the success page and the delivery e-mail. */
  link: "Withdraw from contract here",
  title: "Withdraw from contract",
  description:
    "Withdraw from your purchase of the toolkit: give your order reference or the e-mail you bought with, your name and your e-mail, then confirm.",
  intro: `You can withdraw from your purchase within ${WITHDRAWAL_DAYS} days of paying, unless you asked for immediate access at checkout, acknowledged losing the right, and the download started. Fill in the statement below, check it, then confirm. No account or sign-in is needed.`,
  identifierLabel: "Order reference or the e-mail you bought with",
  identifierHint: "The reference is in your order e-mail, for example LCT-1A2B3C4D5E.",
  nameLabel: "Your name",
  emailLabel: "Your e-mail, for the confirmation",
  emailHint: "The confirmation goes to the e-mail address used for the order.",
  review: "Review withdrawal",
  reviewTitle: "Check your withdrawal statement",
  reviewIntro: "This is what will be sent to us when you confirm:",
  statement: (name: string, identifier: string) =>
    `I, ${name}, hereby withdraw from my contract for the purchase of the Life Coaching Branding Toolkit (${identifier}).`,
  identifierTerm: "Order",
  nameTerm: "Name",
  emailTerm: "Confirmation to",
  confirm: "Confirm withdrawal",
  change: "Change details",
  doneTitle: "Withdrawal statement received",
  /** The one answer to every confirmed statement: it says nothing about whether an order matched. */
  done: (at: string) =>
    `We received your withdrawal statement on ${at}. If it matches an order, a confirmation goes within a few minutes to the e-mail address used for that order, with the date and time of your withdrawal and what happens next (the refund, or why the right no longer applies).`,
  doneHelp: (support: string) =>
    `Nothing within an hour? Check the spam folder and the details you gave, or write to ${support}.`,
  home: "Back to home",
  required: {
    identifier: "Please enter your order reference or the e-mail you bought with.",
    name: "Please enter your name.",
    email: "Please enter your e-mail address.",
  },
  invalidEmail: "Please enter a valid e-mail address.",
  tooLong: "This is too long.",
} as const;

/** Limits of the form's fields (the longest reference or address fits; a name is rarely longer). */
export const WITHDRAWAL_LIMITS = { identifier: 254, name: 200 } as const;
