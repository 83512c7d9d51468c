/**
 * The store's terms and privacy notice (/terms, /privacy), written for what this store sells and
 * keeps. Kept consistent with the guarantee and license promised in site.ts and landing.ts, the
 * 14-day withdrawal consent asked at checkout (ADR 016), and the retention periods in the README.
 * Another seller re-skins them here.
 */
import { LICENSE, PRODUCT, PROMO_PRICE_CENTS } from "#app/content/site.ts";
import { WITHDRAW_PATH, WITHDRAWAL_COPY, WITHDRAWAL_DAYS } from "#app/content/withdrawal.ts";
import { formatCents } from "#app/lib/money.ts";

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

/** The store's settings the pages state. */
export interface LegalSettings {
  supportEmail: string;
  /** How long download IP addresses are kept (RETENTION_DAYS, as the page shows it). */
  retentionDays: string;
  /** The seller's name, address and VAT number in one line (ADR 041). */
  seller: string;
}

export interface LegalDocument {
  path: "/terms" | "/privacy";
  title: string;
  description: string;
  /** When the text last changed (ISO date). */
  updated: string;
  sections: (settings: LegalSettings) => LegalSection[];
}

const price = formatCents(PRODUCT.priceCents);
const promo = formatCents(PROMO_PRICE_CENTS);
const days = PRODUCT.guaranteeDays;

export const TERMS: LegalDocument = {
  path: "/terms",
  title: "Terms of Sale",
  description: `The terms for buying the ${PRODUCT.name}: what you get, the licence, delivery, withdrawal, the ${days}-day money-back guarantee and refunds.`,
  updated: "2026-12-02",
  sections: ({ supportEmail: support, seller }) => [
    {
      title: "What you buy",
      paragraphs: [
        `The ${PRODUCT.name} is a one-time digital download: a ZIP archive of Canva templates for coaches (social media templates, client worksheets and workbooks, forms and brand assets) with links to copy each template into your own Canva account, and PDF and editable versions of the client forms. Nothing physical is shipped.`,
        `The price is ${price} (US dollars), or ${promo} with the 25% discount offered at checkout while its countdown runs. Where VAT or sales tax applies it is included in the price shown; your receipt shows it. Payment is taken by card through Stripe, our payment provider.`,
      ],
    },
    {
      title: "Delivery",
      paragraphs: [
        "Right after payment you are taken to your download page, and we e-mail you a link to it. The link is yours for life: you can download the toolkit again at any time, including future updates of the toolkit at no extra cost.",
        `If the e-mail does not arrive, use "Lost your link?" on the download page or write to ${support}.`,
      ],
    },
    {
      title: "Your right of withdrawal and immediate access",
      paragraphs: [
        "If you are a consumer in the European Union you normally have 14 days to withdraw from an online purchase. For digital content supplied immediately, that right ends once the download starts, but only with your express consent.",
        "At checkout you ask us to give you immediate access to the download and acknowledge that you lose the right of withdrawal once the download starts. We record when you gave that consent and confirm it in the delivery e-mail.",
        `To withdraw, use the link "${WITHDRAWAL_COPY.link}" at the foot of every page of this store, on your download page and in your order e-mail; it opens ${WITHDRAW_PATH}. Give your order reference or the e-mail address you bought with, your name and your e-mail address, check the statement and press "${WITHDRAWAL_COPY.confirm}". No account is needed. We confirm receipt by e-mail, to the address used for the order, with the date and time of your withdrawal.`,
        `If the right still applies (within ${WITHDRAWAL_DAYS} days of payment, and the download has not started after your consent), we refund the full price at once to the card you paid with and your download link stops working. If it no longer applies, the e-mail says why and when you gave your consent.`,
        `This does not affect the ${days}-day money-back guarantee below, which is our own promise and applies to every buyer, wherever you live.`,
      ],
    },
    {
      title: `${days}-day money-back guarantee and refunds`,
      paragraphs: [
        `If the toolkit is not right for you, e-mail ${support} within ${days} days of your purchase, quoting your order number, and we refund the full price. You do not need to give a reason, and you may keep the materials you downloaded.`,
        "We refund to the card you paid with, through Stripe; the money usually reaches your account within 5 to 10 business days, depending on your bank. Once the refund is made your download link stops working.",
        "If you open a dispute or chargeback with your bank instead of writing to us, access to the download is suspended while the dispute is open.",
      ],
    },
    { title: LICENSE.title, paragraphs: [...LICENSE.grants] },
    {
      title: "Seller and contact",
      paragraphs: [
        `The toolkit is sold by ${seller}. For questions, refunds and any complaint write to ${support}; we answer within one business day.`,
      ],
    },
  ],
};

