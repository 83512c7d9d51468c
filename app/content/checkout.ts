/** The checkout, test-payment and success pages' copy, word for word from the specification where it gives it. */
export const CHECKOUT_COPY = {
  back: "Back to home",
  title: "Complete Your Purchase",
  emailLabel: "Email address",
  emailHint: "Your download link and receipt go to this address.",
  emailPlaceholder: "you@example.com",
  buy: (price: string) => `Complete Purchase - ${price}`,
  processing: "Processing...",
  secure: "Secure payment by card. You will be redirected to our payment provider.",
  standardPrice: "Standard price",
  listPrice: "Regular price",
  /** "Save 63%" (the specification's list price) or the running reduction's "Save 25%". */
  save: (percent: number) => `Save ${percent}%`,
  saved: (amount: string) => `You save ${amount}`,
  emailRequired: { title: "Email Required", message: "Please enter your email address to continue." },
  /** The consent to immediate delivery that EU consumer law asks for (ADR 016); the links follow it. */
  consent:
    "I want immediate access to the download and understand that I lose my 14-day right of withdrawal once the download starts. I agree to the",
  consentTerms: "Terms",
  consentAnd: "and have read the",
  consentPrivacy: "Privacy Policy",
  showPurchase:
    "Show my first name, last initial and city on this site as a recent purchase (optional; otherwise your purchase is not shown).",
  consentRequired: {
    title: "Consent Required",
    message: "Please tick the box to confirm you want immediate access to the download.",
  },
  emailInvalid: {
    title: "Invalid Email",
    message: "Please enter a valid email address, like name@example.com.",
  },
  paymentError: {
    title: "Payment Error",
    message: "There was an error processing your payment. Please try again.",
  },
  noCheckoutUrl: "No checkout URL received",
  providerUnreachable: "We could not reach the payment provider. Please try again.",
  unavailable: {
    title: "The toolkit is temporarily unavailable",
    message:
      "We're updating the download right now, so we can't take orders for a few minutes. Please come back shortly. No payment has been taken.",
  },
  /** The specification's dialog, with the running offer's figures ($35.25 instead of $47.00 for 25%). */
  discountModal: {
    title: (percent: number) => `Wait! Unlock ${percent}% Off`,
    /** The specification's 5-minute offer (test mode only). */
    body: (price: string, regular: string) =>
      `Get the complete toolkit for ${price} instead of ${regular}. The offer is reserved for you for 5 minutes.`,
    unlock: (percent: number) => `Unlock ${percent}% Discount Now`,
    decline: "Continue without discount",
  },
  /** A live store's public promotion, the price above already its own: what it is and until when. */
  promotionNotice: (percent: number, end: string) => `${percent}% off for everyone until ${end}`,
  discountBanner: (percent: number, time: string) =>
    `${percent}% discount unlocked! Offer expires in ${time}`,
  discountExpired: (percent: number) => `Your ${percent}% discount has expired. The standard price applies.`,
  codeLabel: "Discount code",
  codeInvalid: {
    title: "Invalid Discount Code",
    message: "This discount code does not exist or has ended. Check it, or leave the field empty.",
  },
  codeTooMany: {
    title: "Too Many Attempts",
    message: "Too many discount codes were tried from your network. Please try again in an hour.",
  },
  videoTitle: "See the toolkit in action",
  videoCaption: "A 20-second tour of the templates inside the toolkit.",
  featuresTitle: "Everything included",
  features: [
    "2500+ customizable Canva templates",
    "485+ social media templates",
    "150+ client worksheets and 4 client workbooks",
    "32+ client forms and onboarding documents",
    "Logos, business cards, email signatures and course slides",
    "Bonus: 51-page services and pricing guide",
    "Bonus: 11-page client onboarding questionnaire",
    "Commercial license, lifetime access and free updates",
  ],
  badges: ["Instant Download", "30-Day Money Back", "Commercial License"],
  nextTitle: "What happens next",
  nextSteps: [
    { title: "Pay securely", text: "Enter your card on our payment provider's secure page." },
    {
      title: "Download instantly",
      text: "You land on your download page the moment the payment goes through.",
    },
    { title: "Check your email", text: "We e-mail your receipt and a permanent link to your download page." },
  ],
} as const;