export const PRIVACY: LegalDocument = {
  path: "/privacy",
  title: "Privacy Policy",
  description: `What the ${PRODUCT.name} store keeps about you, why, for how long, and how to reach us.`,
  updated: "2026-11-27",
  sections: ({ supportEmail: support, retentionDays, seller }) => [
    {
      title: "Who is responsible for your data",
      paragraphs: [
        `The controller of your personal data is the seller, ${seller}. Write to ${support} about anything on this page.`,
      ],
    },
    {
      title: "What we keep and why",
      paragraphs: [
        "Your e-mail address and your order (number, date, price, discount, status, and when you consented to immediate delivery): to deliver the toolkit, send you your download link again when you ask, answer support requests and give refunds.",
        "Where tax applies, your country and the tax paid, and the receipt Stripe issues: the law requires us to keep them for our tax returns.",
        "If you ask for an invoice: the name, address, VAT number or codice fiscale and, for an Italian business, the SDI recipient code or PEC address you give, to issue the invoice and send it through the Italian e-invoicing system (Sistema di Interscambio); the law requires us to keep the invoice.",
        `Each download of the toolkit: its time, your IP address and the bytes sent. We keep your IP address for ${retentionDays} days as evidence that the toolkit was delivered (for example if a payment is disputed), then delete it.`,
        "The delivery e-mails we send you and whether your mail server accepted them, for the same reason.",
        "With your order, where you came to the checkout from (the referring website or campaign link, the blog article) and whether you used a phone or a computer: to know which pages lead to sales. Visits to the store are only counted per day, without cookies and without your IP address or browser details.",
      ],
    },
    {
      title: "Payments",
      paragraphs: [
        "You pay on Stripe's own payment page. Your card details go to Stripe and never reach us; Stripe keeps the payment data under its own privacy policy (stripe.com/privacy). We receive the payment's status, your billing country, the receipt and, if you give one on Stripe's page, your business's VAT number (offered again if you ask us for an invoice).",
      ],
    },
    {
      title: "How long we keep it",
      paragraphs: [
        `IP addresses of downloads: ${retentionDays} days. Orders, invoices and tax records: as long as tax law requires (10 years in Italy). Your e-mail address stays with your order so that your lifetime download link keeps working.`,
      ],
    },
    {
      title: "What we do not do",
      paragraphs: [
        "We do not sell or share your data with anyone other than the services that run the store (Stripe for payments, our e-mail and hosting providers), we do not send newsletters you did not ask for, and the store sets no tracking or advertising cookies.",
      ],
    },
    {
      title: "Your rights",
      paragraphs: [
        `You may ask for a copy of your data, its correction or its deletion (except what tax law obliges us to keep), and object to its use, by writing to ${support}. You may also complain to your data protection authority (in Italy, the Garante per la protezione dei dati personali).`,
      ],
    },
  ],
};

/** The shared labels of both pages. */
export const LEGAL_COPY = {
  updated: "Last updated",
  termsLink: "Terms",
  privacyLink: "Privacy",
  /** Before the seller's line in the footer. */
  soldBy: "Sold by",
} as const;