export const TEST_PAYMENT_COPY = {
  banner: "Test mode — no card is charged",
  title: "Test payment",
  intro: "This store runs without a payment provider. Choose how this test payment should end.",
  pay: (price: string) => `Pay ${price}`,
  decline: "Simulate a declined card",
  cancel: "Cancel and return to checkout",
  declined: "Your card was declined. No money was taken. Try again or use another card.",
  orderLabel: (reference: string) => `Order ${reference}`,
  notPayable: "This payment is no longer open.",
  testVat: (tax: string, percent: number, country: string) =>
    `Includes ${tax} VAT at a fixed TEST rate (${percent}%, ${country}), not a real tax calculation.`,
} as const;

export const SUCCESS_COPY = {
  title: "Payment Successful!",
  intro: "Thank you for your purchase. Your Life Coaching Branding Toolkit is ready.",
  emailTitle: "Check Your Email",
  emailText: (email: string) =>
    `We've sent your receipt and a permanent link to this page to ${email}. Check your spam folder if it hasn't arrived in a few minutes.`,
  downloadTitle: "Download Your Toolkit",
  downloadText: "Your complete toolkit in one ZIP file.",
  fileLabel: "ZIP",
  downloadNow: "Download Now",
  downloading: "Preparing download...",
  // The specification gives these three toasts and "Copiato!" in Italian; buyers read English,
  // as on every other storefront page, so they are its meaning in English.
  downloadStarted: { title: "Download started", message: "Your toolkit download has started." },
  downloadUnavailable: {
    title: "Download unavailable",
    message: "No product is available right now. Please contact support.",
  },
  downloadError: {
    title: "Download error",
    message: "Something went wrong. Please try again or contact support.",
  },
  summaryTitle: "Order Summary",
  summary: {
    order: "Order number",
    date: "Date",
    email: "Email",
    product: "Product",
    paid: "Total paid",
    /** The order's reduction against the regular price, in percent (the specification's promotion: 25). */
    discount: (percent: number) => `${percent}% discount applied`,
  },
  taxIncluded: (tax: string) => `Includes ${tax} VAT.`,
  receipt: "Download your receipt",
  nextTitle: "Next Steps",
  nextSteps: [
    "Download the ZIP and unzip it on your computer.",
    "Open the included links to copy each template into your own Canva account.",
    "Start with the brand kit: add your colors, fonts and logo.",
    "Customize your first Instagram posts and client forms, then share them.",
  ],
  supportTitle: "Need help?",
  supportText: "Our team answers within one business day.",
  contactSupport: "Contact Support",
  copyAddress: "Copy address",
  copied: "Copied!",
  supportSubject: (reference: string) => `Help with my order ${reference}`,
  supportBody: (reference: string, email: string) => `Order ${reference}\nEmail: ${email}\n\n`,
  writeReview: "Write a Review",
  reviewElsewhere: (site: string) => `or review us on ${site}`,
  backHome: "Back to Home",
  lostTitle: "Looking for your download?",
  lostText:
    "Downloads are for buyers only. Lost your link? Enter the e-mail address you used at checkout and we'll send you a fresh one.",
  lostEmailLabel: "Your purchase e-mail",
  lostSubmit: "Send my download link",
  lostSending: "Sending...",
  lostSent:
    "If that address bought the toolkit, a fresh download link is on its way. Check your inbox (and spam folder) in a few minutes.",
  lostRateLimited: "Too many requests. Please wait a few minutes and try again.",
  unknownRequest: "Unknown request.",
  sessionExpired:
    "This page's address from the payment has expired: your download now lives behind the link in the e-mail we sent you after your purchase.",
  processing: {
    title: "Payment processing",
    intro: "Thank you for your purchase. Your payment is being processed.",
    text: (email: string) =>
      `Some payment methods, like bank debits and vouchers, take a few days to confirm. As soon as your payment is confirmed we'll e-mail your download link to ${email}. There is nothing else you need to do.`,
    reference: "Order number",
  },
  confirming: {
    title: "Confirming your payment",
    text: "We're confirming your payment with our payment provider. Please reload this page in a moment; your download link will also follow by e-mail.",
    reload: "Reload this page",
  },
} as const;

/** What `/download/{token}` answers, as plain text, when it serves no file. */
export const DOWNLOAD_REFUSALS = {
  "invalid-link":
    "This download link is invalid or has expired. Open your download page again to get a new one.",
  "not-paid": "This order has no active download.",
  unavailable: "The toolkit is temporarily unavailable. Please contact support.",
} as const;

/** What the checkout answers when one address or one e-mail starts too many orders (ADR 014). */
export const CHECKOUT_LIMIT_COPY = {
  title: "Too Many Attempts",
  message:
    "You've started several checkouts in a short time. Please wait a few minutes and try again. No payment has been taken.",
} as const;
